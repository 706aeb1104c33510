import { Decimal } from '@lib/finance';

/** What a rate history page says about its range. */
export interface SeriesStats {
  min: string;
  max: string;
  /** Last minus first. */
  change: string;
  /** Change in percent of the first value, 2 places, half up. */
  changePercent: string;
}

/**
 * Min, max and change of a series of rates, oldest first. `low` and `high` are the values min and
 * max are taken from (bid and ask for table C, the mid rate twice otherwise); change follows
 * `low`. Undefined for an empty series.
 */
export function seriesStats(points: readonly { low: string; high: string }[]): SeriesStats | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return undefined;
  let min = new Decimal(first.low);
  let max = new Decimal(first.high);
  for (const p of points) {
    const low = new Decimal(p.low);
    const high = new Decimal(p.high);
    if (low.lt(min)) min = low;
    if (high.gt(max)) max = high;
  }
  const start = new Decimal(first.low);
  const change = new Decimal(last.low).minus(start);
  return {
    min: min.toFixed(),
    max: max.toFixed(),
    change: change.toFixed(),
    changePercent: start.eq(0) ? '0.00' : change.times(100).div(start).toFixed(2),
  };
}

/** seriesStats of a mid-rate series; days without a rate ('') are left out. */
export function midSeriesStats(mids: readonly string[]): SeriesStats | undefined {
  return seriesStats(mids.filter((mid) => mid !== '').map((mid) => ({ low: mid, high: mid })));
}

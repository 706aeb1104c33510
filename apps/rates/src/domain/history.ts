import { Decimal } from '@lib/finance';
import { addDaysToIsoDate, isoDate, parseIsoDate, daysInMonth } from '@lib/pl-calendar';

/** The currency pages' predefined ranges (specification: 48 hours, 1 week, 1 month, 6 and 12 months, 5 years). */
export type HistoryRangeName = 'hours48' | 'week1' | 'month1' | 'months6' | 'months12' | 'years5';

function minusMonths(day: string, months: number): string {
  const d = parseIsoDate(day);
  const total = d.year * 12 + (d.month - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return isoDate({ year, month, day: Math.min(d.day, daysInMonth(year, month)) });
}

/**
 * The first day of a predefined range ending on `end` (inclusive). Tables are daily, so 48 hours
 * is the two days before `end` and `end` itself; months and years are calendar ones (a shorter
 * month clamps the day: 31 March minus one month is 28/29 February).
 */
export function rangeStart(range: HistoryRangeName, end: string): string {
  switch (range) {
    case 'hours48':
      return addDaysToIsoDate(end, -2);
    case 'week1':
      return addDaysToIsoDate(end, -7);
    case 'month1':
      return minusMonths(end, 1);
    case 'months6':
      return minusMonths(end, 6);
    case 'months12':
      return minusMonths(end, 12);
    case 'years5':
      return minusMonths(end, 60);
  }
}

export interface SeriesStats {
  min: string;
  max: string;
  /** Last minus first. */
  change: string;
  /** Change in percent of the first value, 2 places, half up. */
  changePercent: string;
}

/**
 * Min, max and change of a series, oldest first. `low` and `high` are the values min and max
 * are taken from (bid and ask for table C, the mid rate twice otherwise); change follows `low`.
 * Undefined for an empty series.
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

import { type ChartData } from './chart-geometry';
import { formatIsoDate, formatRateText, withUnit } from '../../shared/rates-format';

/** The text under a chart: each series' value on one date. */
export function readoutText(data: ChartData, index: number, unit: string): string {
  const values = data.series
    .map((series) => {
      const value = series.values[index] ?? '';
      return value === '' ? '' : `${series.label}: ${withUnit(formatRateText(value), unit)}`;
    })
    .filter(Boolean);
  return `${formatIsoDate(data.dates[index] ?? '')} – ${values.join(', ')}`;
}

/** What the rates pages (currency converter, bank rates) share: the chart, its ranges and the rate formats. */
export { type ChartData, type ChartSeries } from './chart-geometry';
export {
  DEFAULT_RANGE,
  HISTORY_RANGE_KEYS,
  type HistoryRangeKey,
  RANGE_LABELS,
  RANGE_QUERY,
  rangeFromQuery,
  rangeHref,
} from './history-ranges';
export { RateChart } from './rate-chart';
export { NbpNote, RangeNav, TableCMissing } from './rate-parts';

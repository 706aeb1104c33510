import { ratesV1 } from '@lib/contracts';
import { type HistoryRangeKey } from './history-ranges';

/** The service's range for an address's range key (server only: the enum lives in the contracts). */
export const HISTORY_RANGE_OF: Record<HistoryRangeKey, ratesV1.HistoryRange> = {
  '48-godzin': ratesV1.HistoryRange.HOURS_48,
  '1-tydzien': ratesV1.HistoryRange.WEEK_1,
  '1-miesiac': ratesV1.HistoryRange.MONTH_1,
  '6-miesiecy': ratesV1.HistoryRange.MONTHS_6,
  '12-miesiecy': ratesV1.HistoryRange.MONTHS_12,
  '5-lat': ratesV1.HistoryRange.YEARS_5,
};

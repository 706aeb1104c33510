import { expectedLatestDate, type IngestionKind } from './ingestion-schedule';

/** How current the stored data of a kind is, for /readyz details and the staleness metric. */
export interface DataLag {
  kind: IngestionKind;
  /** Newest stored effective date; undefined while nothing is stored. */
  latestDate?: string;
  /** The date the newest table should have by now (publication calendar, Europe/Warsaw). */
  expectedDate: string;
  /** Whole days the newest stored table is behind expectedDate (0 when current). */
  daysBehind: number;
  stale: boolean;
  lastSuccessAt?: string;
  lastFailureAt?: string;
  lastError?: string;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export function dataLag(
  kind: IngestionKind,
  latestDate: string | undefined,
  now: Date,
  attempts: { lastSuccessAt?: string; lastFailureAt?: string; lastError?: string } = {},
): DataLag {
  const expectedDate = expectedLatestDate(kind, now);
  const daysBehind =
    latestDate === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(0, dayNumber(expectedDate) - dayNumber(latestDate));
  return {
    kind,
    ...(latestDate ? { latestDate } : {}),
    expectedDate,
    daysBehind,
    stale: daysBehind > 0,
    ...attempts,
  };
}

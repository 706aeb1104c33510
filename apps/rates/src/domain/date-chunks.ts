import { addDaysToIsoDate, parseIsoDate } from '@lib/pl-calendar';

/** NBP Web API limits: a tables query spans at most 93 days, a single-currency series 367. */
export const NBP_TABLES_MAX_DAYS = 93;
export const NBP_SERIES_MAX_DAYS = 367;

export interface DateChunk {
  from: string;
  to: string;
}

/** A 'YYYY-MM-DD' that is a real day ('2025-02-31' and '2025-13-01' are not). */
export function isRealIsoDate(day: string): boolean {
  try {
    parseIsoDate(day);
    return true;
  } catch {
    return false;
  }
}

/** Whole days from `from` to `to`, both included ('2025-01-01' … '2025-01-01' is 1). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Splits an inclusive date range into consecutive chunks of at most `maxDays` days, oldest first,
 * so each NBP query stays within its limit. An empty list when `from` is after `to`.
 */
export function chunkDateRange(from: string, to: string, maxDays: number): DateChunk[] {
  if (!Number.isInteger(maxDays) || maxDays < 1)
    throw new RangeError(`maxDays must be a positive whole number: ${maxDays}`);
  const chunks: DateChunk[] = [];
  let start = from;
  while (start <= to) {
    const last = addDaysToIsoDate(start, maxDays - 1);
    const end = last < to ? last : to;
    chunks.push({ from: start, to: end });
    start = addDaysToIsoDate(end, 1);
  }
  return chunks;
}

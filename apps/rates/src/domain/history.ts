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

import { isFreeDay, lastWorkingDayBefore, parseIsoDate } from '@lib/pl-calendar';
import { formatIsoDate } from './rates-format';

/*
 * How rate figures are dated for visitors: every figure names the day of its table ("kurs z dnia
 * 08.04.2025"), and only a table of the last working day may be called current ("aktualny"). A
 * rate is only as good as its table's date; a visitor must never take an old one for today's.
 */

/** Where NBP publishes table C (buy and sell rates), linked wherever the site has none to show. */
export const NBP_TABLE_C_URL = 'https://api.nbp.pl/api/exchangerates/tables/c/?format=json';

/** 'kurs z dnia 08.04.2025'. */
export const rateDateText = (effectiveDate: string): string => `kurs z dnia ${formatIsoDate(effectiveDate)}`;

/** The last Polish working day on or before `today` ('YYYY-MM-DD', the Warsaw day). */
export function lastWorkingDay(today: string): string {
  return isFreeDay(parseIsoDate(today)) ? lastWorkingDayBefore(today) : today;
}

/**
 * Whether a table dated `effectiveDate` may be called current on `today`: it is of the last
 * working day (NBP and the banks publish on working days only) and it is not sample data.
 */
export function isCurrentTable(effectiveDate: string, today: string, sample = false): boolean {
  if (sample || !/^\d{4}-\d{2}-\d{2}$/.test(effectiveDate)) return false;
  return effectiveDate >= lastWorkingDay(today);
}

/**
 * Whether a table is older than it should be on `today` (Warsaw 'YYYY-MM-DD', from the render
 * clock): NBP publishes table A on every working day, so the table of the last working day before
 * today must exist by now (today's own appears around noon, so it is not yet expected).
 */
export function isTableStale(effectiveDate: string, today: string): boolean {
  return effectiveDate < lastWorkingDayBefore(today);
}

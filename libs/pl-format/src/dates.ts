import { POLISH } from './numbers';

/*
 * Dates as the site writes them, two forms and one per context: data the site quotes with their day
 * ("stan na 28.11.2026", "kurs z dnia 28.11.2026", publication dates, tables) take the numeric form;
 * running prose that tells the reader when something happens (e-mails, the application's status)
 * takes the long form, "28 listopada 2026". Never the ISO form 2026-11-28 in visible text.
 */

/** The BCP 47 tag and the time zone a date is written in. */
export interface DateLocale {
  code: string;
  timezone: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: DateLocale, options: Intl.DateTimeFormatOptions, isoDay: boolean) {
  // A calendar day ('YYYY-MM-DD') is the same day everywhere: read at noon UTC and written in UTC.
  const timeZone = isoDay ? 'UTC' : locale.timezone;
  const key = `${locale.code}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale.code, { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
}

/** A day string or an instant as a Date; null when it is not one. */
function dateOf(value: string | Date): { date: Date; isoDay: boolean } | null {
  const isoDay = typeof value === 'string' && ISO_DAY.test(value);
  const date =
    typeof value === 'string' ? new Date(isoDay ? `${value}T12:00:00Z` : value) : new Date(value.getTime());
  return Number.isNaN(date.getTime()) ? null : { date, isoDay };
}

/**
 * The numeric form, '28.11.2026', of a calendar day ('YYYY-MM-DD', no time-zone arithmetic) or of an
 * instant (its day in the locale's time zone). A string that is neither is returned as it is.
 */
export function formatDate(value: string | Date, locale: DateLocale = POLISH): string {
  const parsed = dateOf(value);
  if (!parsed) return typeof value === 'string' ? value : '';
  return dateFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }, parsed.isoDay).format(
    parsed.date,
  );
}

/** The long form, '28 listopada 2026' (month in the genitive), of a calendar day or an instant. */
export function formatDateLong(value: string | Date, locale: DateLocale = POLISH): string {
  const parsed = dateOf(value);
  if (!parsed) return typeof value === 'string' ? value : '';
  return dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }, parsed.isoDay).format(
    parsed.date,
  );
}

/** An instant as prose dates it, day and minute in the locale's time zone: '3 marca 2026 r., godz. 14:05'. */
export function formatDateTimeLong(instant: Date, locale: DateLocale = POLISH): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('not a valid date');
  const day = dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }, false).format(instant);
  const time = dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, false).format(
    instant,
  );
  return `${day} r., godz. ${time}`;
}

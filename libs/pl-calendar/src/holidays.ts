import { addDays, assertYear, type CalendarDate, isoDate, parseIsoDate, weekday } from './dates';
import { easterSunday } from './easter';

export interface PublicHoliday extends CalendarDate {
  /** ISO date, e.g. 2026-01-06. */
  date: string;
  /** Polish name as in the act. */
  name: string;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
}

/**
 * Statutory days off in Poland: Ustawa z dnia 18 stycznia 1951 r. o dniach wolnych od pracy, as
 * amended. Epiphany (6 January) is a day off again from 2011 (amendment of 24 September 2010) and
 * Christmas Eve (24 December) from 2025 (amendment of 6 December 2024). 3 May has been a holiday since 1990,
 * 11 November since 1989. Pentecost Sunday counts although it always falls on a Sunday.
 */
export function publicHolidays(year: number): PublicHoliday[] {
  assertYear(year);
  const easter = easterSunday(year);
  const fixed = (month: number, day: number, name: string): [CalendarDate, string] => [
    { year, month, day },
    name,
  ];
  const entries: [CalendarDate, string][] = [
    fixed(1, 1, 'Nowy Rok'),
    ...(year >= 2011 ? [fixed(1, 6, 'Święto Trzech Króli')] : []),
    [easter, 'Wielkanoc'],
    [addDays(easter, 1), 'Poniedziałek Wielkanocny'],
    fixed(5, 1, 'Święto Pracy'),
    fixed(5, 3, 'Święto Narodowe Trzeciego Maja'),
    [addDays(easter, 49), 'Zielone Świątki (Zesłanie Ducha Świętego)'],
    [addDays(easter, 60), 'Boże Ciało'],
    fixed(8, 15, 'Wniebowzięcie Najświętszej Maryi Panny'),
    fixed(11, 1, 'Wszystkich Świętych'),
    fixed(11, 11, 'Narodowe Święto Niepodległości'),
    ...(year >= 2025 ? [fixed(12, 24, 'Wigilia Bożego Narodzenia')] : []),
    fixed(12, 25, 'Boże Narodzenie (pierwszy dzień)'),
    fixed(12, 26, 'Boże Narodzenie (drugi dzień)'),
  ];
  return entries
    .map(([d, name]) => ({ ...d, date: isoDate(d), name, weekday: weekday(d) }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

const cache = new Map<number, Set<string>>();

/** True for a statutory day off; years outside 1990–2100 have none listed (callers stay in range). */
export function isPublicHoliday(d: CalendarDate): boolean {
  if (d.year < 1990 || d.year > 2100) return false;
  let dates = cache.get(d.year);
  if (!dates) {
    dates = new Set(publicHolidays(d.year).map((h) => h.date));
    cache.set(d.year, dates);
  }
  return dates.has(isoDate(d));
}

/** A day a full-time employee does not work: Saturday, Sunday or a public holiday. */
export function isFreeDay(d: CalendarDate): boolean {
  return weekday(d) >= 6 || isPublicHoliday(d);
}

/**
 * The last working day (Monday to Friday, not a public holiday) strictly before a 'YYYY-MM-DD'
 * day: the newest day a daily publication such as NBP's table A should already exist for.
 */
export function lastWorkingDayBefore(day: string): string {
  let d = addDays(parseIsoDate(day), -1);
  while (isFreeDay(d)) d = addDays(d, -1);
  return isoDate(d);
}

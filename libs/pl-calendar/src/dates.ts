/** Calendar dates as plain values: no time zone, no clock. Weekday 1 = Monday … 7 = Sunday (ISO 8601). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export const MIN_YEAR = 1990;
export const MAX_YEAR = 2100;

export function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`year must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}, got ${year}`);
  }
}

const utc = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);

export function fromUtc(ms: number): CalendarDate {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  return fromUtc(utc(d) + days * 86_400_000);
}

export function weekday(d: CalendarDate): number {
  const js = new Date(utc(d)).getUTCDay();
  return js === 0 ? 7 : js;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function parseIsoDate(value: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${value}`);
  const d = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > daysInMonth(d.year, d.month)) {
    throw new RangeError(`no such date: ${value}`);
  }
  return d;
}

export function compare(a: CalendarDate, b: CalendarDate): number {
  return utc(a) - utc(b);
}

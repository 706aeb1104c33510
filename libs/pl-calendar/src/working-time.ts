import { assertYear, daysInMonth, weekday } from './dates';
import { isPublicHoliday, publicHolidays } from './holidays';

export interface DayTotals {
  /** Monday–Friday that are not public holidays: the days an office is open. */
  workingDays: number;
  /** Saturdays, Sundays and public holidays. */
  freeDays: number;
  /** Public holidays in the period, whatever day they fall on. */
  holidayDays: number;
}

export interface WorkingTimeNorm {
  days: number;
  hours: number;
}

export interface MonthCount {
  totals: DayTotals;
  /** Art. 130 Kodeksu pracy for a one-month settlement period. */
  norm: WorkingTimeNorm;
}

/**
 * Counts one month. The working-time norm (art. 130 § 1–2 Kodeksu pracy) is 8 hours for every
 * Monday–Friday, less 8 hours for every holiday that falls on a day other than Sunday — so a
 * holiday on a Saturday lowers the norm although nobody works that day, and the norm can be smaller
 * than the number of working days.
 */
export function countMonth(year: number, month: number): MonthCount {
  assertYear(year);
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new RangeError(`month must be 1–12, got ${month}`);
  let weekdays = 0;
  let workingDays = 0;
  let holidaysOffSunday = 0;
  let holidayDays = 0;
  const length = daysInMonth(year, month);
  for (let day = 1; day <= length; day += 1) {
    const date = { year, month, day };
    const dow = weekday(date);
    const holiday = isPublicHoliday(date);
    if (holiday) holidayDays += 1;
    if (holiday && dow !== 7) holidaysOffSunday += 1;
    if (dow <= 5) {
      weekdays += 1;
      if (!holiday) workingDays += 1;
    }
  }
  const normDays = weekdays - holidaysOffSunday;
  return {
    totals: { workingDays, freeDays: length - workingDays, holidayDays },
    norm: { days: normDays, hours: normDays * 8 },
  };
}

export function countYear(year: number): MonthCount & { months: MonthCount[] } {
  const months = Array.from({ length: 12 }, (_, i) => countMonth(year, i + 1));
  const sum = (pick: (m: MonthCount) => number) => months.reduce((total, m) => total + pick(m), 0);
  return {
    months,
    totals: {
      workingDays: sum((m) => m.totals.workingDays),
      freeDays: sum((m) => m.totals.freeDays),
      holidayDays: publicHolidays(year).length,
    },
    norm: { days: sum((m) => m.norm.days), hours: sum((m) => m.norm.hours) },
  };
}

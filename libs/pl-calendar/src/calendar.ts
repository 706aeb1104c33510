import { assertYear, compare, type CalendarDate, parseIsoDate, weekday } from './dates';
import { bridgeSuggestions } from './bridges';
import { publicHolidays } from './holidays';
import { dayAndMonth, days, inMonth, inMonthCapitalised, monthNames, WEEKDAYS } from './polish-names';
import { countYear, type DayTotals, type WorkingTimeNorm } from './working-time';

/** A school break period (e.g. ferie zimowe) for a group of voivodeships. */
export interface SchoolBreak {
  /** ISO date of the first day. */
  from: string;
  /** ISO date of the last day. */
  to: string;
  voivodeships: readonly string[];
  /** What kind of break, as shown: defaults to "Ferie zimowe". */
  label?: string;
}

export interface MonthBridge {
  leaveDays: number[];
  freeDaysInRow: number;
  description: string;
}

export interface HolidayLineView {
  day: number;
  name: string;
  dayOff: boolean;
}

export interface CalendarMonthView {
  month: number;
  name: string;
  title: string;
  textHeader: string;
  holidays: number[];
  bridgeDays: MonthBridge[];
  holidayLines: HolidayLineView[];
  totals: DayTotals;
  workingTime: WorkingTimeNorm;
  schoolBreakNotes: string[];
}

export interface HolidayCalendarView {
  year: number;
  title: string;
  months: CalendarMonthView[];
  totals: DayTotals;
  workingTime: WorkingTimeNorm;
}

const weekdayName = (d: CalendarDate) => WEEKDAYS[weekday(d) - 1]!;

function describeRange(from: CalendarDate, to: CalendarDate): string {
  if (from.year !== to.year)
    return `${dayAndMonth(from.day, from.month)} ${from.year} – ${dayAndMonth(to.day, to.month)} ${to.year}`;
  if (from.month === to.month) return `${from.day}–${dayAndMonth(to.day, to.month)}`;
  return `${dayAndMonth(from.day, from.month)} – ${dayAndMonth(to.day, to.month)}`;
}

function schoolBreakNotes(year: number, month: number, breaks: readonly SchoolBreak[]): string[] {
  const first: CalendarDate = { year, month, day: 1 };
  const last: CalendarDate = { year, month, day: new Date(Date.UTC(year, month, 0)).getUTCDate() };
  return breaks
    .map((b) => ({ ...b, start: parseIsoDate(b.from), end: parseIsoDate(b.to) }))
    .filter((b) => compare(b.start, last) <= 0 && compare(b.end, first) >= 0)
    .sort((a, b) => compare(a.start, b.start))
    .map(
      (b) =>
        `${b.label ?? 'Ferie zimowe'} ${describeRange(b.start, b.end)}: ${[...b.voivodeships].join(', ')}`,
    );
}

/**
 * The holiday calendar page of one year: for each month its holidays, suggested bridge days,
 * holiday lines, day totals, the working-time norm and the school breaks that touch it.
 */
export function holidayCalendar(
  year: number,
  schoolBreaks: readonly SchoolBreak[] = [],
): HolidayCalendarView {
  assertYear(year);
  const holidays = publicHolidays(year);
  const bridges = bridgeSuggestions(year);
  const counts = countYear(year);

  const months = counts.months.map((count, index): CalendarMonthView => {
    const month = index + 1;
    const names = monthNames(month);
    const holidaysInMonth = holidays.filter((h) => h.month === month);
    const monthBridges = bridges
      .filter((b) => b.leaveDays[0]!.month === month && b.leaveDays[0]!.year === year)
      .map((b) => ({
        leaveDays: b.leaveDays.map((d) => d.day),
        freeDaysInRow: b.freeDaysInRow,
        description: `Weź wolne ${b.leaveDays.map((d) => `${dayAndMonth(d.day, d.month)} (${weekdayName(d)})`).join(' i ')}, a zyskasz ${days(b.freeDaysInRow)} wolnego z rzędu: ${describeRange(b.from, b.to)}.`,
      }));
    return {
      month,
      name: names.nominative,
      title: `Dni wolne ${inMonth(month)} ${year}`,
      textHeader:
        holidaysInMonth.length > 0
          ? `Święta i dni wolne od pracy ${inMonth(month)} ${year}`
          : `${inMonthCapitalised(month)} ${year} nie ma świąt ustawowo wolnych od pracy`,
      holidays: holidaysInMonth.map((h) => h.day),
      bridgeDays: monthBridges,
      holidayLines: holidaysInMonth.map((h) => ({
        day: h.day,
        name: `${dayAndMonth(h.day, h.month)} (${weekdayName(h)}) – ${h.name}`,
        dayOff: true,
      })),
      totals: count.totals,
      workingTime: count.norm,
      schoolBreakNotes: schoolBreakNotes(year, month, schoolBreaks),
    };
  });

  return {
    year,
    title: `Kalendarz dni wolnych ${year}`,
    months,
    totals: counts.totals,
    workingTime: counts.norm,
  };
}

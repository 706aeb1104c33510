import { type contentV1 } from '@lib/contracts';
import { MAX_YEAR, MIN_YEAR } from '@lib/pl-calendar';
import { type CalendarData, type CalendarNorm, type CalendarTotals } from './calendar-data';

const totals = (value: contentV1.DayTotals | null | undefined): CalendarTotals => ({
  workingDays: value?.workingDays ?? 0,
  freeDays: value?.freeDays ?? 0,
  holidayDays: value?.holidayDays ?? 0,
});

const norm = (value: contentV1.WorkingTimeNorm | null | undefined): CalendarNorm => ({
  days: value?.days ?? 0,
  hours: value?.hours ?? 0,
});

export function toCalendarData(calendar: contentV1.HolidayCalendar, year: number): CalendarData {
  return {
    year,
    title: calendar.title || `Kalendarz ${year} – dni wolne od pracy i święta`,
    months: calendar.months.map((month) => ({
      month: month.month,
      name: month.name,
      title: month.title,
      textHeader: month.textHeader,
      holidays: month.holidays,
      bridgeDays: month.bridgeDays.map((bridge) => ({
        leaveDays: bridge.leaveDays,
        freeDaysInRow: bridge.freeDaysInRow,
        description: bridge.description,
      })),
      holidayLines: month.holidayLines.map((line) => ({
        day: line.day,
        name: line.name,
        dayOff: line.dayOff,
      })),
      totals: totals(month.totals),
      workingTime: norm(month.workingTime),
      schoolBreakNotes: month.schoolBreakNotes,
    })),
    totals: totals(calendar.totals),
    workingTime: norm(calendar.workingTime),
    previousYear: year > MIN_YEAR ? year - 1 : null,
    nextYear: year < MAX_YEAR ? year + 1 : null,
  };
}

import { type CalendarMonthView, type DayTotals, MAX_YEAR, MIN_YEAR, type WorkingTimeNorm } from '@lib/pl-calendar';
/** The calendar's shapes are the pure calendar library's: the content service answers them as is. */
export type CalendarTotals = DayTotals;
export type CalendarNorm = WorkingTimeNorm;
export type { CalendarMonthView };

export interface CalendarData {
  year: number;
  title: string;
  months: CalendarMonthView[];
  totals: CalendarTotals;
  workingTime: CalendarNorm;
  /** Neighbouring years inside the supported range; null at its ends. */
  previousYear: number | null;
  nextYear: number | null;
}

/** Years the calendar is served for: the calendar library's range. */
export const CALENDAR_YEARS = { min: MIN_YEAR, max: MAX_YEAR } as const;

export const calendarPath = (year: number): string => `/kalendarz-${year}/`;

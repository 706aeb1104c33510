export interface CalendarTotals {
  workingDays: number;
  freeDays: number;
  holidayDays: number;
}

export interface CalendarNorm {
  days: number;
  hours: number;
}

export interface CalendarMonthView {
  /** 1–12 */
  month: number;
  name: string;
  title: string;
  textHeader: string;
  /** Days of the month that are public holidays. */
  holidays: number[];
  bridgeDays: { leaveDays: number[]; freeDaysInRow: number; description: string }[];
  holidayLines: { day: number; name: string; dayOff: boolean }[];
  totals: CalendarTotals;
  workingTime: CalendarNorm;
  schoolBreakNotes: string[];
}

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

/** Years the calendar is served for (the calendar library's range). */
export const CALENDAR_YEARS = { min: 1990, max: 2100 } as const;

export const calendarPath = (year: number): string => `/kalendarz-${year}/`;

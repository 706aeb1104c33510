import { type CalendarMonthView, type DayTotals, type WorkingTimeNorm } from '@lib/pl-calendar';
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

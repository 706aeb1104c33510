export {
  type CalendarDate,
  MIN_YEAR,
  MAX_YEAR,
  addDays,
  weekday,
  daysInMonth,
  isoDate,
  parseIsoDate,
} from './dates';
export { easterSunday } from './easter';
export {
  publicHolidays,
  isPublicHoliday,
  isFreeDay,
  lastWorkingDayBefore,
  type PublicHoliday,
} from './holidays';
export { countMonth, countYear, type DayTotals, type WorkingTimeNorm, type MonthCount } from './working-time';
export { bridgeSuggestions, type BridgeSuggestion } from './bridges';
export {
  MONTHS,
  WEEKDAYS,
  WEEKDAY_HEADERS,
  monthNames,
  dayAndMonth,
  inMonth,
  inMonthCapitalised,
} from './polish-names';
export {
  holidayCalendar,
  type SchoolBreak,
  type CalendarMonthView,
  type HolidayCalendarView,
  type MonthBridge,
  type HolidayLineView,
} from './calendar';
export { SITE_TIME_ZONE, warsawDay, warsawDayClock, warsawMidnight, addDaysToIsoDate } from './warsaw-time';

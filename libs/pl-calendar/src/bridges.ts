import { addDays, assertYear, type CalendarDate, compare, isoDate } from './dates';
import { isFreeDay, publicHolidays } from './holidays';

export interface BridgeSuggestion {
  /** Working days to take as leave, in order. */
  leaveDays: CalendarDate[];
  /** First and last day of the free stretch that results, leave included. */
  from: CalendarDate;
  to: CalendarDate;
  /** Length of that stretch in days. */
  freeDaysInRow: number;
}

/** The run of consecutive free days containing `day` (which must be free). */
function freeRunAround(day: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  let from = day;
  let to = day;
  while (isFreeDay(addDays(from, -1))) from = addDays(from, -1);
  while (isFreeDay(addDays(to, 1))) to = addDays(to, 1);
  return { from, to };
}

const MAX_LEAVE_DAYS = 2;

/**
 * "Długie weekendy": for every public holiday on a weekday, the 1–2 working days which, taken as
 * leave, join the holiday's free run with the neighbouring weekend (or another holiday). Only
 * stretches of at least four free days are suggested; duplicates are merged.
 */
export function bridgeSuggestions(year: number): BridgeSuggestion[] {
  assertYear(year);
  const found = new Map<string, BridgeSuggestion>();
  for (const holiday of publicHolidays(year)) {
    if (holiday.weekday >= 6) continue;
    const run = freeRunAround(holiday);
    for (const direction of [1, -1] as const) {
      const leave: CalendarDate[] = [];
      let cursor = addDays(direction === 1 ? run.to : run.from, direction);
      while (leave.length < MAX_LEAVE_DAYS && !isFreeDay(cursor)) {
        leave.push(cursor);
        cursor = addDays(cursor, direction);
      }
      if (leave.length === 0 || !isFreeDay(cursor)) continue;
      const other = freeRunAround(cursor);
      const from = direction === 1 ? run.from : other.from;
      const to = direction === 1 ? other.to : run.to;
      const freeDaysInRow =
        Math.round(
          (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) /
            86_400_000,
        ) + 1;
      if (freeDaysInRow < 4) continue;
      const ordered = [...leave].sort(compare);
      const key = ordered.map(isoDate).join(',');
      if (!found.has(key)) found.set(key, { leaveDays: ordered, from, to, freeDaysInRow });
    }
  }
  return [...found.values()].sort((a, b) => compare(a.leaveDays[0]!, b.leaveDays[0]!));
}

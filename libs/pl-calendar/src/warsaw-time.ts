import { addDays, isoDate, parseIsoDate } from './dates';

/**
 * The site's time zone (Central European Time, as Poland keeps it). Calendar days the product
 * shows or stores (editorial dates, "today", repayment dates, NBP tables) are Warsaw days; an
 * instant that stands for a day is midnight Europe/Warsaw. The one place this project turns
 * instants into Polish days and back.
 */
export const SITE_TIME_ZONE = 'Europe/Warsaw';

// Marked pure so a browser bundle that reaches this module without calling it drops the
// formatters instead of building them on every page load.
const partsFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const dayFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Offset of Warsaw time from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetMs(instant: number): number {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(partsFormat.formatToParts(instant).find((p) => p.type === type)?.value);
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClockAsUtc - Math.floor(instant / 1000) * 1000;
}

/** '2026-03-29' → the instant that day begins in Warsaw. */
export function warsawMidnight(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${day}`);
  const wallClock = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // The offset at midnight may differ from the guess's on a DST day; one correction settles it.
  const first = wallClock - offsetMs(wallClock);
  return new Date(wallClock - offsetMs(first));
}

/** The Warsaw calendar day of an instant, 'YYYY-MM-DD' (today by default). */
export function warsawDay(instant: Date = new Date()): string {
  return dayFormat.format(instant);
}

/**
 * Today's Warsaw day by `now`, for a caller that asks on every request: the day is formatted once
 * and kept for as long as `now` stays within it (from its Warsaw midnight to the next), since
 * formatting through Intl costs microseconds and the day changes once in 23 to 25 hours. A clock
 * that leaves the kept day, forwards or back (a test that sets it), has its day formatted afresh.
 */
export function warsawDayClock(now: () => Date): () => string {
  let day = '';
  let from = Number.POSITIVE_INFINITY;
  let until = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now().getTime();
    if (at >= from && at < until) return day;
    day = warsawDay(new Date(at));
    from = warsawMidnight(day).getTime();
    until = warsawMidnight(addDaysToIsoDate(day, 1)).getTime();
    return day;
  };
}

/** 'YYYY-MM-DD' plus whole days (negative to go back); rejects what is not a real date. */
export function addDaysToIsoDate(day: string, days: number): string {
  return isoDate(addDays(parseIsoDate(day), days));
}

import {
  addDaysToIsoDate,
  isFreeDay,
  parseIsoDate,
  warsawDay,
  warsawMidnight,
  weekday,
} from '@lib/pl-calendar';
import { type NbpTableType } from './nbp-table-type';

/** What a scheduled run fetches: an NBP table, or every configured bank. */
export type IngestionKind = NbpTableType | 'banks';

/**
 * Europe/Warsaw times of the scheduled fetches, a little after each publication window ends
 * (NBP: table C 7:45–8:15, tables A and B 11:45–12:15; banks publish their first table by 8:00),
 * with a second try later the same day in case the first found nothing yet.
 */
export const RUN_TIMES: Record<IngestionKind, readonly { hour: number; minute: number }[]> = {
  C: [
    { hour: 8, minute: 20 },
    { hour: 9, minute: 30 },
  ],
  A: [
    { hour: 12, minute: 20 },
    { hour: 13, minute: 30 },
  ],
  B: [
    { hour: 12, minute: 25 },
    { hour: 13, minute: 35 },
  ],
  banks: [
    { hour: 8, minute: 30 },
    { hour: 12, minute: 40 },
  ],
};

/** Days a kind is published on: working days (Polish holidays excluded); table B on Wednesdays only. */
export function isPublicationDay(kind: IngestionKind, day: string): boolean {
  const date = parseIsoDate(day);
  if (isFreeDay(date)) return false;
  return kind === 'B' ? weekday(date) === 3 : true;
}

const at = (day: string, time: { hour: number; minute: number }) =>
  new Date(warsawMidnight(day).getTime() + (time.hour * 60 + time.minute) * 60_000);

/** The next scheduled run of a kind strictly after `now`. */
export function nextRun(kind: IngestionKind, now: Date): Date {
  let day = warsawDay(now);
  for (let i = 0; i < 40; i += 1, day = addDaysToIsoDate(day, 1)) {
    if (!isPublicationDay(kind, day)) continue;
    for (const time of RUN_TIMES[kind]) {
      const run = at(day, time);
      if (run.getTime() > now.getTime()) return run;
    }
  }
  throw new Error(`no ${kind} publication day within 40 days of ${now.toISOString()}`);
}

/**
 * The effective date the newest table of a type should have at `now`: the last publication day
 * whose first scheduled fetch has passed. A stored table older than this is stale.
 */
export function expectedLatestDate(kind: IngestionKind, now: Date): string {
  let day = warsawDay(now);
  for (let i = 0; i < 40; i += 1, day = addDaysToIsoDate(day, -1)) {
    if (!isPublicationDay(kind, day)) continue;
    if (at(day, RUN_TIMES[kind][0]!).getTime() <= now.getTime()) return day;
  }
  throw new Error(`no ${kind} publication day within 40 days before ${now.toISOString()}`);
}

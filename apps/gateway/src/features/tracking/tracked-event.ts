/** The browser tracker's contract, apart from its runtime so the cookie notice (its own chunk) can report through it. */
export type TextField =
  | 'provider_id'
  | 'sub1'
  | 'sub3'
  | 'sub4'
  | 'sub5'
  | 'sub6'
  | 'sub7'
  | 'sub8'
  | 'utm_source'
  | 'utm_medium'
  | 'utm_campaign'
  | 'utm_content'
  | 'utm_term'
  | 'referer';

/** One event as POST /api/event takes it. */
export type TrackedEvent = { event_id: number } & Partial<Record<TextField, string>>;

export interface Tracker {
  /** A page was shown by client-side navigation (its referer: the page shown before). */
  pageShown(): void;
  /** Queues one event of the current page. */
  track(event: TrackedEvent): void;
  /** Sends what is waiting now (beacon: the page is going away). */
  flush(beacon?: boolean): void;
}

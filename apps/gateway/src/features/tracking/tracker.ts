/**
 * The browser's event tracker (ids and sub-fields from the catalogue,
 * @lib/tracking/catalogue). Part of the first-load bundle, so it stays small: no framework, no
 * schema library, one delegated listener per kind of DOM event for every page and form.
 *
 * - page view (5, sub4 'pageView'): every page load and every client-side navigation (the router
 *   calls pageShown()); a page restored from the back/forward cache (pageshow, persisted) is
 *   27 with sub1 'pageLoadFromCache';
 * - form fields: focus (40), filled (41, left holding a value), invalid (42, with the failed check
 *   in sub6), each with sub4 the form's name, sub5 the field's name and sub8 the field's index
 *   among its form's fields. A field is invalid when the browser's own validation refuses it (the
 *   `invalid` event of a form without `novalidate`) and when the site's own checks mark it
 *   `aria-invalid="true"`: a form's script as the visitor types or after the server's answer, or
 *   the server's page drawn again with the errors next to the fields (found on load). The failed
 *   check is the field's first failing ValidityState flag, else 'customError' (a rule of the site
 *   that the browser does not know, such as a phone number's prefix);
 * - form submission (70): a submitted form, and a link marked data-track-submit inside a form (the
 *   home calculator's main button sends its values on to the application as a link);
 * - experiment assignment (60: each experiment the page's marker lists, with the variant of its
 *   exp_<id> cookie, once per tab session; its flow then goes in sub3 of the page's events), only
 *   with consent: without it the visitor is in no experiment;
 * - consent choice (80, from the cookie notice, consent-notice.ts), shown while the browser holds
 *   no answer and again when the visitor opens the footer's "Ustawienia cookies".
 *   Offer clicks (50) are recorded by the gateway's offer redirect (features/offers), which every
 *   'Przejdź do oferty' link passes through; the id is server-only, so POST /api/event refuses a
 *   batch holding it, and the tracker never sends it.
 *
 * Without consent (no answer yet, or 'Tylko niezbędne') an event carries no traffic source: no
 * utm_* and no referer (the gateway drops them too). The landing's source still goes with the
 * consent choice, so a visit that consents keeps it.
 *
 * Events are batched (up to 50, or after a second) and sent with fetch(…, {keepalive: true}); when
 * the page is hidden or left, what is waiting goes with navigator.sendBeacon. Nothing here ever
 * throws into the page or waits for an answer: a failed send is swallowed, and a
 * batch the gateway could not take (503, 429, network) is sent once more with the next one.
 * The ids (session, client) are the gateway's cookies, set on the answers of POST /api/event.
 */
import { EVENT } from '@lib/tracking/catalogue';
import { readConsent } from '../../shared/consent';
import { cookieValues } from '../../shared/cookies';
import { takeOverConsentNotice } from './consent-notice';
import { TRACKING_EVENTS_PATH } from './tracking-endpoint';
import { type TextField, type TrackedEvent, type Tracker } from './tracked-event';

type Outgoing = TrackedEvent & { domain: string; page_path: string };

const BATCH = 50;
const FLUSH_DELAY_MS = 1_000;
/** Events kept while sends fail; older ones are dropped past this. */
const QUEUE_LIMIT = 500;
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
/** What an event of a visitor without consent leaves out. */
const SOURCE_FIELDS = [...UTM, 'referer'] as const;
const VALIDITY = [
  'valueMissing',
  'typeMismatch',
  'patternMismatch',
  'tooLong',
  'tooShort',
  'rangeUnderflow',
  'rangeOverflow',
  'stepMismatch',
  'badInput',
  'customError',
] as const;
const EXPERIMENTS_KEY = 'tracked_experiments';
/** Local storage keys an earlier build wrote (a copy of each A/B variant); nothing reads them, so they are removed. */
const RETIRED_STORAGE_PREFIX = 'exp_flow:';
/** TRACKING_LIMITS of @lib/tracking (text, url); not imported: that module carries the schema library. */
const TEXT_LIMIT = 255;
const URL_LIMIT = 2048;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Validity = Partial<Record<(typeof VALIDITY)[number], boolean>>;

/** The check a field failed: its first failing ValidityState flag, else the site's own rule ('customError'). */
export function failedCheck(validity: Validity): string {
  return VALIDITY.find((check) => validity[check]) ?? 'customError';
}

function isField(element: unknown): element is Field {
  if (element instanceof HTMLInputElement)
    return !['hidden', 'submit', 'button', 'reset', 'image'].includes(element.type);
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The form's name for analysts: data-track-form, name, id, its island, else its action path. */
export function formName(form: HTMLFormElement): string {
  const attribute = (name: string) => form.getAttribute(name) ?? '';
  return (
    attribute('data-track-form') ||
    attribute('name') ||
    attribute('id') ||
    (form.dataset.island ?? '') ||
    new URL(attribute('action') || location.href, location.href).pathname
  );
}

/** The field's form name, its own name and its 0-based index among the form's fields; undefined outside a form. */
export function fieldEvent(field: Field): Pick<TrackedEvent, 'sub4' | 'sub5' | 'sub8'> | undefined {
  const form = field.form;
  if (!form) return undefined;
  const index = Array.from(form.elements).filter(isField).indexOf(field);
  if (index < 0) return undefined;
  return { sub4: formName(form), sub5: field.getAttribute('name') ?? field.id, sub8: String(index) };
}

/** Starts tracking this document; a tracker that does nothing when the browser lacks what it needs. */
export function startTracking(): Tracker {
  try {
    return createTracker();
  } catch {
    return { pageShown: () => undefined, track: () => undefined, flush: () => undefined };
  }
}

function createTracker(): Tracker {
  let queue: Outgoing[] = [];
  const resent = new WeakSet<Outgoing>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let testFlow = '';
  let shownUrl = location.href;
  const search = new URLSearchParams(location.search);
  // The landing's attribution: what the address and the referrer said when the document loaded.
  const landing: Partial<Record<TextField, string>> = { referer: ownPageWithoutQuery(document.referrer) };
  for (const name of [...UTM, 'provider_id'] as const) {
    const value = search.get(name);
    if (value) landing[name] = value;
  }

  const post = (body: string, beacon: boolean): Promise<boolean> => {
    if (beacon && navigator.sendBeacon?.(TRACKING_EVENTS_PATH, body)) return Promise.resolve(true);
    return fetch(TRACKING_EVENTS_PATH, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    }).then((response) => response.status !== 503 && response.status !== 429);
  };

  const send = (batch: Outgoing[], beacon: boolean) => {
    const again = () => {
      const retry = batch.filter((event) => !resent.has(event));
      for (const event of retry) resent.add(event);
      if (retry.length > 0) enqueue(...retry);
    };
    try {
      post(JSON.stringify(batch), beacon).then((taken) => taken || again(), again);
    } catch {
      // Tracking never breaks the page.
    }
  };

  const flush = (beacon = false) => {
    clearTimeout(timer);
    timer = undefined;
    const waiting = queue;
    queue = [];
    for (let start = 0; start < waiting.length; start += BATCH)
      send(waiting.slice(start, start + BATCH), beacon);
  };

  const enqueue = (...events: Outgoing[]) => {
    queue.push(...events);
    if (queue.length > QUEUE_LIMIT) queue = queue.slice(-QUEUE_LIMIT);
    if (queue.length >= BATCH) flush();
    else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  };

  const consented = () => readConsent(document.cookie) === 'granted';

  const track = (event: TrackedEvent) => {
    try {
      const full: Record<string, string | number> = {
        ...(testFlow && !event.sub3 ? { sub3: testFlow } : {}),
        ...event,
        domain: location.hostname,
        page_path: location.pathname,
      };
      if (!consented()) for (const field of SOURCE_FIELDS) delete full[field];
      // Within the catalogue's limits, so one long value (a referrer, a field name) cannot cost the whole batch its 400.
      for (const [key, value] of Object.entries(full)) {
        if (typeof value === 'string')
          full[key] = value.slice(0, key === 'referer' || key === 'page_path' ? URL_LIMIT : TEXT_LIMIT);
      }
      enqueue(full as Outgoing);
    } catch {
      // Tracking never breaks the page.
    }
  };

  const experiments = () => {
    // Without consent the gateway keeps no variant and the page is the control: nothing to report,
    // and what an earlier consent noted of reported experiments goes.
    if (!consented()) {
      try {
        sessionStorage.removeItem(EXPERIMENTS_KEY);
      } catch {
        // Storage blocked: nothing was noted either.
      }
      return;
    }
    let seen: string[] = [];
    try {
      seen = JSON.parse(sessionStorage.getItem(EXPERIMENTS_KEY) ?? '[]') as string[];
    } catch {
      // Storage blocked: each page reports its experiments again.
    }
    // The experiments marker lists the page's experiments; the gateway keeps each variant in the
    // exp_<id> cookie (features/experiments/experiment-storage.ts).
    for (const element of document.querySelectorAll<HTMLElement>('[data-experiments]')) {
      for (const experiment of (element.dataset.experiments ?? '').split(',')) {
        const variant = cookieValues(document.cookie, `exp_${experiment}`)[0] ?? '';
        if (!experiment || !variant) continue;
        testFlow = `${experiment}-${variant}`;
        if (seen.includes(testFlow)) continue;
        seen.push(testFlow);
        track({ event_id: EVENT.experimentAssignment, sub3: testFlow, sub4: experiment, sub5: variant });
      }
    }
    try {
      sessionStorage.setItem(EXPERIMENTS_KEY, JSON.stringify(seen.slice(-50)));
    } catch {
      // See above.
    }
  };

  const pageView = (referer: string, attribution: Partial<Record<TextField, string>>) => {
    // The page's own address without its query: a status or self-service link's token is no referer.
    shownUrl = location.origin + location.pathname;
    testFlow = '';
    experiments();
    track({ event_id: EVENT.pageView, sub4: 'pageView', ...attribution, referer });
  };

  const onField =
    (eventId: number, extra?: (field: Field) => Partial<TrackedEvent> | undefined) => (event: Event) => {
      const field = event.target;
      if (!isField(field)) return;
      const described = fieldEvent(field);
      const more = extra ? extra(field) : {};
      if (described && more) track({ event_id: eventId, ...described, ...more });
    };

  document.addEventListener('focusin', onField(EVENT.fieldFocus));
  document.addEventListener(
    'change',
    onField(EVENT.fieldFilled, (field) =>
      (
        field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
          ? field.checked
          : field.value.trim() !== ''
      )
        ? {}
        : undefined,
    ),
  );
  // 'invalid' does not bubble: caught on the way down.
  document.addEventListener(
    'invalid',
    onField(EVENT.fieldInvalid, (field) => ({ sub6: failedCheck(field.validity) })),
    true,
  );
  // The site's own checks: a control (or a group's fieldset) turning aria-invalid="true".
  const markedInvalid = (element: Element) => {
    const field =
      element instanceof HTMLFieldSetElement ? Array.from(element.elements).find(isField) : element;
    if (!isField(field)) return;
    const described = fieldEvent(field);
    if (described) track({ event_id: EVENT.fieldInvalid, ...described, sub6: failedCheck(field.validity) });
  };
  new MutationObserver((records) => {
    for (const { target, oldValue } of records) {
      if (target instanceof Element && oldValue !== 'true' && target.getAttribute('aria-invalid') === 'true')
        markedInvalid(target);
    }
  }).observe(document.documentElement, {
    subtree: true,
    attributeFilter: ['aria-invalid'],
    attributeOldValue: true,
  });
  document.addEventListener('submit', (event) => {
    if (event.target instanceof HTMLFormElement)
      track({ event_id: EVENT.formSubmission, sub4: formName(event.target), sub5: 'sent' });
  });
  const consentNotice = takeOverConsentNotice({ track: (event) => track({ ...landing, ...event }), flush });
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const settings = target?.closest<HTMLAnchorElement>('a[data-cookie-settings]');
    // The cookie notice in place of the settings page; the page itself when this page has no notice.
    if (settings && !event.defaultPrevented && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      if (consentNotice.reopen()) event.preventDefault();
    }
    const form = target?.closest('a[data-track-submit]')?.closest('form');
    if (form) track({ event_id: EVENT.formSubmission, sub4: formName(form), sub5: 'sent' });
  });
  addEventListener('pageshow', (event) => {
    if (event.persisted) track({ event_id: EVENT.pageLoadFromCache, sub1: 'pageLoadFromCache' });
  });
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });

  // This document's landing source goes with every page view and the consent choice, so a visit's
  // source is kept once the visitor consents, even when that happens after the landing page view.
  const landingSource = { ...landing };
  delete landingSource.referer;
  const tracker: Tracker = {
    pageShown: () => {
      try {
        pageView(shownUrl, landingSource);
      } catch {
        // Tracking never breaks the page.
      }
    },
    track,
    flush,
  };
  pageView(landing.referer ?? '', landing);
  // A form the server drew again with its errors: each field it marked is an invalid field.
  for (const element of document.querySelectorAll('form [aria-invalid="true"]')) markedInvalid(element);
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(RETIRED_STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing of ours can be in it either.
  }
  return tracker;
}

/**
 * A referer on this site loses its query and fragment (they may carry a status or self-service
 * token, and the path is what analysts need); another site's referer is kept as the browser gave it.
 */
export function ownPageWithoutQuery(referer: string): string {
  try {
    const url = new URL(referer);
    return url.origin === location.origin ? url.origin + url.pathname : referer;
  } catch {
    return referer;
  }
}

/**
 * The tracking event catalogue: the one list of event ids, their names and what each sub-field
 * means for them. The browser tracker, the gateway's POST /api/event, the events service's
 * validation and docs/EVENTS.md all read it from here.
 */

/** Event ids by name. Ids are part of the stream's contract: never renumber or reuse one. */
export const EVENT = {
  /** A page was shown: every full page load and every client-side navigation. */
  pageView: 5,
  /** A page was restored from the browser's back/forward cache (pageshow with persisted). */
  pageLoadFromCache: 27,
  /** A form field received focus. */
  fieldFocus: 40,
  /** A form field was left with a value (change event). */
  fieldFilled: 41,
  /**
   * A form field failed a check: the browser's own validation (invalid event), or the site's, which
   * marks the field aria-invalid (a form's script, or the server's answer drawn next to the field).
   */
  fieldInvalid: 42,
  /**
   * A visitor followed an offer ('Przejdź do oferty'): the lender click of the funnel. Server-only:
   * the gateway's offer redirect records it (once per session and offer within a window), so a
   * browser can neither forge clicks nor count one twice.
   */
  offerClick: 50,
  /** A visitor was assigned to a variant of an A/B experiment. */
  experimentAssignment: 60,
  /** A form was submitted. */
  formSubmission: 70,
  /** A consent choice was made (the cookie notice). */
  consentChoice: 80,
  // The ids below are server-only too (EventDefinition.serverOnly): the leads service records them
  // about its own state changes; from a browser they are refused.
  /** A lender received an application: its answer to the delivery, or its first decision about it. */
  applicationDelivered: 100,
  /** A lender accepted an application delivered to it. */
  applicationAccepted: 101,
  /** A lender rejected an application delivered to it. */
  applicationRejected: 102,
  /** A delivery was given up: the lender refused the request, never answered, or it could not be sent. */
  applicationDeliveryFailed: 103,
  /** A delivery not sent yet was stopped: the delivery consent was withdrawn or the data erased. */
  applicationDeliveryWithdrawn: 104,
  /** A consent in force on an application was withdrawn. */
  consentWithdrawn: 110,
  /** A person's data was erased from the leads service on their request. */
  personalDataErased: 120,
} as const;

export type EventName = keyof typeof EVENT;
export type EventId = (typeof EVENT)[EventName];

/** The sub-fields an event may carry; sub2 does not exist in the spec's event shape. */
export type SubField = 'sub1' | 'sub3' | 'sub4' | 'sub5' | 'sub6' | 'sub7' | 'sub8';

/**
 * Who produced an event, as the events service learns it from the way the event came in:
 * 'browser' for everything a visitor can send (POST /api/event, then tracking.raw.v1 or the
 * gateway's IngestEvents), 'server' only for a service that says so on IngestEvents. A visitor
 * controls what a browser event says, never its origin.
 */
export type EventOrigin = 'browser' | 'server';

export interface EventDefinition {
  id: EventId;
  name: EventName;
  /** One sentence for analysts (docs/EVENTS.md). */
  description: string;
  /** What each sub-field means for this event; sub-fields not listed are empty. sub3 is always the test flow. */
  fields: Partial<Record<SubField, string>>;
  /** Sub-fields that must hold exactly this value (the spec's markers, e.g. sub4 'pageView'). */
  fixed?: Partial<Record<SubField, string>>;
  /** Sub-fields that must hold a non-negative integer (a field index). */
  integer?: readonly SubField[];
  /** Sub-fields that must be present (non-empty). */
  required?: readonly SubField[];
  /** Sub-fields that, when present, must hold one of these values. */
  oneOf?: Partial<Record<SubField, readonly string[]>>;
  /** Sub-fields that, when present, must be a slug: 1-64 lower-case letters, digits and '-' (a lender). */
  slug?: readonly SubField[];
  /**
   * Recorded by a service, never by a browser: about its own state (deliveries, consents, erasure),
   * or about what a visitor did through it (the offer redirect's click). Refused from the browser
   * origin, so a visitor cannot forge one.
   */
  serverOnly?: true;
  /**
   * For a server-only event: its session_id is the visitor's session (the server records what the
   * visitor did, as the offer redirect records a click), so the visitor reports count it like a
   * browser event. The other server events carry the key of what they report (an application, an
   * erasure request) in session_id: no visit, and those reports leave them out.
   */
  visitSession?: true;
}

const FIELD_EVENT_FIELDS = {
  sub4: "form name, e.g. 'contact', 'comment', 'application'",
  sub5: "field name (the input's name attribute), e.g. 'email'",
  sub8: "field index: 0-based position of the field among the form's fields",
} as const;

/**
 * The sub-fields every delivery event shares. The event's session_id is the application's
 * pseudonymous key (docs/EVENTS.md, "Server events"), so sub-fields carry no id at all.
 */
const DELIVERY_EVENT_FIELDS = {
  sub4: "lender slug, e.g. 'vivus'",
  sub7: 'attempts made so far (1 for the first POST; 0 when none was made)',
  sub8: 'HTTP status of the answer the event reports; empty when it reports none (a callback, a timeout, never sent)',
} as const;

/**
 * Every event id with its meaning, in id order. Built by a call marked pure (like what is derived
 * from it below): the object spreads would otherwise keep the whole list, descriptions included, in
 * a bundle that takes only EVENT, such as the browser's tracker in the first-load bundle.
 */
export const EVENT_CATALOGUE: readonly EventDefinition[] = /* @__PURE__ */ (() => [
  {
    id: EVENT.pageView,
    name: 'pageView',
    description: 'A page was shown (full page load or client-side navigation).',
    fields: { sub4: "'pageView'" },
    fixed: { sub4: 'pageView' },
  },
  {
    id: EVENT.pageLoadFromCache,
    name: 'pageLoadFromCache',
    description: "A page was restored from the browser's back/forward cache.",
    fields: { sub1: "'pageLoadFromCache'" },
    fixed: { sub1: 'pageLoadFromCache' },
  },
  {
    id: EVENT.fieldFocus,
    name: 'fieldFocus',
    description: 'A form field received focus.',
    fields: FIELD_EVENT_FIELDS,
    integer: ['sub8'],
    required: ['sub8'],
  },
  {
    id: EVENT.fieldFilled,
    name: 'fieldFilled',
    description: 'A form field was left holding a value.',
    fields: FIELD_EVENT_FIELDS,
    integer: ['sub8'],
    required: ['sub8'],
  },
  {
    id: EVENT.fieldInvalid,
    name: 'fieldInvalid',
    description:
      "A form field failed a check: the browser's validation, or the site's own (a form's script, or the server's answer shown next to the field).",
    fields: {
      ...FIELD_EVENT_FIELDS,
      sub6: "the failed check: the field's first failing browser check, e.g. 'valueMissing', 'typeMismatch', 'patternMismatch', 'tooLong'; 'customError' for a rule of the site's that the browser does not check",
    },
    integer: ['sub8'],
    required: ['sub8'],
  },
  {
    id: EVENT.offerClick,
    name: 'offerClick',
    description: "A visitor followed an offer to the lender ('Przejdź do oferty').",
    fields: {
      sub4: 'offer id',
      sub5: 'lender slug',
      sub6: '1-based position of the offer in the list shown',
      sub7: "where the list was, e.g. 'offers', 'home', 'lender'",
    },
    required: ['sub4'],
    serverOnly: true,
    visitSession: true,
  },
  {
    id: EVENT.experimentAssignment,
    name: 'experimentAssignment',
    description: 'A visitor was assigned a variant of an A/B experiment (once per experiment and visitor).',
    fields: {
      sub3: 'test flow (the assigned flow label)',
      sub4: "experiment id, e.g. '0300.1'",
      sub5: "variant, e.g. 'A' or 'B'",
    },
    required: ['sub4', 'sub5'],
  },
  {
    id: EVENT.formSubmission,
    name: 'formSubmission',
    description: 'A form was submitted.',
    fields: {
      sub4: "form name, e.g. 'contact', 'comment', 'application'",
      sub5: "outcome: 'sent' or 'invalid'",
    },
    required: ['sub4'],
  },
  {
    id: EVENT.consentChoice,
    name: 'consentChoice',
    description: 'A visitor made a consent choice.',
    // sub4 'push' came from a push-notification prompt, since retired: older events may hold it.
    fields: { sub4: "what was asked: 'cookies'", sub5: "the choice: 'accepted' or 'declined'" },
    required: ['sub4', 'sub5'],
  },
  {
    id: EVENT.applicationDelivered,
    name: 'applicationDelivered',
    description:
      'A lender received an application: it answered the delivery (pending, accepted or rejected), or decided on one whose answer was lost.',
    fields: {
      ...DELIVERY_EVENT_FIELDS,
      sub5: "state after it: 'sent' (the lender will decide later), 'accepted' or 'rejected'",
      sub6: "how it was learnt: 'answer' (the lender's answer to the delivery) or 'callback' (its later decision)",
    },
    required: ['sub4', 'sub5', 'sub6', 'sub7'],
    oneOf: { sub5: ['sent', 'accepted', 'rejected'], sub6: ['answer', 'callback'] },
    integer: ['sub7', 'sub8'],
    slug: ['sub4'],
    serverOnly: true,
  },
  {
    id: EVENT.applicationAccepted,
    name: 'applicationAccepted',
    description: 'A lender accepted an application delivered to it.',
    fields: {
      ...DELIVERY_EVENT_FIELDS,
      sub5: "'accepted'",
      sub6: "how it was learnt: 'answer' (in the lender's answer to the delivery) or 'callback' (a later decision)",
    },
    fixed: { sub5: 'accepted' },
    required: ['sub4', 'sub6', 'sub7'],
    oneOf: { sub6: ['answer', 'callback'] },
    integer: ['sub7', 'sub8'],
    slug: ['sub4'],
    serverOnly: true,
  },
  {
    id: EVENT.applicationRejected,
    name: 'applicationRejected',
    description: 'A lender rejected an application delivered to it.',
    fields: {
      ...DELIVERY_EVENT_FIELDS,
      sub5: "'rejected'",
      sub6: "how it was learnt: 'answer' (in the lender's answer to the delivery) or 'callback' (a later decision)",
    },
    fixed: { sub5: 'rejected' },
    required: ['sub4', 'sub6', 'sub7'],
    oneOf: { sub6: ['answer', 'callback'] },
    integer: ['sub7', 'sub8'],
    slug: ['sub4'],
    serverOnly: true,
  },
  {
    id: EVENT.applicationDeliveryFailed,
    name: 'applicationDeliveryFailed',
    description:
      'A delivery was given up: the lender refused the request, gave no usable answer to any attempt, or it could not be sent.',
    fields: {
      ...DELIVERY_EVENT_FIELDS,
      sub5: "'failed'",
      sub6: "why: 'refused' (the lender answered 4xx), 'unanswered' (no usable answer after the last attempt) or 'notSent' (the application, the lender or the delivery consent was gone when its turn came)",
    },
    fixed: { sub5: 'failed' },
    required: ['sub4', 'sub6', 'sub7'],
    oneOf: { sub6: ['refused', 'unanswered', 'notSent'] },
    integer: ['sub7', 'sub8'],
    slug: ['sub4'],
    serverOnly: true,
  },
  {
    id: EVENT.applicationDeliveryWithdrawn,
    name: 'applicationDeliveryWithdrawn',
    description: 'A delivery not sent yet was stopped before it reached the lender.',
    fields: {
      ...DELIVERY_EVENT_FIELDS,
      sub5: "'withdrawn'",
      sub6: "why: 'consentWithdrawn' (the delivery consent was withdrawn) or 'erased' (the applicant's data was erased)",
    },
    fixed: { sub5: 'withdrawn' },
    required: ['sub4', 'sub6', 'sub7'],
    oneOf: { sub6: ['consentWithdrawn', 'erased'] },
    integer: ['sub7', 'sub8'],
    slug: ['sub4'],
    serverOnly: true,
  },
  {
    id: EVENT.consentWithdrawn,
    name: 'consentWithdrawn',
    description:
      'A consent in force on an application was withdrawn (one event per application and consent).',
    fields: {
      sub4: "the consent: 'terms', 'matching', 'delivery', 'creditBureau', 'marketingEmail', 'marketingSms' or 'marketingPhone' (the keys of @lib/pl-validation's CONSENTS)",
      sub5: "how: 'selfService' (the person's self-service page), 'unsubscribe' (the unsubscribe form) or 'withdrawConsent' (the WithdrawConsent call)",
    },
    required: ['sub4', 'sub5'],
    oneOf: {
      sub4: [
        'terms',
        'matching',
        'delivery',
        'creditBureau',
        'marketingEmail',
        'marketingSms',
        'marketingPhone',
      ],
      sub5: ['selfService', 'unsubscribe', 'withdrawConsent'],
    },
    serverOnly: true,
  },
  {
    id: EVENT.personalDataErased,
    name: 'personalDataErased',
    description:
      "A person's data was erased from the leads service on their request (one event per erasure request).",
    fields: {
      sub4: 'submitted applications anonymised (their figures stay, nothing personal)',
      sub5: 'drafts deleted',
      sub6: 'contact messages and partner enquiries erased',
      sub7: 'deliveries stopped before they reached a lender',
    },
    required: ['sub4', 'sub5', 'sub6', 'sub7'],
    integer: ['sub4', 'sub5', 'sub6', 'sub7'],
    serverOnly: true,
  },
])();

const indexById = (definitions: readonly EventDefinition[]) =>
  new Map<number, EventDefinition>(definitions.map((d) => [d.id, d]));
const serverOnlyIds = (definitions: readonly EventDefinition[]): readonly EventId[] =>
  definitions.filter((d) => d.serverOnly).map((d) => d.id);
const nonVisitIds = (definitions: readonly EventDefinition[]): readonly EventId[] =>
  definitions.filter((d) => d.serverOnly && !d.visitSession).map((d) => d.id);

const BY_ID = /* @__PURE__ */ indexById(EVENT_CATALOGUE);

/** The definition of an event id; undefined for an id the catalogue does not know. */
export function eventDefinition(id: number): EventDefinition | undefined {
  return BY_ID.get(id);
}

export function isKnownEventId(id: number): id is EventId {
  return BY_ID.has(id);
}

const NON_NEGATIVE_INTEGER = /^(0|[1-9]\d{0,8})$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** The ids only a service may record (EventDefinition.serverOnly), in id order. */
export const SERVER_ONLY_EVENT_IDS: readonly EventId[] = /* @__PURE__ */ serverOnlyIds(EVENT_CATALOGUE);

/**
 * The ids whose session_id is no visit (the key of an application or an erasure request), in id
 * order: the server-only events but those about a visit (EventDefinition.visitSession).
 */
export const NON_VISIT_EVENT_IDS: readonly EventId[] = /* @__PURE__ */ nonVisitIds(EVENT_CATALOGUE);

/**
 * Checks the catalogue's rules for one event's sub-fields (empty string = not sent); answers the
 * reason it breaks one, or undefined when it keeps them all. `origin` is where the event came
 * from: a server-only id is refused from the browser, which is also what a caller that does not
 * say gets (the gateway's intake checks browser events with this default).
 */
export function checkEventFields(
  id: number,
  subs: Partial<Record<SubField, string>>,
  origin: EventOrigin = 'browser',
): string | undefined {
  const definition = BY_ID.get(id);
  if (!definition) return `event_id ${id} is not in the event catalogue`;
  if (definition.serverOnly && origin !== 'server')
    return `event_id ${id} (${definition.name}) is recorded by the server only, never accepted from a browser`;
  for (const field of definition.required ?? []) {
    if (!subs[field]) return `${field} is required for event ${id} (${definition.name})`;
  }
  for (const [field, value] of Object.entries(definition.fixed ?? {}) as [SubField, string][]) {
    if (subs[field] !== value) return `${field} must be '${value}' for event ${id} (${definition.name})`;
  }
  for (const field of definition.integer ?? []) {
    const value = subs[field];
    if (value && !NON_NEGATIVE_INTEGER.test(value))
      return `${field} must be a non-negative integer for event ${id} (${definition.name})`;
  }
  for (const field of definition.slug ?? []) {
    const value = subs[field];
    if (value && !SLUG.test(value))
      return `${field} must be a slug (a-z, 0-9 and '-') for event ${id} (${definition.name})`;
  }
  for (const [field, values] of Object.entries(definition.oneOf ?? {}) as [SubField, readonly string[]][]) {
    const value = subs[field];
    if (value && !values.includes(value))
      return `${field} must be one of ${values.map((v) => `'${v}'`).join(', ')} for event ${id} (${definition.name})`;
  }
  return undefined;
}

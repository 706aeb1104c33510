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
  /** A form field failed the browser's validation (invalid event). */
  fieldInvalid: 42,
  /** A visitor followed an offer ('Przejdź do oferty'): the lender click of the funnel. */
  offerClick: 50,
  /** A visitor was assigned to a variant of an A/B experiment. */
  experimentAssignment: 60,
  /** A form was submitted. */
  formSubmission: 70,
  /** A consent choice was made (cookie notice, push notifications). */
  consentChoice: 80,
} as const;

export type EventName = keyof typeof EVENT;
export type EventId = (typeof EVENT)[EventName];

/** The sub-fields an event may carry; sub2 does not exist in the spec's event shape. */
export type SubField = 'sub1' | 'sub3' | 'sub4' | 'sub5' | 'sub6' | 'sub7' | 'sub8';

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
}

const FIELD_EVENT_FIELDS = {
  sub4: "form name, e.g. 'contact', 'comment', 'application'",
  sub5: "field name (the input's name attribute), e.g. 'email'",
  sub8: "field index: 0-based position of the field among the form's fields",
} as const;

/** Every event id with its meaning, in id order. */
export const EVENT_CATALOGUE: readonly EventDefinition[] = [
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
    description: "A form field failed the browser's validation.",
    fields: {
      ...FIELD_EVENT_FIELDS,
      sub6: "the failed check, e.g. 'valueMissing', 'typeMismatch', 'patternMismatch'",
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
    fields: { sub4: "what was asked: 'cookies' or 'push'", sub5: "the choice: 'accepted' or 'declined'" },
    required: ['sub4', 'sub5'],
  },
];

const BY_ID = new Map<number, EventDefinition>(EVENT_CATALOGUE.map((d) => [d.id, d]));

/** The definition of an event id; undefined for an id the catalogue does not know. */
export function eventDefinition(id: number): EventDefinition | undefined {
  return BY_ID.get(id);
}

export function isKnownEventId(id: number): id is EventId {
  return BY_ID.has(id);
}

const NON_NEGATIVE_INTEGER = /^(0|[1-9]\d{0,8})$/;

/**
 * Checks the catalogue's rules for one event's sub-fields (empty string = not sent); answers the
 * reason it breaks one, or undefined when it keeps them all.
 */
export function checkEventFields(id: number, subs: Partial<Record<SubField, string>>): string | undefined {
  const definition = BY_ID.get(id);
  if (!definition) return `event_id ${id} is not in the event catalogue`;
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
  return undefined;
}

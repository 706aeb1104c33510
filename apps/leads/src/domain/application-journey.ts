import { type Zloty } from '@lib/finance';
import {
  type ApplicantAges,
  CONSENTS,
  type ConsentKey,
  contactDetailsSchema,
  type IdentityField,
  loanRequestSchema,
  personalDetailsSchema,
} from '@lib/pl-validation';
import { type z } from 'zod';

/*
 * The application journey: loan request → contact details → personal details and
 * consents → submitted. Each step may be saved as a draft; a step saved validates every step up to
 * it over the draft merged with what the step sends, with the same schemas the browser uses.
 */

export const STEPS = { loanRequest: 1, contactDetails: 2, personalDetails: 3 } as const;
export type JourneyStep = 1 | 2 | 3;

/** Drafts are deleted this long after their last change. */
export const DRAFT_RETENTION_DAYS = 30;

/** Personal fields: only ever stored sealed. */
export interface PersonalFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  pesel?: string;
  idCard?: string;
  bankAccount?: string;
}

/** One consent answer as a form sends it. */
export interface ConsentAnswer {
  given: boolean;
  textVersion: string;
}

/** Everything the journey collects; a field not answered yet is absent. */
export interface JourneyFields extends PersonalFields {
  /** Whole złoty. */
  amount?: Zloty;
  periodDays?: number;
  purpose?: string;
  incomeSource?: string;
  consents?: Partial<Record<ConsentKey, ConsentAnswer>>;
}

/** What a saved step sends, over what the draft holds: a field sent non-empty replaces the stored one. */
export function mergeJourney(stored: JourneyFields, incoming: JourneyFields): JourneyFields {
  const merged: JourneyFields = { ...stored };
  for (const [name, value] of Object.entries(incoming) as [keyof JourneyFields, unknown][]) {
    if (name === 'consents') continue;
    if (value !== undefined && value !== '' && value !== 0) (merged as Record<string, unknown>)[name] = value;
  }
  if (incoming.consents && Object.keys(incoming.consents).length > 0)
    merged.consents = { ...stored.consents, ...incoming.consents };
  return merged;
}

export type ValidJourney = z.output<typeof loanRequestSchema> &
  Partial<z.output<typeof contactDetailsSchema>> &
  Partial<z.output<ReturnType<typeof personalDetailsSchema>>>;

export interface JourneyViolation {
  field: string;
  description: string;
}

/**
 * Validates the steps 1..`upTo` of the merged journey for an application made on `today`
 * ('YYYY-MM-DD'), the last step asking the identity fields `asked` (all when not given) and
 * accepting the applicant `ages` (any adult when not given); every problem is reported (Polish
 * messages), by the form's field names.
 */
export function validateJourney(
  fields: JourneyFields,
  upTo: JourneyStep,
  today: string,
  asked?: ReadonlySet<IdentityField>,
  ages?: ApplicantAges,
): { ok: ValidJourney } | { violations: JourneyViolation[] } {
  const violations: JourneyViolation[] = [];
  const run = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      violations.push({ field: issue.path.map(String).join('.') || '(request)', description: issue.message });
    return undefined;
  };
  const loan = run(loanRequestSchema, {
    amount: fields.amount ?? '',
    periodDays: fields.periodDays ?? '',
    purpose: fields.purpose ?? '',
  });
  const contact =
    upTo >= STEPS.contactDetails
      ? run(contactDetailsSchema, {
          firstName: fields.firstName ?? '',
          lastName: fields.lastName ?? '',
          email: fields.email ?? '',
          phone: fields.phone ?? '',
        })
      : undefined;
  const personal =
    upTo >= STEPS.personalDetails
      ? run(personalDetailsSchema(today, asked, ages), {
          pesel: fields.pesel ?? '',
          idCard: fields.idCard ?? '',
          bankAccount: fields.bankAccount ?? '',
          incomeSource: fields.incomeSource ?? '',
          consents: Object.fromEntries(
            CONSENTS.map((c) => [c.key, fields.consents?.[c.key] ?? { given: false, textVersion: '' }]),
          ),
        })
      : undefined;
  if (violations.length > 0 || !loan) return { violations };
  return { ok: { ...loan, ...contact, ...personal } };
}

/** The sealed part of a journey. */
export function personalFieldsOf(fields: JourneyFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['firstName', 'lastName', 'email', 'phone', 'pesel', 'idCard', 'bankAccount'] as const) {
    const value = fields[name];
    if (value) out[name] = value;
  }
  return out;
}

/** The consent text version current for a key. */
export function consentVersion(key: ConsentKey): string {
  return CONSENTS.find((c) => c.key === key)!.version;
}

/** Registration form version: only 2 or 3 are kept, anything else is ignored (0). */
export function formVersionOf(value: number): 0 | 2 | 3 {
  return value === 2 || value === 3 ? value : 0;
}

const STEP_FIELDS: Record<JourneyStep, readonly (keyof JourneyFields)[]> = {
  1: ['amount', 'periodDays', 'purpose'],
  2: ['firstName', 'lastName', 'email', 'phone'],
  3: ['pesel', 'idCard', 'bankAccount', 'incomeSource', 'consents'],
};

/** Only the fields of steps 1..`upTo`: a draft never keeps a later step's field unvalidated. */
export function fieldsUpTo(fields: JourneyFields, upTo: JourneyStep): JourneyFields {
  const out: JourneyFields = {};
  for (let step = 1 as JourneyStep; step <= upTo; step = (step + 1) as JourneyStep) {
    for (const name of STEP_FIELDS[step])
      if (fields[name] !== undefined) (out as Record<string, unknown>)[name] = fields[name];
  }
  return out;
}

/** The journey as validated, to be stored: normalised values (E.164 phone, NRB digits, upper-case ID card). */
export function storedJourney(valid: ValidJourney): JourneyFields {
  const { consents, ...rest } = valid;
  return { ...rest, ...(consents ? { consents } : {}) };
}

/**
 * The loan application journey, as the gateway draws and posts it. The steps:
 *
 *   /application/  the start: the loan request form (amount, period in days, purpose), filled from
 *                  the home sliders' GET (`?amount=&period=&purpose=`, `ver=2|3`) or the draft
 *   /process/      POST: saves the loan request (SubmitApplication, step LOAN_REQUEST) → /transition/;
 *                  GET: the same form again (the "back" link of the later steps)
 *   /transition/   GET only: sends the visitor to the registration form of the draft's version:
 *                  /reg2/ for version 2, /reg/ otherwise (none or 3)
 *   /reg/, /reg2/  contact details (first and last name, e-mail, mobile): POST saves CONTACT_DETAILS → /main/
 *   /main/         personal details: the identity fields (PESEL, ID card, bank account) the lenders
 *                  the draft would go to require (PreviewDelivery, delivery-preview.ts), the income
 *                  source, and the consents, one unticked checkbox per purpose with its text version
 *                  (the delivery consent naming those lenders): POST submits the application (step
 *                  unset, one idempotency key) → the status page /moj-wniosek/?t=<status token>
 *
 * Pure and browser-safe (the page and its island use it): paths, form field names, what a query or
 * a form body says, the service's field names.
 */
import {
  CONSENTS,
  type ConsentKey,
  LOAN_PURPOSES,
  LOAN_REQUEST_LIMITS,
  parseRegistrationFormVersion,
} from '@lib/pl-validation';

export {
  JOURNEY_PATHS,
  type JourneyStep,
  type FormVersion,
  isJourneyPath,
  stepOfPath,
  contactPathFor,
  FORM_FIELDS,
  type JourneyField,
  HIDDEN_FIELDS,
  consentField,
  consentVersionField,
} from './journey-fields';
import {
  FORM_FIELDS,
  type FormVersion,
  type JourneyField,
  type JourneyStep,
  consentField,
  consentVersionField,
} from './journey-fields';

export const STEP_FIELDS: Record<JourneyStep, readonly JourneyField[]> = {
  loan: ['amount', 'periodDays', 'purpose'],
  contact: ['firstName', 'lastName', 'email', 'phone'],
  personal: ['pesel', 'idCard', 'bankAccount', 'incomeSource'],
};

/** Longest value kept from any text field (the schemas' own limits are lower; this only bounds what is echoed). */
const MAX_VALUE = 100;

/** A form body's text field: a string, trimmed to the echo limit; anything else is ''. */
export function formText(body: unknown, name: string): string {
  const value =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.slice(0, MAX_VALUE) : '';
}

/** The values of one step as typed (form names), for the form drawn again. */
export function stepValues(body: unknown, step: JourneyStep): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of STEP_FIELDS[step]) values[FORM_FIELDS[field]] = formText(body, FORM_FIELDS[field]);
  if (step === 'personal') {
    for (const consent of CONSENTS)
      if (formText(body, consentField(consent.key)) !== '') values[consentField(consent.key)] = 'on';
  }
  return values;
}

/** The consents as the last step's schema takes them: ticked or not, with the version of the text shown. */
export function consentAnswers(body: unknown): Record<ConsentKey, { given: boolean; textVersion: string }> {
  return Object.fromEntries(
    CONSENTS.map((consent) => [
      consent.key,
      {
        given: formText(body, consentField(consent.key)) !== '',
        textVersion: formText(body, consentVersionField(consent.key)),
      },
    ]),
  ) as Record<ConsentKey, { given: boolean; textVersion: string }>;
}

/** The registration form version a query or form carries ('2' or '3'; anything else is none). */
export function formVersionOf(value: string | null | undefined): FormVersion {
  return parseRegistrationFormVersion(value) ?? 0;
}

const PURPOSE_VALUES: readonly string[] = LOAN_PURPOSES.map((p) => p.value);

/**
 * The loan request the home sliders start the journey with (`?amount=<zł>&period=<days>&purpose=`):
 * only values inside the journey's limits are taken, the rest is left for the visitor to choose.
 */
export function startValues(query: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  const whole = (name: string, min: number, max: number) => {
    const text = query.get(name)?.trim() ?? '';
    if (!/^\d{1,7}$/.test(text)) return;
    const number = Number(text);
    if (number >= min && number <= max) values[name] = String(number);
  };
  whole(FORM_FIELDS.amount, LOAN_REQUEST_LIMITS.amount.minZl, LOAN_REQUEST_LIMITS.amount.maxZl);
  whole(FORM_FIELDS.periodDays, LOAN_REQUEST_LIMITS.periodDays.min, LOAN_REQUEST_LIMITS.periodDays.max);
  const purpose = query.get(FORM_FIELDS.purpose) ?? '';
  if (PURPOSE_VALUES.includes(purpose)) values[FORM_FIELDS.purpose] = purpose;
  return values;
}

/**
 * The form field a SubmitApplication field violation belongs to ('periodDays' → 'period',
 * 'consents.terms.given' → 'consent_terms'); null for one no form field shows.
 */
export function formFieldOfViolation(field: string): string | null {
  const consent = /^consents\.([A-Za-z]+)\./.exec(field);
  if (consent) {
    const key = CONSENTS.find((c) => c.key === consent[1])?.key;
    return key ? consentField(key) : null;
  }
  return Object.prototype.hasOwnProperty.call(FORM_FIELDS, field) ? FORM_FIELDS[field as JourneyField] : null;
}

/** The step whose form shows a form field. */
export function stepOfFormField(name: string): JourneyStep | null {
  if (name.startsWith('consent_')) return 'personal';
  for (const [step, fields] of Object.entries(STEP_FIELDS) as [JourneyStep, readonly JourneyField[]][]) {
    if (fields.some((field) => FORM_FIELDS[field] === name)) return step;
  }
  return null;
}

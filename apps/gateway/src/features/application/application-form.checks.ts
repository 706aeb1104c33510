/**
 * The application form's checks and masks, loaded by its island (application-form.island.ts) on
 * the visitor's first touch of the form, so the first load stays small: the very
 * @lib/pl-validation schemas the gateway and the leads service check with, each field's first
 * Polish message next to it, and the input masks applied when a field is left (they only format).
 */
import {
  ADULT_APPLICANTS,
  APPLICATION_MESSAGES,
  type ApplicantAges,
  CONSENTS,
  contactDetailsSchema,
  formatBankAccountInput,
  formatIdCardInput,
  formatPeselInput,
  formatPhoneInput,
  type LoanRequestLimits,
  loanRequestSchemaFor,
  personalDetailsSchema,
} from '@lib/pl-validation';
import { FORM_FIELDS, consentField } from './journey';

type Rule = (value: string) => string | null;

/**
 * The range the page states on the loan step's number fields (their min and max: the catalogue's),
 * so the browser checks what the server checks; null when the page states none.
 */
function rangeOf(form: HTMLElement): LoanRequestLimits | null {
  const bounds = (name: string) => {
    const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    const min = Number(input?.min);
    const max = Number(input?.max);
    return input && input.max !== '' && Number.isInteger(min) && Number.isInteger(max) ? { min, max } : null;
  };
  const amount = bounds(FORM_FIELDS.amount);
  const period = bounds(FORM_FIELDS.periodDays);
  return amount && period
    ? { amount: { minZl: amount.min, maxZl: amount.max }, periodDays: { min: period.min, max: period.max } }
    : null;
}

/**
 * The ages the page states on the PESEL field (data-age-min, data-age-max: the lenders' ages the
 * server checks too); any adult when it states none.
 */
function agesOf(form: HTMLElement): ApplicantAges {
  const input = form.querySelector<HTMLInputElement>(`input[name="${FORM_FIELDS.pesel}"]`);
  const min = Number(input?.dataset['ageMin']);
  const max = input?.dataset['ageMax'] ? Number(input.dataset['ageMax']) : null;
  if (!input || !Number.isInteger(min) || min <= 0 || (max !== null && !Number.isInteger(max)))
    return ADULT_APPLICANTS;
  return { min, max };
}

/** The rule of one field: the schema's own check of it, its first message. */
function rulesFor(today: string, range: LoanRequestLimits | null, ages: ApplicantAges): Record<string, Rule> {
  const check =
    (schema: {
      safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
    }): Rule =>
    (value) => {
      const result = schema.safeParse(value);
      return result.success ? null : (result.error?.issues[0]?.message ?? null);
    };
  const personal = personalDetailsSchema(today, undefined, ages).shape;
  const loanRequest = loanRequestSchemaFor(range).shape;
  const rules: Record<string, Rule> = {
    [FORM_FIELDS.amount]: check(loanRequest.amount),
    [FORM_FIELDS.periodDays]: check(loanRequest.periodDays),
    [FORM_FIELDS.purpose]: check(loanRequest.purpose),
    [FORM_FIELDS.firstName]: check(contactDetailsSchema.shape.firstName),
    [FORM_FIELDS.lastName]: check(contactDetailsSchema.shape.lastName),
    [FORM_FIELDS.email]: check(contactDetailsSchema.shape.email),
    [FORM_FIELDS.phone]: check(contactDetailsSchema.shape.phone),
    [FORM_FIELDS.pesel]: check(personal.pesel),
    [FORM_FIELDS.idCard]: check(personal.idCard),
    [FORM_FIELDS.bankAccount]: check(personal.bankAccount),
    [FORM_FIELDS.incomeSource]: check(personal.incomeSource),
  };
  for (const consent of CONSENTS) {
    if (consent.required)
      rules[consentField(consent.key)] = (value) =>
        value === 'on' ? null : APPLICATION_MESSAGES.consentRequired;
  }
  return rules;
}

const MASKS: Record<string, (value: string) => string> = {
  phone: formatPhoneInput,
  pesel: formatPeselInput,
  'id-card': formatIdCardInput,
  'bank-account': formatBankAccountInput,
};

type Field = HTMLInputElement | HTMLSelectElement;

function valueOf(field: Field): string {
  return field instanceof HTMLInputElement && field.type === 'checkbox'
    ? field.checked
      ? 'on'
      : ''
    : field.value;
}

/**
 * Live checks on one form: a field is checked when left (after its mask) and again as it is
 * corrected; every field before sending, and a form with errors is not sent.
 */
export function enhance(form: HTMLElement, today: string): void {
  const rules = rulesFor(today, rangeOf(form), agesOf(form));

  const show = (field: Field, message: string | null): void => {
    const error = form.querySelector(`[data-error-for="${field.name}"]`);
    if (error) error.textContent = message ?? '';
    if (message) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
  };
  const check = (field: Field): boolean => {
    const rule = rules[field.name];
    if (!rule) return true;
    const message = rule(valueOf(field));
    show(field, message);
    return message === null;
  };
  const fields = () => Array.from(form.querySelectorAll<Field>('[data-field]'));

  form.addEventListener('focusout', (event) => {
    const field = event.target as Field;
    if (!field.matches?.('[data-field]')) return;
    const mask = field.getAttribute('data-mask');
    if (mask && MASKS[mask] && field instanceof HTMLInputElement) field.value = MASKS[mask](field.value);
    check(field);
  });
  // A field already marked wrong is re-checked as it is corrected.
  form.addEventListener('input', (event) => {
    const field = event.target as Field;
    if (field.matches?.('[data-field]') && field.getAttribute('aria-invalid') === 'true') check(field);
  });
  form.addEventListener('change', (event) => {
    const field = event.target as Field;
    if (field.matches?.('[data-field]') && (field instanceof HTMLSelectElement || field.type === 'checkbox'))
      check(field);
  });
  form.addEventListener('submit', (event) => {
    const invalid = fields().filter((field) => !check(field));
    const message = form.querySelector('[data-form-message]');
    if (invalid.length > 0) {
      event.preventDefault();
      if (message) message.textContent = 'Popraw zaznaczone pola.';
      invalid[0]?.focus();
      return;
    }
    if (message) message.textContent = '';
  });
}

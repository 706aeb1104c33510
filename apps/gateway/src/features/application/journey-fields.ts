/**
 * The journey's addresses and form field names (journey.ts has the steps): constants only, without
 * the validation library at run time, so the page component (a browser chunk) can name them.
 */
import { type ConsentKey } from '@lib/pl-validation';

export const JOURNEY_PATHS = {
  start: '/application/',
  loan: '/process/',
  transition: '/transition/',
  contact: '/reg/',
  contactV2: '/reg2/',
  personal: '/main/',
} as const;

export type JourneyStep = 'loan' | 'contact' | 'personal';
export type FormVersion = 0 | 2 | 3;

const ALL_PATHS: readonly string[] = Object.values(JOURNEY_PATHS);
/** Whether a page path belongs to the journey. */
export const isJourneyPath = (path: string): boolean => ALL_PATHS.includes(path);

/** The step a journey page shows; null for /transition/ (a redirect only). */
export function stepOfPath(path: string): JourneyStep | null {
  switch (path) {
    case JOURNEY_PATHS.start:
    case JOURNEY_PATHS.loan:
      return 'loan';
    case JOURNEY_PATHS.contact:
    case JOURNEY_PATHS.contactV2:
      return 'contact';
    case JOURNEY_PATHS.personal:
      return 'personal';
    default:
      return null;
  }
}

/** The registration (contact details) form of a form version. */
export const contactPathFor = (version: FormVersion): string =>
  version === 2 ? JOURNEY_PATHS.contactV2 : JOURNEY_PATHS.contact;

/** The form field names (HTML `name`), one per journey field. */
export const FORM_FIELDS = {
  amount: 'amount',
  periodDays: 'period',
  purpose: 'purpose',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  pesel: 'pesel',
  idCard: 'id_card',
  bankAccount: 'bank_account',
  incomeSource: 'income_source',
} as const;
export type JourneyField = keyof typeof FORM_FIELDS;
/** The hidden fields. */
export const HIDDEN_FIELDS = { version: 'ver', idempotencyKey: 'idempotency_key' } as const;

/** The checkbox of a consent and the hidden field with the version of the text shown next to it. */
export const consentField = (key: ConsentKey): string => `consent_${key}`;
export const consentVersionField = (key: ConsentKey): string => `consent_${key}_version`;

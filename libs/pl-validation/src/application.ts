import { CONSUMER_CREDIT_ACT_MAX_GROSZE, GROSZE_PER_ZLOTY, zlotyFromGrosze } from '@lib/finance';
import { formatZloty } from '@lib/pl-format';
import { z } from 'zod';
import { isPolishBankAccount, normalizeNrb } from './bank-account';
import { MESSAGES } from './contact-message';
import { isEmail, normalizeEmail } from './email';
import { isIdCardNumber, normalizeIdCardNumber } from './id-card';
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from './names';
import { ADULT_APPLICANTS, type ApplicantAges, isApplicantAge, parsePesel } from './pesel';
import { normalizePolishMobile } from './phone';

/*
 * The loan application's steps: loan request → contact details → personal
 * details and consents. One zod schema per step, shared by the browser and the server; every
 * field has limits and a Polish message. The age rule needs "today", so that step's schema is made
 * for a given day.
 */

/** The spec's eight purposes, by the names forms and the contract use (common.v1.LoanPurpose). */
export const LOAN_PURPOSES = [
  { value: 'credit_card_repayment', label: 'Spłata karty kredytowej' },
  { value: 'debt_consolidation', label: 'Konsolidacja zadłużenia' },
  { value: 'medical', label: 'Leczenie' },
  { value: 'vacation', label: 'Wakacje i podróże' },
  { value: 'rent', label: 'Czynsz' },
  { value: 'home_repair', label: 'Remont domu' },
  { value: 'car_repair', label: 'Naprawa samochodu' },
  { value: 'other', label: 'Inny cel' },
] as const;
export type LoanPurposeValue = (typeof LOAN_PURPOSES)[number]['value'];

/** Sources of income asked in the personal details step. */
export const INCOME_SOURCES = [
  { value: 'employment', label: 'Umowa o pracę' },
  { value: 'civil_contract', label: 'Umowa zlecenie lub o dzieło' },
  { value: 'self_employment', label: 'Własna działalność gospodarcza' },
  { value: 'pension', label: 'Emerytura lub renta' },
  { value: 'other', label: 'Inne źródło' },
] as const;
export type IncomeSourceValue = (typeof INCOME_SOURCES)[number]['value'];

/** A loan request's amount (whole złoty) and period (days) bounds. */
export interface LoanRequestLimits {
  amount: { minZl: number; maxZl: number };
  periodDays: { min: number; max: number };
}

/**
 * Sanity bounds of any loan request, not the site's offer: the forms offer the catalogue's range
 * (`loanRequestLimitsOf`, from the offers service's figures), which these contain, so the leads
 * service, which checks only these, never refuses what a form offers. The amount is a consumer
 * credit's: at most 255 550 zł (art. 3 ust. 1 ustawy o kredycie konsumenckim, the figure of
 * @lib/finance); the period has no legal bound and is capped at ten years to keep out nonsense.
 */
export const LOAN_REQUEST_LIMITS: LoanRequestLimits = {
  amount: { minZl: 1, maxZl: zlotyFromGrosze(CONSUMER_CREDIT_ACT_MAX_GROSZE) },
  periodDays: { min: 1, max: 3_650 },
};

/** What the offers catalogue states about its amounts and periods (offers.v1.CatalogueFigures). */
export interface CatalogueRange {
  amountMinGrosze: number;
  amountMaxGrosze: number;
  periodMinDays: number;
  periodMaxDays: number;
}

/**
 * The range a form offers: the catalogue's amounts in whole złoty (the smallest rounded up, the
 * largest down) and periods, cut to LOAN_REQUEST_LIMITS; null when the catalogue states no usable
 * range (no offers, or none of it inside the sanity bounds).
 */
export function loanRequestLimitsOf(catalogue: CatalogueRange): LoanRequestLimits | null {
  const { amount, periodDays } = LOAN_REQUEST_LIMITS;
  if (catalogue.amountMaxGrosze <= 0 || catalogue.periodMaxDays <= 0) return null;
  const periodMin = catalogue.periodMinDays > 0 ? catalogue.periodMinDays : catalogue.periodMaxDays;
  const limits: LoanRequestLimits = {
    amount: {
      minZl: Math.max(Math.ceil(Math.max(catalogue.amountMinGrosze, 0) / GROSZE_PER_ZLOTY), amount.minZl),
      maxZl: Math.min(Math.floor(catalogue.amountMaxGrosze / GROSZE_PER_ZLOTY), amount.maxZl),
    },
    periodDays: {
      min: Math.max(periodMin, periodDays.min),
      max: Math.min(catalogue.periodMaxDays, periodDays.max),
    },
  };
  return limits.amount.minZl <= limits.amount.maxZl && limits.periodDays.min <= limits.periodDays.max
    ? limits
    : null;
}

/** Whole złoty as the site writes amounts (@lib/pl-format): '30 000 zł', non-breaking spaces. */
export function wholeZlotyText(zloty: number): string {
  return formatZloty(zloty);
}

/**
 * The loan request's messages: with the range the form offers they name it; without one (the
 * catalogue's figures unknown) they name only the sanity bounds, which come from the law.
 */
export function loanRequestMessages(limits: LoanRequestLimits | null): {
  amount: string;
  periodDays: string;
} {
  if (!limits)
    return {
      amount: `Podaj kwotę w pełnych złotych, najwyżej ${wholeZlotyText(LOAN_REQUEST_LIMITS.amount.maxZl)} (górna granica kredytu konsumenckiego)`,
      periodDays: `Podaj okres spłaty w pełnych dniach, od ${LOAN_REQUEST_LIMITS.periodDays.min} do ${LOAN_REQUEST_LIMITS.periodDays.max}`,
    };
  return {
    amount: `Wybierz kwotę od ${wholeZlotyText(limits.amount.minZl)} do ${wholeZlotyText(limits.amount.maxZl)}`,
    periodDays: `Wybierz okres od ${limits.periodDays.min} do ${limits.periodDays.max} dni`,
  };
}

const SANITY_MESSAGES = loanRequestMessages(null);

export const APPLICATION_MESSAGES = {
  /** The sanity bounds' messages; a form offering the catalogue's range uses loanRequestMessages(limits). */
  amount: SANITY_MESSAGES.amount,
  periodDays: SANITY_MESSAGES.periodDays,
  purpose: 'Wybierz cel pożyczki',
  firstName: 'Podaj imię (od 2 do 50 liter)',
  lastName: 'Podaj nazwisko (od 2 do 60 liter)',
  email: MESSAGES.email,
  // The unsubscribe form's phone message, kept the same here; a landline number is refused with it too:
  // lenders text the applicant.
  phone: MESSAGES.phone,
  pesel: 'Wprowadź prawidłowy numer PESEL',
  idCard: 'Wprowadź prawidłowy numer dowodu osobistego (3 litery i 6 cyfr)',
  bankAccount: 'Wprowadź prawidłowy numer konta bankowego (26 cyfr)',
  incomeSource: 'Wybierz źródło dochodu',
  consentRequired: 'Ta zgoda jest potrzebna, aby złożyć wniosek',
  consentVersion: 'Odśwież stronę: treść zgody się zmieniła',
} as const;

const AGE_MESSAGE_START = 'Przez nasz formularz wniosek może złożyć osoba';

/**
 * The PESEL's age message, naming the ages accepted: those the lenders the form passes applications
 * to take (with no upper limit, only the youngest age).
 */
export function applicantAgeMessage(ages: ApplicantAges): string {
  return ages.max === null
    ? `${AGE_MESSAGE_START}, która ma co najmniej ${ages.min} lat`
    : `${AGE_MESSAGE_START} w wieku od ${ages.min} do ${ages.max} lat – tylko takie osoby przyjmują pożyczkodawcy, którym przekazujemy wnioski`;
}

/** Whether a text is an age message of applicantAgeMessage (for any ages): a form may show it as it is. */
export const isApplicantAgeMessage = (text: string): boolean =>
  text.startsWith(AGE_MESSAGE_START) && text.length <= 200;

/** Whole złoty or days as typed in a form field (digits only, at most seven). */
const wholeNumber = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string().trim().max(7, message)]).transform((value, ctx) => {
    const number = typeof value === 'number' ? value : /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(number) || number < min || number > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });

const PURPOSE_VALUES = LOAN_PURPOSES.map((p) => p.value) as [LoanPurposeValue, ...LoanPurposeValue[]];
const INCOME_VALUES = INCOME_SOURCES.map((p) => p.value) as [IncomeSourceValue, ...IncomeSourceValue[]];

/**
 * Step 1 (amount, period in days, purpose) for the range a form offers, with messages naming it;
 * null: the sanity bounds alone (the leads service's check, and a form whose range is unknown).
 */
export function loanRequestSchemaFor(limits: LoanRequestLimits | null) {
  const bounds = limits ?? LOAN_REQUEST_LIMITS;
  const messages = loanRequestMessages(limits);
  return z.object({
    amount: wholeNumber(messages.amount, bounds.amount.minZl, bounds.amount.maxZl),
    periodDays: wholeNumber(messages.periodDays, bounds.periodDays.min, bounds.periodDays.max),
    purpose: z.enum(PURPOSE_VALUES, { error: APPLICATION_MESSAGES.purpose }),
  });
}

/** Step 1 within the sanity bounds. */
export const loanRequestSchema = loanRequestSchemaFor(null);
export type LoanRequestInput = z.output<typeof loanRequestSchema>;

/** Letters (any script), spaces, hyphens and apostrophes; no hidden or control characters. */
const PERSON_NAME = /^\p{L}[\p{L}\p{M}' \-’]*$/u;
const personName = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(2, message)
    .max(max, message)
    .refine((value) => !hasHiddenCharacters(value), HIDDEN_CHARACTERS_MESSAGE)
    .refine((value) => PERSON_NAME.test(value), message);

/** Step 2: first and last name, e-mail, mobile phone. */
export const contactDetailsSchema = z.object({
  firstName: personName(APPLICATION_MESSAGES.firstName, 50),
  lastName: personName(APPLICATION_MESSAGES.lastName, 60),
  email: z
    .string()
    .trim()
    .max(254, APPLICATION_MESSAGES.email)
    .refine(isEmail, APPLICATION_MESSAGES.email)
    .transform(normalizeEmail),
  phone: z
    .string()
    .trim()
    .max(32, APPLICATION_MESSAGES.phone)
    .transform((value, ctx) => {
      const phone = normalizePolishMobile(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.phone });
        return z.NEVER;
      }
      return phone;
    }),
});
export type ContactDetailsInput = z.output<typeof contactDetailsSchema>;

/**
 * The consents the last step asks for, each one unticked checkbox with its exact text. The version
 * id names the text: change the text, change the id, so every stored consent says what was agreed to.
 */
export const CONSENTS = [
  {
    key: 'terms',
    required: true,
    version: 'terms-2026-11-v1',
    text: 'Akceptuję regulamin serwisu i potwierdzam, że podane przeze mnie dane są prawdziwe.',
  },
  {
    key: 'matching',
    required: true,
    version: 'matching-2026-11-v1',
    text: 'Zgadzam się na przetwarzanie podanych danych w celu dopasowania do mojego wniosku ofert pożyczkodawców współpracujących z serwisem.',
  },
  {
    key: 'delivery',
    required: false,
    version: 'delivery-2026-11-v1',
    text: 'Zgadzam się na przekazanie mojego wniosku wymienionym wyżej pożyczkodawcom; każdy z nich otrzyma tylko te dane, których wymaga do rozpatrzenia wniosku.',
  },
  {
    key: 'creditBureau',
    required: false,
    version: 'credit-bureau-2026-11-v1',
    text: 'Zgadzam się, aby pożyczkodawcy sprawdzili moją historię kredytową w biurach informacji kredytowej i gospodarczej (BIK, BIG InfoMonitor, KRD, ERIF).',
  },
  {
    key: 'marketingEmail',
    required: false,
    version: 'marketing-email-2026-11-v1',
    text: 'Chcę otrzymywać informacje o nowych ofertach pożyczek na mój adres e-mail.',
  },
  {
    key: 'marketingSms',
    required: false,
    version: 'marketing-sms-2026-11-v1',
    text: 'Chcę otrzymywać informacje o nowych ofertach pożyczek SMS-em.',
  },
  {
    key: 'marketingPhone',
    required: false,
    version: 'marketing-phone-2026-11-v1',
    text: 'Zgadzam się na kontakt telefoniczny w sprawie ofert pożyczek.',
  },
] as const;
export type ConsentKey = (typeof CONSENTS)[number]['key'];

/** One consent as a form sends it: ticked or not, and the version of the text that was shown. */
const consentSchema = (consent: (typeof CONSENTS)[number]) =>
  z
    .object({
      given: z.boolean(),
      textVersion: z.string().max(64, APPLICATION_MESSAGES.consentVersion),
    })
    .superRefine((value, ctx) => {
      if (value.textVersion !== consent.version)
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.consentVersion, path: ['textVersion'] });
      if (consent.required && !value.given)
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.consentRequired, path: ['given'] });
    });

const consentsSchema = z.object(
  Object.fromEntries(CONSENTS.map((consent) => [consent.key, consentSchema(consent)])) as {
    [K in ConsentKey]: ReturnType<typeof consentSchema>;
  },
);

/** The identity fields step 3 asks only when a lender the application would go to requires them. */
export const IDENTITY_FIELDS = ['pesel', 'idCard', 'bankAccount'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
const ALL_IDENTITY_FIELDS: ReadonlySet<IdentityField> = new Set(IDENTITY_FIELDS);

/** A field the form did not ask for: whatever arrives is dropped, never stored. */
const notAsked = z.unknown().transform((): undefined => undefined);

/**
 * Step 3 for an application made on `today` ('YYYY-MM-DD'): the identity fields `asked` (PESEL:
 * checksum, then one of the `ages` the form accepts; ID card; bank account), income source, consents.
 */
export function personalDetailsSchema(
  today: string,
  asked: ReadonlySet<IdentityField> = ALL_IDENTITY_FIELDS,
  ages: ApplicantAges = ADULT_APPLICANTS,
) {
  const pesel = z
    .string()
    .trim()
    .max(11, APPLICATION_MESSAGES.pesel)
    .superRefine((value, ctx) => {
      const pesel = parsePesel(value);
      if (!pesel) ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.pesel });
      else if (!isApplicantAge(pesel, today, ages))
        ctx.addIssue({ code: 'custom', message: applicantAgeMessage(ages) });
    });
  const idCard = z
    .string()
    .max(16, APPLICATION_MESSAGES.idCard)
    .refine(isIdCardNumber, APPLICATION_MESSAGES.idCard)
    .transform(normalizeIdCardNumber);
  const bankAccount = z
    .string()
    .max(40, APPLICATION_MESSAGES.bankAccount)
    .refine(isPolishBankAccount, APPLICATION_MESSAGES.bankAccount)
    .transform((value) => normalizeNrb(value)!);
  return z.object({
    pesel: asked.has('pesel') ? pesel : notAsked,
    idCard: asked.has('idCard') ? idCard : notAsked,
    bankAccount: asked.has('bankAccount') ? bankAccount : notAsked,
    incomeSource: z.enum(INCOME_VALUES, { error: APPLICATION_MESSAGES.incomeSource }),
    consents: consentsSchema,
  });
}
export type PersonalDetailsInput = z.output<ReturnType<typeof personalDetailsSchema>>;

/** The registration form version from `ver` (or session storage `reg_version`): only '2' or '3'; anything else is ignored. */
export function parseRegistrationFormVersion(value: string | null | undefined): 2 | 3 | undefined {
  return value === '2' ? 2 : value === '3' ? 3 : undefined;
}

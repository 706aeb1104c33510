import { type Grosze } from '@lib/finance';
import {
  type ApplicantAges,
  CONSENTS,
  INCOME_SOURCES,
  type IdentityField,
  LOAN_PURPOSES,
  type LoanRequestLimits,
  loanRequestMessages,
} from '@lib/pl-validation';
import { type FormVersion, type JourneyStep } from './journey-fields';

/**
 * What the forms offer, from @lib/pl-validation: sent as page data by the server (which imports the
 * library), so the page chunk of client-side navigation does not carry the validation library.
 */
export interface ApplicationOptions {
  purposes: { value: string; label: string }[];
  incomeSources: { value: string; label: string }[];
  consents: { key: (typeof CONSENTS)[number]['key']; required: boolean; version: string; text: string }[];
  /**
   * The amounts and periods the loan request offers: the offers catalogue's range, the one the home
   * headline and sliders state; null while it is unknown (no range is stated then).
   */
  limits: LoanRequestLimits | null;
  /** The loan request's messages, naming that range (or, without one, only the legal bound). */
  limitMessages: { amount: string; periodDays: string };
}

/** The options of the forms (server side: page data of every journey page), for the catalogue's range. */
export function applicationOptions(limits: LoanRequestLimits | null): ApplicationOptions {
  const pair = ({ value, label }: { value: string; label: string }) => ({ value, label });
  return {
    purposes: LOAN_PURPOSES.map(pair),
    incomeSources: INCOME_SOURCES.map(pair),
    consents: CONSENTS.map(({ key, required, version, text }) => ({ key, required, version, text })),
    limits: limits ? { amount: { ...limits.amount }, periodDays: { ...limits.periodDays } } : null,
    limitMessages: loanRequestMessages(limits),
  };
}

/**
 * Where step 3's application would go, from the leads service's PreviewDelivery for the draft
 * (delivery-preview.ts): the lenders the delivery consent names and the identity fields they need.
 */
export interface DeliveryPreviewView {
  /**
   * False when the preview could not be read (the leads service failed): every identity field is
   * asked, no lender is named and the delivery consent is not offered (the application is then
   * matched only, which the page says).
   */
  known: boolean;
  /** The lenders' names, best match first; empty: none takes applications (matched only). */
  lenders: string[];
  /** The identity fields the form asks, in form order. */
  asked: IdentityField[];
  /**
   * The ages the PESEL is accepted at: those of the lenders the form passes applications to
   * (PreviewDelivery's limits); any adult while they are not known.
   */
  ages: ApplicantAges;
}

/**
 * One page of the journey: personal (the visitor's values, a token bound to their cookie), so it
 * is drawn per request by application.api.ts, answered `no-store`, never cached or memoised.
 */
export interface ApplicationPageData {
  step: JourneyStep;
  /** Where the form posts: /process/, /reg/, /reg2/ or /main/. */
  action: string;
  /** The registration form version the journey goes by (0: none). */
  formVersion: FormVersion;
  /** Values by form field name (kept after an error, or from the draft). */
  values: Record<string, string>;
  /** Polish messages by form field name. */
  errors: Record<string, string>;
  /** A message about the whole form, if any. */
  message: string | null;
  /** The CSRF token of the form ('' when none could be drawn: the post then answers 403). */
  csrfToken: string;
  /** The submission's idempotency key (the last step only; '' elsewhere). */
  idempotencyKey: string;
  /** The loan request chosen so far, shown above the later steps. */
  summary: { amountGrosze: Grosze; periodDays: number; purpose: string } | null;
  /** Where the "back" link of this step goes; null on the first. */
  back: string | null;
  /** The draft's resume link (resume-link.ts, absolute) to continue on another device; null before a draft exists. */
  resumeLink: string | null;
  options: ApplicationOptions;
  /** Step 3 only: where the application would go and what that needs; null on the other steps. */
  delivery: DeliveryPreviewView | null;
}

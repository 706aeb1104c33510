import { type ErasureState, type SelfServiceChange } from './self-service-texts';

/** One consent as the overview shows it, over all the person's applications. */
export interface ConsentRowView {
  /** The withdrawal form's value (a consent key of @lib/pl-validation, or a legacy type's). */
  key: string;
  label: string;
  /** The consent's wording on the form, when the current form asks it (empty for legacy types). */
  text: string;
  /** granted: in force; answered: answered no, or withdrawn; never: not asked. */
  state: 'granted' | 'answered' | 'never';
  /** When it was last answered (RFC 3339); empty when never. */
  answeredAt: string;
  marketing: boolean;
}

/** GetSelfServiceOverview as the page shows it. */
export interface OverviewView {
  maskedAddress: string;
  applications: number;
  contactMessages: number;
  pendingDeliveries: number;
  marketingStopped: boolean;
  /** When the session ends (RFC 3339). */
  sessionExpiresAt: string;
  consents: ConsentRowView[];
}

/** The CSRF tokens of the overview's forms (drawn for this visitor). */
export interface OverviewTokens {
  withdraw: string;
  erase: string;
}

/**
 * '/moje-dane/': everything it shows is this person's, so the page is drawn per request and never
 * cached (the handler gives it a form state). Its views:
 * - confirm: the mailed link opened (`?t=`): one POST button uses it (mail scanners that fetch
 *   links do not);
 * - overview: the session's data, consents and the forms acting on them;
 * - ended: no session in this browser, or it is over;
 * - erased: an erasure's state and what it removed (`?wniosek=`);
 * - notice: a link that does not open (used, expired, unknown: with the way to a new one), or a
 *   service that failed.
 */
export type SelfServicePageData =
  | { view: 'confirm'; linkToken: string; csrfToken: string; message: string | null }
  | {
      view: 'overview';
      overview: OverviewView;
      tokens: OverviewTokens;
      notice: SelfServiceChange | null;
      message: string | null;
      errors: Record<string, string>;
    }
  | { view: 'ended' }
  | { view: 'erased'; requestId: string; state: ErasureState; erasedRecords: number }
  | { view: 'notice'; title: string; message: string; newLink: boolean };

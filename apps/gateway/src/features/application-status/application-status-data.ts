import { type Section } from '../../app/section';
import { type OfferBlock } from '../../app/view-types';

/** A delivery's state as the page names it ('retrying': queued again after a failed attempt). */
export type DeliveryStateKey =
  'queued' | 'retrying' | 'sent' | 'accepted' | 'rejected' | 'failed' | 'withdrawn' | 'unknown';

/** One lender the application went (or goes) to. */
export interface LenderStatusView {
  deliveryId: string;
  name: string;
  state: DeliveryStateKey;
  /** The state in Polish ('przyjęty do rozpatrzenia'). */
  stateText: string;
  /** When the state last changed (RFC 3339); '' when unknown. */
  updatedAt: string;
  /** The same in Polish, Warsaw time ('28 listopada 2026 18:41'); '' when unknown. */
  updatedText: string;
}

/** Why an application went to no lender: the delivery consent was not given, or no lender takes applications. */
export type MatchedOnlyReason = 'declined' | 'no-lenders';

/** The status of one submitted application. */
export interface ApplicationStatusData {
  kind: 'status';
  /** The page's own address (the 'Odśwież status' link): personal, never shared. */
  refreshHref: string;
  /** 'Twój wniosek przekazaliśmy do 3 pożyczkodawców', or the matched-only heading. */
  heading: string;
  amountGrosze: number;
  periodDays: number;
  /** When it was submitted (RFC 3339) and the same in Polish; '' when unknown. */
  submittedAt: string;
  submittedText: string;
  /** Null while deliveries exist; otherwise why there are none. */
  matchedOnly: MatchedOnlyReason | null;
  lenders: LenderStatusView[];
  /** The lenders are the partner sandbox's test accounts: the list carries the sample notice. */
  sandboxLenders: boolean;
  /** The offers matched for the applicant's own amount and period (the lead feed's, when it answers). */
  offers: Section<OfferBlock>;
}

/** The page: the status, or why there is none to show. */
export type ApplicationStatusPageData =
  | ApplicationStatusData
  /** The token is missing, malformed, forged, unknown or expired (404). */
  | { kind: 'invalid' }
  /** The leads service did not answer (503): the status cannot be shown now. */
  | { kind: 'unavailable'; refreshHref: string };

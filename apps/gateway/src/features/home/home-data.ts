import { type Section } from '../../app/section';
import { type ContentPageView, type OfferBlock } from '../../app/view-types';

export interface RateRow {
  code: string;
  currency: string;
  /** NBP mid rate as a decimal string with four decimals. */
  mid: string;
}

export interface RatesBox {
  tableNo: string;
  effectiveDate: string;
  rates: RateRow[];
}

/** A loan purpose the calculator offers (the application's, @lib/pl-validation LOAN_PURPOSES). */
export interface PurposeOption {
  value: string;
  label: string;
}

/**
 * The purposes as page data: the loaders read them from @lib/pl-validation on the server, so the
 * page chunks (client-side navigation) do not carry the validation library for a list of names.
 */
export function purposeOptions(purposes: readonly PurposeOption[]): PurposeOption[] {
  return purposes.map(({ value, label }) => ({ value, label }));
}

export interface HomeData {
  /** Hero copy and body text from the content service's '/' page. */
  page: ContentPageView;
  offers: Section<OfferBlock>;
  rates: Section<RatesBox>;
  /** The A/B experiments running on '/' in this country (their variants are the gateway's, per visitor). */
  experimentIds: string[];
  /** The purposes of the calculator's choice. */
  purposes: PurposeOption[];
}

/** Currencies shown in the home page's NBP box, in this order. */
export const HOME_RATE_CODES = ['EUR', 'USD', 'CHF', 'GBP'] as const;
/** Offers shown on the home page. */
export const HOME_OFFER_LIMIT = 6;

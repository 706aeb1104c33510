import { type Section } from '../../app/section';
import { type ContentPageView, type OfferCard } from '../../app/view-types';

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

export interface HomeData {
  /** Hero copy and body text from the content service's '/' page. */
  page: ContentPageView;
  offers: Section<{ items: OfferCard[]; total: number }>;
  rates: Section<RatesBox>;
}

/** Currencies shown in the home page's NBP box, in this order. */
export const HOME_RATE_CODES = ['EUR', 'USD', 'CHF', 'GBP'] as const;
/** Offers shown on the home page. */
export const HOME_OFFER_LIMIT = 6;

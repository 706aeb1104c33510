import { type ContentPageView } from '../content/content-data';
import { type Section } from '../section';

export interface OfferCard {
  id: string;
  name: string;
  link: string;
  /** Decimal string such as '4.8'; empty when the feed gave none. */
  stars: string;
  amountMinGrosze: number;
  amountMaxGrosze: number;
  periodMinDays: number;
  periodMaxDays: number;
  aprBasisPoints: number;
  firstLoanFree: boolean;
  tags: string[];
}

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

import { type SliderRange } from '@lib/finance';
import { type Section } from '../../app/section';
import { type ContentPageView, type OfferBlock } from '../../app/view-types';
import { type LoanExampleView } from './loan-example-endpoint';

export interface RateRow {
  code: string;
  currency: string;
  /** NBP mid rate as a decimal string with four decimals. */
  mid: string;
}

export interface RatesBox {
  tableNo: string;
  effectiveDate: string;
  /** The table is from the NBP archive shipped with the service: sample data, never current. */
  embedded: boolean;
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

/** What the offers catalogue says about the sliders (offers.v1.CatalogueFigures). */
export interface CatalogueView {
  /** The amounts and periods the forms offer; null when the catalogue states no range. */
  range: SliderRange | null;
  /** Some lender offers a free first loan. */
  firstLoanFree: boolean;
  /** The figures come from the bundled sample feed. */
  sample: boolean;
  /** 'YYYY-MM-DD' the feed was fetched; '' unknown. */
  asOf: string;
}

/** Where the sliders start, which is also what the example and the home offers are asked for. */
export interface SliderStart {
  amountZl: number;
  periodDays: number;
}

/** The sliders, their example and the purpose choice (home page and /lp/). */
export interface CalculatorData {
  /** Unavailable while the offers service does not answer: no range is stated then. */
  catalogue: Section<CatalogueView>;
  start: SliderStart;
  /** The best-ranked priced offer's representative example at the start; null: none fits. */
  example: Section<LoanExampleView | null>;
  purposes: PurposeOption[];
}

export interface HomeData extends CalculatorData {
  /** Hero copy and body text from the content service's '/' page. */
  page: ContentPageView;
  /** "Polecane oferty": MatchOffers' ranking for the sliders' start. */
  offers: Section<OfferBlock>;
  rates: Section<RatesBox>;
  /** The A/B experiments running on '/' in this country (their variants are the gateway's, per visitor). */
  experimentIds: string[];
}

/** Currencies shown in the home page's NBP box, in this order. */
export const HOME_RATE_CODES = ['EUR', 'USD', 'CHF', 'GBP'] as const;
/** Offers shown on the home page. */
export const HOME_OFFER_LIMIT = 6;

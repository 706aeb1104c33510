import { type Zloty } from '@lib/finance';

/**
 * What MatchOffers is asked for by pages that do not let the visitor choose: the home page's
 * "Polecane oferty", the offers block of SEO and review pages. An SEO page whose subject is a
 * filter (an amount, a term, an age group) asks for offers that fit it and names it in the
 * block's title. Pure: the address decides, nothing about the visitor.
 */

/** A loan request for MatchOffers, in the units the page speaks (zł, days, years). */
export interface OfferRequest {
  amountZl: Zloty;
  periodDays: number;
  /** Borrower's age; 0: not checked. */
  age: number;
  /** The block's title names the filter ('' for the general request). */
  label: string;
}

/** The request of the home page and of any page without a filter of its own: 2 000 zł for 30 days. */
export const DEFAULT_OFFER_REQUEST: OfferRequest = { amountZl: 2_000, periodDays: 30, age: 0, label: '' };

/** SEO pages whose subject is a filter, by path. */
const SEO_FILTERS: Readonly<Record<string, Partial<OfferRequest> & { label: string }>> = {
  '/pozyczka-100-zl/': { amountZl: 100, label: 'Oferty na 100 zł' },
  '/pozyczka-1000-zl/': { amountZl: 1_000, label: 'Oferty na 1000 zł' },
  '/pozyczka-5000-zl/': { amountZl: 5_000, periodDays: 365, label: 'Oferty na 5000 zł' },
  '/kredyt-10-tysiecy/': { amountZl: 10_000, periodDays: 730, label: 'Oferty na 10 000 zł' },
  '/pozyczka-na-60-dni/': { periodDays: 60, label: 'Oferty na 60 dni' },
  '/pozyczka-dlugoterminowa/': { amountZl: 5_000, periodDays: 730, label: 'Oferty na 24 miesiące' },
  '/pozyczki-na-raty/': { amountZl: 3_000, periodDays: 365, label: 'Oferty na raty' },
  '/pozyczki-od-18-lat/': { age: 18, label: 'Oferty dla osób od 18 lat' },
  '/pozyczki-od-20-lat/': { age: 20, label: 'Oferty dla osób od 20 lat' },
  '/pozyczki-dla-studentow/': { age: 19, label: 'Oferty dla studentów' },
  '/pozyczki-dla-emerytow/': { age: 70, label: 'Oferty dla emerytów' },
};

/** The request of an SEO page: its own filter, else the default. */
export function offerRequestForPage(path: string): OfferRequest {
  const filter = SEO_FILTERS[path];
  return filter ? { ...DEFAULT_OFFER_REQUEST, ...filter } : DEFAULT_OFFER_REQUEST;
}

import { type contentV1 } from '@lib/contracts';
import { type Zloty, groszeFromZloty, zlotyFromGrosze } from '@lib/finance';
import { formatMoneyWhole, plural } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { offersListPath } from '../site-paths/offers';

/**
 * What MatchOffers is asked for by pages that do not let the visitor choose: the offers block of
 * SEO pages (each declares its request in its front matter, carried by GetPage: the one source of
 * what a page shows), the home page's and review pages' blocks and the landings (the default). The
 * block's heading is worded from the request itself, so it says exactly what the block shows.
 * Pure: nothing about the visitor.
 */

/** Narrowings of a page's block (MatchOffersRequest's filters). */
export interface OfferFilters {
  /** Feed product types ('payday', 'installment'); empty: any. */
  productTypes: string[];
  firstLoanFreeOnly: boolean;
  /** Borrower ages every offer must take; 0: that end not asked. */
  ageFrom: number;
  ageTo: number;
  business: boolean;
  withoutCreditCheck: boolean;
}

export const NO_OFFER_FILTERS: OfferFilters = {
  productTypes: [],
  firstLoanFreeOnly: false,
  ageFrom: 0,
  ageTo: 0,
  business: false,
  withoutCreditCheck: false,
};

/** A page an empty block sends the visitor to. */
export interface OfferFallback {
  path: string;
  title: string;
}

/** A loan request for MatchOffers, in the units the page speaks (zł, days, years). */
export interface OfferRequest {
  amountZl: Zloty;
  periodDays: number;
  /** Borrower's age; 0: not checked. */
  age: number;
  /** A page's narrowing; none when absent. */
  filters?: OfferFilters;
  /** Where an empty block sends the visitor; absent: the offers list for the same amount and period. */
  fallback?: OfferFallback | null;
  /** The block's heading when the page words it itself; absent or '': worded from the request. */
  label?: string;
}

/**
 * The request of the home page, the landings and any page without a declaration of its own:
 * 2 000 zł for 61 days, the shortest period most offers of the feeds lend for (a shorter default
 * would leave most of them apart, under another period).
 */
export const DEFAULT_OFFER_REQUEST: OfferRequest = { amountZl: 2_000, periodDays: 61, age: 0 };

/**
 * The request an SEO page declares (GetPage's offer_block); the default when the page carries
 * none (a content service that does not send it yet).
 */
export function offerRequestForPage(block: contentV1.PageOfferBlock | null | undefined): OfferRequest {
  if (!block || block.amountGrosze <= 0 || block.periodDays <= 0) return DEFAULT_OFFER_REQUEST;
  return {
    amountZl: zlotyFromGrosze(block.amountGrosze),
    periodDays: block.periodDays,
    age: 0,
    filters: {
      productTypes: [...block.productTypes],
      firstLoanFreeOnly: block.firstLoanFreeOnly,
      ageFrom: block.ageFrom,
      ageTo: block.ageTo,
      business: block.business,
      withoutCreditCheck: block.withoutCreditCheck,
    },
    fallback: block.fallbackPath !== '' ? { path: block.fallbackPath, title: block.fallbackTitle } : null,
  };
}

/** '61 dni', '1 dzień', '720 dni (24 mies.)': a period as the headings say it. */
export function periodText(days: number): string {
  const base = `${days} ${plural(days, 'dzień', 'dni', 'dni')}`;
  return days >= 90 && days % 30 === 0 ? `${base} (${days / 30} mies.)` : base;
}

/** What the product types are called in a heading ('' for any). */
function subjectOf(filters: OfferFilters): string {
  const types = new Set(filters.productTypes);
  if (filters.business) return 'Pożyczki dla firm';
  if (types.size === 1 && types.has('payday')) return 'Chwilówki (spłata jednorazowa)';
  if (types.size === 1 && types.has('installment')) return 'Pożyczki ratalne';
  return 'Oferty pożyczek';
}

function agesText(from: number, to: number): string {
  if (from > 0 && to > 0) return ` dla osób w wieku ${from}–${to} lat`;
  if (from > 0) return ` dla osób od ${from} lat`;
  if (to > 0) return ` dla osób do ${to} lat`;
  return '';
}

/**
 * The block's heading, worded from what it asks for, e.g. 'Chwilówki (spłata jednorazowa)
 * z darmową pierwszą pożyczką: 1 000 zł na 61 dni'.
 */
export function offerBlockHeading(request: OfferRequest, locale: Pick<Locale, 'code' | 'currency'>): string {
  if (request.label) return request.label;
  const filters = request.filters ?? NO_OFFER_FILTERS;
  const free = filters.firstLoanFreeOnly ? ' z darmową pierwszą pożyczką' : '';
  const credit = filters.withoutCreditCheck ? ' bez sprawdzania baz dłużników' : '';
  const amount = formatMoneyWhole(locale, groszeFromZloty(request.amountZl));
  return `${subjectOf(filters)}${free}${credit}${agesText(filters.ageFrom, filters.ageTo)}: ${amount} na ${periodText(request.periodDays)}`;
}

/** Where an empty block sends the visitor: the page's own choice, else the offers list of the same request. */
export function fallbackOf(request: OfferRequest, locale: Pick<Locale, 'code' | 'currency'>): OfferFallback {
  if (request.fallback) return request.fallback;
  return {
    path: offersListPath(request.amountZl, request.periodDays),
    title: `Wszystkie oferty na ${formatMoneyWhole(locale, groszeFromZloty(request.amountZl))} i ${periodText(request.periodDays)}`,
  };
}

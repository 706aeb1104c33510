import {
  DAYS_PER_INSTALMENT,
  type LoanCost,
  type LoanTerms,
  firstLoanFreeApplies,
  freeFirstLoanCost,
  loanCost,
  regularTermsStated,
} from './loan-cost';
import { type NormalisedOffer } from './normalise';

/** The feeds' `product_type` values a list may be limited to (what the partners' feeds carry). */
export const OFFER_PRODUCT_TYPES = ['payday', 'installment'] as const;
export type OfferProductType = (typeof OFFER_PRODUCT_TYPES)[number];

export const isOfferProductType = (value: string): value is OfferProductType =>
  (OFFER_PRODUCT_TYPES as readonly string[]).includes(value);

/**
 * Narrowings a list may ask for that no feed can answer: no feed marks an offer as a loan for
 * businesses or as granted without a check in the credit bureaus, so no offer can be shown as one.
 * A request asking for one matches nothing and names it, for the page to say why it shows no offers.
 */
export const UNSUPPORTED_FILTERS = ['business', 'withoutCreditCheck'] as const;
export type UnsupportedFilter = (typeof UNSUPPORTED_FILTERS)[number];

/** What a list is narrowed to beyond the amount, the period and the borrower's own age. */
export interface OfferFilters {
  /** Only offers of these product types; empty: any. */
  productTypes: readonly OfferProductType[];
  /** Only offers whose free first loan covers the amount and period asked for. */
  firstLoanFreeOnly: boolean;
  /**
   * Only offers whose stated age limits take every borrower from `ageFrom` to `ageTo` years (0: that
   * end not asked). An offer that states no limit on an asked end is left out: the list would claim
   * what its feed does not say.
   */
  ageFrom: number;
  ageTo: number;
  /** Only loans for businesses (unsupported: see UNSUPPORTED_FILTERS). */
  business: boolean;
  /** Only loans granted without a credit-bureau check (unsupported: see UNSUPPORTED_FILTERS). */
  withoutCreditCheck: boolean;
}

export const NO_FILTERS: OfferFilters = {
  productTypes: [],
  firstLoanFreeOnly: false,
  ageFrom: 0,
  ageTo: 0,
  business: false,
  withoutCreditCheck: false,
};

/** A loan request (money in grosze). */
export interface MatchRequest {
  amountGrosze: number;
  periodDays: number;
  /** Borrower's age in years; 0 when not given. */
  age: number;
  /** A page's narrowing of its list; none when absent. */
  filters?: OfferFilters;
}

export interface OfferMatch {
  offer: NormalisedOffer;
  /** 0–10 000, higher is better (see SCORE_WEIGHTS). */
  score: number;
  /** The period asked for is within the offer's limits; false: priced at the nearest period it allows. */
  withinLimits: boolean;
  /** The requested amount. */
  amountGrosze: number;
  /** The period priced: the requested one, or (outside the offer's limits) the nearest it allows. */
  periodDays: number;
  /**
   * What a new client pays for the amount over the priced period, as ranked (binary floating
   * point, see estimatedCostGrosze): 0 under a free first loan, else the regular terms' total cost;
   * null when the feed states no regular terms and the promotion does not cover the loan.
   */
  estimatedCostGrosze: number | null;
  /** The lender's free first loan covers this amount and period. */
  firstLoanFree: boolean;
}

export interface MatchResult {
  /** Offers able to lend the amount for the period asked, ranked by score, best first; no paid placement among them. */
  ranked: OfferMatch[];
  /**
   * Offers able to lend the amount, but not for the period asked: each priced at the nearest period
   * it allows; the periods nearest the one asked first, then by score. Never counted or ranked with
   * `ranked`.
   */
  otherPeriod: OfferMatch[];
  /** Paid placements able to lend the amount for the period, in list order, for a separate labelled block. */
  sponsored: OfferMatch[];
  /**
   * Offers of brands that lend nothing themselves (comparison sites and credit intermediaries, as
   * `MatchOptions.passesApplicationsOn` tells), whose stated limits take the amount for the period,
   * in list order. Their feed terms are not a loan's: the cost is set by whichever lender they pass
   * the application to. So they are never scored, ranked, counted or priced (no cost, no
   * `firstLoanFree`), paid placement or not.
   */
  intermediaries: OfferMatch[];
  /** Filters asked for that no feed can answer (then nothing matches). */
  unsupported: UnsupportedFilter[];
}

/** What the feed cannot say about an offer, told by the caller (the offers service's lender facts). */
export interface MatchOptions {
  /** True for an offer of a brand that does not lend (a comparison site or credit intermediary). */
  passesApplicationsOn?: (offer: NormalisedOffer) => boolean;
}

/**
 * The published ranking method (page '/jak-tworzymy-ranking/', whose text a test holds to these
 * numbers): points out of 10 000 for offers able to lend the amount for the period asked.
 * - cost 9 000 × amount / (amount + cost): the cost a new client pays for the amount and period
 *   asked: 0 zł where the lender's free first loan covers them, else the total cost of credit at
 *   the offer's regular terms; an offer without a known cost scores 0 here;
 * - rating 1 000 × stars / 5, only for a rating the feed gives with its count and source
 *   (`hasSourcedRating`); stars drawn for a missing rating, or without count and source, score 0.
 * Whether the amount, period and age fit is a condition of being ranked at all, not points (the
 * 4 000 it once weighed went to the cost); a free first loan counts through its cost of 0 zł, not
 * as points of its own (its 2 000 went to the cost too). Ties go to the lower cost (unknown last),
 * then the header, then the offer id. Ranking compares costs computed in binary floating point
 * (exact to far below a grosz at these amounts, and the same on every replica), so 500 offers
 * rank in well under a millisecond; the figures answered for the offers shown are computed
 * exactly in decimal (`priceMatch`). Payment for placement does not enter the score: a sponsored
 * offer is answered apart, labelled, and never in the ranking.
 */
export const SCORE_WEIGHTS = { cost: 9_000, stars: 1_000 } as const;

/** A rating the site may show and score: from the feed (not drawn), with how many ratings and who collected them. */
export const hasSourcedRating = (
  offer: Pick<NormalisedOffer, 'starsDrawn' | 'ratingCount' | 'ratingSource'>,
): boolean => !offer.starsDrawn && offer.ratingCount > 0 && offer.ratingSource !== '';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Whether the offer's stated age limits take every borrower from `from` to `to` (0: that end not asked). */
function acceptsAges(offer: NormalisedOffer, from: number, to: number): boolean {
  if (from > 0) {
    if (offer.ageMin <= 0 || offer.ageMin > from) return false;
    if (offer.ageMax > 0 && offer.ageMax < from) return false;
  }
  if (to > 0) {
    if (offer.ageMax <= 0 || offer.ageMax < to) return false;
    if (offer.ageMin > to) return false;
  }
  return true;
}

/**
 * Whether an offer can lend the amount to this borrower, whatever the period: active, with limits,
 * the amount and age inside them, of the product types and ages a page narrows the list to.
 */
export function offerAccepts(offer: NormalisedOffer, request: MatchRequest): boolean {
  if (!offer.isActive || offer.amountMaxGrosze <= 0 || offer.periodMaxDays <= 0) return false;
  if (request.amountGrosze < offer.amountMinGrosze || request.amountGrosze > offer.amountMaxGrosze)
    return false;
  if (request.age > 0) {
    if (offer.ageMin > 0 && request.age < offer.ageMin) return false;
    if (offer.ageMax > 0 && request.age > offer.ageMax) return false;
  }
  const filters = request.filters ?? NO_FILTERS;
  if (filters.productTypes.length > 0 && !filters.productTypes.some((type) => type === offer.productType))
    return false;
  return acceptsAges(offer, filters.ageFrom, filters.ageTo);
}

/**
 * Total cost of credit (interest + commission + fee) in grosze at the regular terms, in floating
 * point, by the same rules as `loanCost`: simple interest actual/365 for a single repayment, the
 * annuity at the annual rate / 12 over round(days / 30) instalments for monthly repayment.
 */
export function estimatedCostGrosze(terms: LoanTerms, amountGrosze: number, periodDays: number): number {
  const fees = (amountGrosze * terms.commissionBp) / 10_000 + terms.feeGrosze;
  const annual = terms.interestRateBp / 10_000;
  if (terms.repayment === 'single') return (amountGrosze * annual * periodDays) / 365 + fees;
  const months = Math.max(1, Math.round(periodDays / DAYS_PER_INSTALMENT));
  const r = annual / 12;
  const instalment = r === 0 ? amountGrosze / months : (amountGrosze * r) / (1 - Math.pow(1 + r, -months));
  return instalment * months - amountGrosze + fees;
}

/** Points for a cost: 9 000 for a loan that costs nothing, 4 500 for one that costs as much as its amount, 0 when unknown. */
export function costPoints(costGrosze: number | null, amountGrosze: number): number {
  if (costGrosze === null) return 0;
  const amount = Math.max(1, amountGrosze);
  return Math.floor((SCORE_WEIGHTS.cost * amount) / (amount + Math.max(0, costGrosze)));
}

/** The offer's match for the request, priced at the period asked or, outside its limits, the nearest it allows. */
export function scoreMatch(offer: NormalisedOffer, request: MatchRequest): OfferMatch {
  const withinLimits = request.periodDays >= offer.periodMinDays && request.periodDays <= offer.periodMaxDays;
  const periodDays = clamp(request.periodDays, offer.periodMinDays, offer.periodMaxDays);
  const firstLoanFree = firstLoanFreeApplies(offer.terms, request.amountGrosze, periodDays);
  const cost = firstLoanFree
    ? 0
    : regularTermsStated(offer.terms)
      ? estimatedCostGrosze(offer.terms, request.amountGrosze, periodDays)
      : null;
  const starPoints = hasSourcedRating(offer)
    ? Math.floor((Number(offer.stars) * SCORE_WEIGHTS.stars) / 5)
    : 0;
  return {
    offer,
    score: costPoints(cost, request.amountGrosze) + starPoints,
    withinLimits,
    amountGrosze: request.amountGrosze,
    periodDays,
    estimatedCostGrosze: cost,
    firstLoanFree,
  };
}

const costOrder = (a: number | null, b: number | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b;

const byRank = (a: OfferMatch, b: OfferMatch) =>
  b.score - a.score ||
  costOrder(a.estimatedCostGrosze, b.estimatedCostGrosze) ||
  (a.offer.header < b.offer.header ? -1 : a.offer.header > b.offer.header ? 1 : 0) ||
  a.offer.offerId - b.offer.offerId;

/**
 * An offer of a brand that lends nothing itself, as matched: within the amount, and the period when
 * the offer's limits take it; no score and no cost, since no loan of its own is priced.
 */
function unpricedMatch(offer: NormalisedOffer, request: MatchRequest): OfferMatch {
  const withinLimits = request.periodDays >= offer.periodMinDays && request.periodDays <= offer.periodMaxDays;
  return {
    offer,
    score: 0,
    withinLimits,
    amountGrosze: request.amountGrosze,
    periodDays: clamp(request.periodDays, offer.periodMinDays, offer.periodMaxDays),
    estimatedCostGrosze: null,
    firstLoanFree: false,
  };
}

/** Which of the request's filters no feed can answer. */
export function unsupportedFilters(filters: OfferFilters | undefined): UnsupportedFilter[] {
  return filters ? UNSUPPORTED_FILTERS.filter((name) => filters[name]) : [];
}

/**
 * Matches a request against a normalised list: the offers able to lend the amount for the period,
 * ranked; apart, those able to lend it only for another period, the paid placements, and the
 * offers of brands that do not lend (`options.passesApplicationsOn`), never ranked or priced. A
 * list narrowed to free first loans leaves the last out: no loan of theirs is known to be free.
 */
export function matchOffers(
  offers: readonly NormalisedOffer[],
  request: MatchRequest,
  options: MatchOptions = {},
): MatchResult {
  const unsupported = unsupportedFilters(request.filters);
  if (unsupported.length > 0)
    return { ranked: [], otherPeriod: [], sponsored: [], intermediaries: [], unsupported };
  const firstLoanFreeOnly = request.filters?.firstLoanFreeOnly ?? false;
  const passesOn = options.passesApplicationsOn ?? (() => false);
  const ranked: OfferMatch[] = [];
  const otherPeriod: OfferMatch[] = [];
  const sponsored: OfferMatch[] = [];
  const intermediaries: OfferMatch[] = [];
  for (const offer of offers) {
    if (!offerAccepts(offer, request)) continue;
    if (passesOn(offer)) {
      const match = unpricedMatch(offer, request);
      if (match.withinLimits && !firstLoanFreeOnly) intermediaries.push(match);
      continue;
    }
    const match = scoreMatch(offer, request);
    if (firstLoanFreeOnly && !match.firstLoanFree) continue;
    if (offer.sponsored) {
      if (match.withinLimits) sponsored.push(match);
    } else (match.withinLimits ? ranked : otherPeriod).push(match);
  }
  ranked.sort(byRank);
  const distance = (m: OfferMatch) => Math.abs(m.periodDays - request.periodDays);
  otherPeriod.sort((a, b) => distance(a) - distance(b) || a.periodDays - b.periodDays || byRank(a, b));
  return { ranked, otherPeriod, sponsored, intermediaries, unsupported };
}

/**
 * The exact figures (decimal, with RRSO) of a match, what is shown for it: those of the free first
 * loan where the promotion covers the amount and period, else the regular terms'; null when the
 * feed states no regular terms and the promotion does not cover the loan (no cost may be shown).
 */
export function priceMatch(match: OfferMatch): LoanCost | null {
  if (match.firstLoanFree) return freeFirstLoanCost(match.amountGrosze, match.periodDays);
  if (!regularTermsStated(match.offer.terms)) return null;
  return loanCost(match.offer.terms, match.amountGrosze, match.periodDays);
}

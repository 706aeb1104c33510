import {
  DAYS_PER_INSTALMENT,
  type LoanCost,
  type LoanTerms,
  firstLoanFreeApplies,
  loanCost,
} from './loan-cost';
import { type NormalisedOffer } from './normalise';

/** A loan request (money in grosze). */
export interface MatchRequest {
  amountGrosze: number;
  periodDays: number;
  /** Borrower's age in years; 0 when not given. */
  age: number;
}

export interface OfferMatch {
  offer: NormalisedOffer;
  /** 0–10 000, higher is better (see SCORE_WEIGHTS). */
  score: number;
  /** The requested period is within the offer's limits (the amount and age always are). */
  withinLimits: boolean;
  /** The requested amount. */
  amountGrosze: number;
  /** The period priced: the requested one, or the nearest the offer allows. */
  periodDays: number;
  /** Total cost of credit as ranked (binary floating point, see estimatedCostGrosze). */
  estimatedCostGrosze: number;
  /** The lender waives the cost of a first loan of this amount and term. */
  firstLoanFree: boolean;
}

export interface MatchResult {
  /** Ranked by score, best first; no paid placement among them. */
  ranked: OfferMatch[];
  /** Paid placements that fit, in list order, for a separate labelled block. */
  sponsored: OfferMatch[];
}

/**
 * The published ranking method (page '/jak-tworzymy-ranking/'): points out of 10 000.
 * - fit 4 000: the requested period is within the offer's limits (the amount, and the age when
 *   given, must be: otherwise the offer is not a match at all);
 * - first loan free 2 000: the lender waives the cost of a first loan of this amount and term;
 * - total cost 3 000 × (1 − cost / amount), not below 0: the cost at the offer's regular terms for
 *   the requested amount and period (the nearest period it allows);
 * - rating 1 000 × stars / 5, only for a rating the feed gives with its count and source
 *   (`hasSourcedRating`); stars drawn for a missing rating, or without count and source, score 0.
 * Ties go to the lower total cost, then the header, then the offer id. Ranking compares costs
 * computed in binary floating point (`estimatedCostGrosze`: exact to far below a grosz at these
 * amounts, and the same on every replica), so 500 offers rank in well under a millisecond; the
 * figures answered for the offers shown are computed exactly in decimal (`priceMatch`). Payment for placement does
 * not enter the score: a sponsored offer is answered apart, labelled, and never in the ranking.
 */
/** A rating the site may show and score: from the feed (not drawn), with how many ratings and who collected them. */
export const hasSourcedRating = (
  offer: Pick<NormalisedOffer, 'starsDrawn' | 'ratingCount' | 'ratingSource'>,
): boolean => !offer.starsDrawn && offer.ratingCount > 0 && offer.ratingSource !== '';

export const SCORE_WEIGHTS = { fit: 4_000, firstLoanFree: 2_000, cost: 3_000, stars: 1_000 } as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Whether an offer can take the request at all: active, with limits, the amount and age inside them. */
export function offerAccepts(offer: NormalisedOffer, request: MatchRequest): boolean {
  if (!offer.isActive || offer.amountMaxGrosze <= 0 || offer.periodMaxDays <= 0) return false;
  if (request.amountGrosze < offer.amountMinGrosze || request.amountGrosze > offer.amountMaxGrosze)
    return false;
  if (request.age > 0) {
    if (offer.ageMin > 0 && request.age < offer.ageMin) return false;
    if (offer.ageMax > 0 && request.age > offer.ageMax) return false;
  }
  return true;
}

/**
 * Total cost of credit (interest + commission + fee) in grosze, in floating point, by the same
 * rules as `loanCost`: simple interest actual/365 for a single repayment, the annuity at the annual
 * rate / 12 over round(days / 30) instalments for monthly repayment.
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

export function scoreMatch(offer: NormalisedOffer, request: MatchRequest): OfferMatch {
  const withinLimits = request.periodDays >= offer.periodMinDays && request.periodDays <= offer.periodMaxDays;
  const periodDays = clamp(request.periodDays, offer.periodMinDays, offer.periodMaxDays);
  const cost = estimatedCostGrosze(offer.terms, request.amountGrosze, periodDays);
  const cheapness = 1 - cost / Math.max(1, request.amountGrosze);
  const costPoints = cheapness <= 0 ? 0 : Math.floor(cheapness * SCORE_WEIGHTS.cost);
  const starPoints = hasSourcedRating(offer)
    ? Math.floor((Number(offer.stars) * SCORE_WEIGHTS.stars) / 5)
    : 0;
  const firstLoanFree = firstLoanFreeApplies(offer.terms, request.amountGrosze);
  const score =
    (withinLimits ? SCORE_WEIGHTS.fit : 0) +
    (firstLoanFree ? SCORE_WEIGHTS.firstLoanFree : 0) +
    costPoints +
    starPoints;
  return {
    offer,
    score,
    withinLimits,
    amountGrosze: request.amountGrosze,
    periodDays,
    estimatedCostGrosze: cost,
    firstLoanFree,
  };
}

const byRank = (a: OfferMatch, b: OfferMatch) =>
  b.score - a.score ||
  a.estimatedCostGrosze - b.estimatedCostGrosze ||
  (a.offer.header < b.offer.header ? -1 : a.offer.header > b.offer.header ? 1 : 0) ||
  a.offer.offerId - b.offer.offerId;

/** Matches a request against a normalised list: the ranked offers and, apart, the paid placements. */
export function matchOffers(offers: readonly NormalisedOffer[], request: MatchRequest): MatchResult {
  const ranked: OfferMatch[] = [];
  const sponsored: OfferMatch[] = [];
  for (const offer of offers) {
    if (!offerAccepts(offer, request)) continue;
    (offer.sponsored ? sponsored : ranked).push(scoreMatch(offer, request));
  }
  ranked.sort(byRank);
  return { ranked, sponsored };
}

/** The exact figures (decimal, with RRSO) of a match: what is shown for an answered offer. */
export function priceMatch(match: OfferMatch): LoanCost {
  return loanCost(match.offer.terms, match.amountGrosze, match.periodDays);
}

import { type LoanCost, type OfferMatch, priceMatch, regularTermsStated } from '@lib/offers-domain';

/** Distinct (terms, amount, period) figures kept per replica; the oldest goes first. */
const MAX_ENTRIES = 20_000;
const memo = new Map<string, LoanCost>();

/**
 * The exact figures of a match (`priceMatch`: decimal cost and the RRSO, an iterative solution: a
 * few milliseconds for a long instalment plan), kept by what they depend on: the offer's regular
 * terms, the amount and the period. Visitors ask for the same slider positions over and over, so
 * an answer for the popular ones costs a look-up. A free first loan and an unknown cost need no
 * computing, so they are not kept.
 */
export function pricedCost(match: OfferMatch): LoanCost | null {
  const t = match.offer.terms;
  if (match.firstLoanFree || !regularTermsStated(t)) return priceMatch(match);
  const key = `${t.repayment}:${t.interestRateBp}:${t.commissionBp}:${t.feeGrosze}:${match.amountGrosze}:${match.periodDays}`;
  const known = memo.get(key);
  if (known) return known;
  const cost = priceMatch(match);
  if (!cost) return null;
  if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
  memo.set(key, cost);
  return cost;
}

import { Decimal, type DecimalValue } from './decimal';

/*
 * Polish legal caps on the cost of a loan, checked next to every calculator result:
 *
 * 1. Maximum interest (art. 359 § 2¹ Kodeksu cywilnego): the annual nominal interest rate may not
 *    exceed twice the sum of the NBP reference rate and 3.5 percentage points. It applies to every
 *    loan under civil law, personal and business alike.
 * 2. Maximum non-interest cost (art. 36a ustawy z dnia 12 maja 2011 r. o kredycie konsumenckim,
 *    in the wording in force since 18 December 2022): MPKK = K × 10% + K × n/R × 10%, where K is
 *    the total amount of credit, n the term in days and R the days in a year (365), and never more
 *    than 45% of K. It is a rule of the consumer credit act, so it binds only what that act covers:
 *    credit to a consumer of at most 255 550 zł (see CONSUMER_CREDIT_ACT_MAX_GROSZE). A business
 *    loan, or a consumer's credit above that amount, is outside it.
 */

/** One decision of the Monetary Policy Council (RPP) on the NBP reference rate. */
export interface ReferenceRateDecision {
  /** First day the rate applies, 'YYYY-MM-DD'. */
  effectiveFrom: string;
  /** Annual rate in percent, as a decimal string ('3.75'). */
  ratePercent: string;
  /** Where the figure was published. */
  source: string;
}

const NBP_RATES_PAGE =
  'NBP, „Podstawowe stopy procentowe NBP” (https://nbp.pl/polityka-pieniezna/decyzje-rpp/podstawowe-stopy-procentowe-nbp/)';

/**
 * Dated configuration: the NBP reference rate since October 2023, newest last. Add a row when the
 * RPP changes the rate (the resolution takes effect the day after the decision meeting ends).
 */
export const NBP_REFERENCE_RATES: readonly ReferenceRateDecision[] = [
  { effectiveFrom: '2023-10-05', ratePercent: '5.75', source: `${NBP_RATES_PAGE}; decyzja RPP z 4.10.2023` },
  { effectiveFrom: '2025-05-08', ratePercent: '5.25', source: `${NBP_RATES_PAGE}; decyzja RPP z 7.05.2025` },
  { effectiveFrom: '2025-07-03', ratePercent: '5.00', source: `${NBP_RATES_PAGE}; decyzja RPP z 2.07.2025` },
  { effectiveFrom: '2025-09-04', ratePercent: '4.75', source: `${NBP_RATES_PAGE}; decyzja RPP z 3.09.2025` },
  { effectiveFrom: '2025-10-09', ratePercent: '4.50', source: `${NBP_RATES_PAGE}; decyzja RPP z 8.10.2025` },
  { effectiveFrom: '2025-11-06', ratePercent: '4.25', source: `${NBP_RATES_PAGE}; decyzja RPP z 5.11.2025` },
  { effectiveFrom: '2025-12-04', ratePercent: '4.00', source: `${NBP_RATES_PAGE}; decyzja RPP z 3.12.2025` },
  { effectiveFrom: '2026-03-05', ratePercent: '3.75', source: `${NBP_RATES_PAGE}; decyzja RPP z 4.03.2026` },
];

/** The reference rate in force on `day` ('YYYY-MM-DD'): the newest decision effective on or before it. */
export function referenceRateOn(
  day: string,
  table: readonly ReferenceRateDecision[] = NBP_REFERENCE_RATES,
): ReferenceRateDecision {
  let found: ReferenceRateDecision | undefined;
  for (const decision of table) {
    if (decision.effectiveFrom <= day && (!found || decision.effectiveFrom > found.effectiveFrom))
      found = decision;
  }
  // Before the first row the table has no answer; its oldest row is the closest we know.
  return found ?? table[0]!;
}

/** Maximum annual interest in percent: 2 × (reference rate + 3.5 pp), e.g. 3.75 → '14.5'. */
export function maxInterestRatePercent(referenceRatePercent: string): DecimalValue {
  return new Decimal(referenceRatePercent).plus('3.5').times(2);
}

/**
 * The most a credit may be for the consumer credit act to cover it: art. 3 ust. 1 ustawy z dnia
 * 12 maja 2011 r. o kredycie konsumenckim defines a consumer credit agreement as one "w wysokości nie
 * większej niż 255 550 zł" (or its equivalent in another currency), so 255 550,00 zł is still inside.
 * Art. 3 ust. 1a adds unsecured credit for renovating a home at any amount, a purpose the calculator
 * does not ask. A new act transposing Directive (EU) 2023/2225 is to replace this one and may
 * change the figure: it is kept here only, and the calculator's texts are written from it.
 */
export const CONSUMER_CREDIT_ACT_MAX_GROSZE = 25_555_000;

/** Why the consumer credit act does not cover a credit: a business loan, or an amount above its limit. */
export type ConsumerCreditActExclusion = 'business' | 'amount';

/**
 * Whether the consumer credit act (and so its art. 36a cap) covers a credit of `amountGrosze`:
 * undefined when it does, otherwise the reason it does not (being a business loan comes first).
 */
export function consumerCreditActExclusion(
  amountGrosze: number,
  consumer: boolean,
): ConsumerCreditActExclusion | undefined {
  if (!consumer) return 'business';
  return amountGrosze > CONSUMER_CREDIT_ACT_MAX_GROSZE ? 'amount' : undefined;
}

/** The art. 36a term fraction n/R as a decimal: a term in months counts as months/12 of a year, one in days as days/365. */
export type TermInYears = DecimalValue;

/**
 * Maximum non-interest cost in grosze (rounded down: the cap is never exceeded by rounding):
 * amount × 10% + amount × years × 10%, at most amount × 45%.
 */
export function maxNonInterestCostGrosze(amountGrosze: number, termYears: TermInYears): number {
  const amount = new Decimal(amountGrosze);
  const formula = amount.times('0.1').plus(amount.times(termYears).times('0.1'));
  const ceiling = amount.times('0.45');
  return (formula.gt(ceiling) ? ceiling : formula).round(0, Decimal.roundDown).toNumber();
}

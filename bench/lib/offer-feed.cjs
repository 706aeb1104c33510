// A synthetic country feed for the MatchOffers benchmark: N offers in the shape of
// libs/offers-domain's feed schema, deterministic (the same N gives the same bytes), with the mix
// of the real PL feed: single-payment and instalment offers, some first-loan-free, missing stars,
// placeholders, inactive and sponsored ones.

/**
 * @param {number} count
 * @returns {Array<Record<string, unknown>>}
 */
function syntheticFeed(count) {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`offer count must be a positive whole number: ${count}`);
  return Array.from({ length: count }, (_, i) => {
    const monthly = i % 3 === 0;
    const amountMin = [100, 200, 300, 500, 1000][i % 5];
    const amountMax = monthly
      ? [10_000, 15_000, 20_000, 25_000, 30_000][i % 5]
      : [2_000, 3_000, 4_000, 5_000, 6_000][i % 5];
    /** @type {Record<string, unknown>} */
    const offer = {
      offer_id: 10_000 + i,
      header: `Pożyczkodawca ${String(i + 1).padStart(4, '0')}`,
      lender_link: `https://lender-${i + 1}.example.pl/`,
      is_active: i % 17 !== 0,
      field2_value: `od ${amountMin} do ${amountMax} zł`,
      field4_value: monthly ? 'od 3 do 48 miesięcy' : 'decyzja w {time} min, {val}% wniosków przyjętych',
      tags: monthly ? ['pożyczka ratalna'] : ['chwilówka', 'decyzja online', '{val}%'],
      product_type: monthly ? 'installment' : 'payday',
      lender_id: 1_000 + i,
      lender_slug: `lender-${i + 1}`,
      amount_min: amountMin,
      amount_max: amountMax,
      period_min_days: monthly ? 90 : 30,
      period_max_days: monthly ? 1_440 : [61, 90, 120][i % 3],
      age_min: 18 + (i % 4),
      age_max: 70 + (i % 10),
      first_loan_free: !monthly && i % 4 === 1,
      interest_rate: 18.5 - (i % 7),
      commission: monthly ? 10 + (i % 12) : i % 4 === 1 ? 0 : 5 + (i % 6),
      fee: i % 9 === 0 ? 9.99 : 0,
      repayment: monthly ? 'monthly' : 'single',
      sponsored: i % 50 === 7,
      example_amount: monthly ? 5_000 : 1_000,
      example_period_days: monthly ? 360 : 30,
    };
    if (i % 5 !== 2) offer.stars = (4 + (i % 10) / 10).toFixed(1);
    return offer;
  });
}

/**
 * Loan requests the benchmark cycles through: amounts 300–20 000 zł, terms 30–720 days.
 * @type {ReadonlyArray<{ amountGrosze: number, periodDays: number }>}
 */
const MATCH_REQUESTS = [
  { amountGrosze: 30_000, periodDays: 30 },
  { amountGrosze: 100_000, periodDays: 61 },
  { amountGrosze: 200_000, periodDays: 61 },
  { amountGrosze: 250_000, periodDays: 90 },
  { amountGrosze: 400_000, periodDays: 120 },
  { amountGrosze: 500_000, periodDays: 360 },
  { amountGrosze: 1_000_000, periodDays: 540 },
  { amountGrosze: 2_000_000, periodDays: 720 },
];

module.exports = { syntheticFeed, MATCH_REQUESTS };

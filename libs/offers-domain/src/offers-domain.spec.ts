import { createHash } from 'node:crypto';
import {
  EXPERIMENTS,
  MAX_FEED_BYTES,
  assignVariant,
  drawVariant,
  estimatedCostGrosze,
  experimentsFor,
  feedKeyFor,
  findExperiment,
  loanCost,
  matchOffers,
  normaliseFeed,
  priceMatch,
  scoreMatch,
  SCORE_WEIGHTS,
  normaliseFeedKey,
  parseFeed,
  seededStars,
  seededTime,
  valPercent,
  type FeedOffer,
  type LoanTerms,
  type NormalisedOffer,
} from './index';

const DAY = '2026-11-24';
const offer = (id: number, header: string, extra: Partial<FeedOffer> = {}): FeedOffer => ({
  offer_id: id,
  header,
  lender_link: `https://example.com/${id}`,
  ...extra,
});
const headers = (list: { header: string }[]) => list.map((o) => o.header);

describe('feed keys', () => {
  it('lower-cases, turns kz into kz_ru, and ua into ua_ru on /ru/ paths and ua_ua elsewhere', () => {
    expect(feedKeyFor('pl', '/ru/x/')).toBe('pl');
    expect(feedKeyFor('kz')).toBe('kz_ru');
    expect(feedKeyFor('ua', '/ru/offers/')).toBe('ua_ru');
    expect(feedKeyFor('ua', '/offers/')).toBe('ua_ua');
    expect(feedKeyFor('ua', '/russia/')).toBe('ua_ua');
    expect(normaliseFeedKey(' PL ')).toBe('pl');
    expect(normaliseFeedKey('KZ')).toBe('kz_ru');
    expect(normaliseFeedKey('UA_RU')).toBe('ua_ru');
    expect(normaliseFeedKey('de')).toBeUndefined();
    expect(normaliseFeedKey('kz_kz')).toBeUndefined();
  });
});

describe('parseFeed', () => {
  const parse = (value: unknown) => {
    const body = JSON.stringify(value);
    return parseFeed(body, Buffer.byteLength(body));
  };

  it('keeps valid offers and counts the ones without id or header', () => {
    const result = parse([
      offer(1, 'A'),
      { header: 'no id' },
      { offer_id: 3, header: '  ' },
      { offer_id: 4, header: null },
      offer(5, 'B'),
    ]);
    expect(result).toMatchObject({ ok: true, received: 5, rejected: 3 });
    expect(result.ok && result.offers.map((o) => o.offer_id)).toEqual([1, 5]);
  });

  it('refuses the whole feed when it is not JSON, not an array, too big or has no valid offer', () => {
    expect(parseFeed('{"offers": [', 12)).toMatchObject({
      ok: false,
      cause: expect.stringContaining('not JSON'),
    });
    expect(parse({ offers: [] })).toMatchObject({ ok: false, cause: 'feed is not a JSON array of offers' });
    expect(parseFeed('[]', MAX_FEED_BYTES + 1)).toMatchObject({
      ok: false,
      cause: expect.stringContaining('more than the 5242880'),
    });
    expect(parse(Array.from({ length: 5_001 }, (_, i) => offer(i + 1, `O${i}`)))).toMatchObject({
      ok: false,
      cause: 'feed has 5001 offers, more than 5000',
    });
    expect(parse([offer(1, 'A', { amount_max: '3000' as unknown as number })])).toMatchObject({
      ok: false,
      cause: expect.stringContaining('offer 0, amount_max'),
    });
    expect(
      parse([offer(1, 'A', { lender_link: 'javascript:alert(1)' }), { header: 'bez id' }]),
    ).toMatchObject({
      ok: false,
      cause: 'none of the 2 offers is valid; the first: offer 0, lender_link: must be an http(s) URL',
    });
    expect(parse(['x'])).toMatchObject({
      ok: false,
      cause: expect.stringContaining('offer 0, not an object'),
    });
    // An empty feed has no invalid offer: it is a feed without offers.
    expect(parse([])).toMatchObject({ ok: true, offers: [], received: 0, rejected: 0, leftOut: [] });
  });

  it('leaves out only the invalid offers, each named with its index, id and reason, and keeps the rest', () => {
    const result = parse([
      offer(1, 'A'),
      offer(2, 'B', { amount_max: '3000' as unknown as number }),
      offer(3, 'C', { stars: 'many' as unknown as number }),
      'x',
      { offer_id: '7', header: '' },
      offer(4, 'D', { lender_link: 'ftp://x.pl/' }),
      offer(5, 'E'),
    ]);
    expect(result).toMatchObject({ ok: true, received: 7, rejected: 5 });
    if (!result.ok) return;
    expect(result.offers.map((o) => o.offer_id)).toEqual([1, 5]);
    expect(result.leftOut).toEqual([
      { index: 1, offerId: 2, reason: 'amount_max: Invalid input: expected number, received string' },
      { index: 2, offerId: 3, reason: expect.stringMatching(/^stars: /) },
      { index: 3, offerId: 0, reason: 'not an object' },
      { index: 4, offerId: 7, reason: 'header: is required' },
      { index: 5, offerId: 4, reason: 'lender_link: must be an http(s) URL' },
    ]);
  });

  it('reads a blank text field as left out: an empty lender link is no link, not an invalid offer', () => {
    const result = parse([
      offer(1, 'Bez linku', { lender_link: '', logo_url: ' ', field2_value: '', review_slug: '' }),
      offer(2, 'Z linkiem', { tags: ['', 'szybko', '  '], stars_source: '', repayment: '' as 'single' }),
      offer(3, 'Pusta liczba', { amount_min: '' as unknown as number }),
    ]);
    expect(result).toMatchObject({ ok: true, received: 3, rejected: 1 });
    if (!result.ok) return;
    const [first, second] = result.offers;
    expect(first).toEqual({ offer_id: 1, header: 'Bez linku' });
    expect(second).toEqual({
      offer_id: 2,
      header: 'Z linkiem',
      lender_link: 'https://example.com/2',
      tags: ['szybko'],
    });
    // A blank where a number belongs is a wrong type, not an absent value.
    expect(result.leftOut).toEqual([
      { index: 2, offerId: 3, reason: expect.stringMatching(/^amount_min: /) },
    ]);
    // The offer without a link stays out of the list only by the list rule (inactive, no link).
    const { offers, dropped } = normaliseFeed(result.offers, 'pl', DAY);
    expect(offers.map((o) => o.offerId)).toEqual([2]);
    expect(dropped).toBe(1);
  });

  it('names at most 50 left-out offers but counts them all', () => {
    const feed = [offer(1, 'A'), ...Array.from({ length: 60 }, (_, i) => ({ offer_id: i + 2 }))];
    const result = parse(feed);
    expect(result).toMatchObject({ ok: true, received: 61, rejected: 60 });
    expect(result.ok && result.leftOut.length).toBe(50);
    expect(result.ok && result.leftOut[49]).toEqual({
      index: 50,
      offerId: 51,
      reason: 'header: is required',
    });
  });
});

describe('normaliseFeed (drops, order, tags, drawn values)', () => {
  it('puts active offers first by header, then inactive ones with a lender link by header, dropping the rest', () => {
    const { offers, dropped } = normaliseFeed(
      [
        offer(1, 'Zeta'),
        offer(2, 'Alfa', { is_active: false }),
        offer(3, 'Łatwa'),
        offer(4, 'Beta', { lender_link: null }),
        offer(5, 'Lupa'),
        offer(6, 'Omega', { is_active: false, lender_link: null }),
        offer(7, 'Gamma', { is_active: false }),
      ],
      'pl',
      DAY,
    );
    expect(headers(offers)).toEqual(['Lupa', 'Łatwa', 'Zeta', 'Alfa', 'Gamma']);
    expect(offers.map((o) => o.isActive)).toEqual([true, true, true, false, false]);
    expect(offers.map((o) => o.position)).toEqual([1, 2, 3, 4, 5]);
    expect(dropped).toBe(2);
  });

  it('for ES always keeps offer 67 in the active list, and only for ES', () => {
    const feed = [offer(67, 'Zorro', { is_active: false, lender_link: null }), offer(2, 'Beta')];
    expect(normaliseFeed(feed, 'es', DAY).offers.map((o) => [o.offerId, o.isActive])).toEqual([
      [2, true],
      [67, true],
    ]);
    expect(normaliseFeed(feed, 'mx', DAY).offers.map((o) => o.offerId)).toEqual([2]);
  });

  it('drops domainactive offers and repeated headers (first one wins, any case and blanks)', () => {
    const { offers, dropped } = normaliseFeed(
      [
        offer(1, 'Vivus'),
        offer(2, 'Domena', { product_type: 'domainactive' }),
        offer(3, ' vivus '),
        offer(4, 'Wonga'),
        offer(5, 'Wonga'),
      ],
      'pl',
      DAY,
    );
    expect(offers.map((o) => o.offerId)).toEqual([1, 4]);
    expect(dropped).toBe(3);
  });

  it('keeps only the first 2 tags of Tomamos impulso and defaults asnef_value to true', () => {
    const { offers } = normaliseFeed(
      [
        offer(1, 'Tomamos impulso', { tags: ['a', 'b', 'c'] }),
        offer(2, 'Otro', { tags: ['a', 'b', 'c'], asnef_value: false }),
      ],
      'es',
      DAY,
    );
    expect(offers.map((o) => [o.header, o.tags, o.asnefValue])).toEqual([
      ['Otro', ['a', 'b', 'c'], false],
      ['Tomamos impulso', ['a', 'b'], true],
    ]);
  });

  it('gives missing stars a value 4.7–5.0 and {time} a whole 3–10, the same for the same offer and day', () => {
    const feed = Array.from({ length: 200 }, (_, i) =>
      offer(i + 1, `Oferta ${i + 1}`, { field2_value: 'w {time} min', stars: i === 0 ? 3.5 : undefined }),
    );
    const { offers } = normaliseFeed(feed, 'pl', DAY);
    expect(offers.find((o) => o.offerId === 1)?.stars).toBe('3.5');
    const stars = new Set(offers.filter((o) => o.offerId !== 1).map((o) => o.stars));
    expect([...stars].sort()).toEqual(['4.7', '4.8', '4.9', '5.0']);
    const times = new Set(offers.map((o) => Number(/w (\d+) min/.exec(o.field2Value)?.[1])));
    expect([...times].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(normaliseFeed(feed, 'pl', DAY)).toEqual(normaliseFeed(feed, 'pl', DAY));
    expect(seededStars('pl', 5, DAY)).toBe(seededStars('pl', 5, DAY));
    const otherDay = Array.from({ length: 50 }, (_, i) => seededTime('pl', i, '2026-11-25'));
    expect(otherDay).not.toEqual(Array.from({ length: 50 }, (_, i) => seededTime('pl', i, DAY)));
  });

  it('turns {val} into the percentage of the offer’s index, at the edges 14/15/24/25', () => {
    expect([0, 1, 2, 13, 14, 15, 16, 24, 25, 26, 100].map(valPercent)).toEqual([
      97, 97, 96, 91, 90, 90, 89, 81, 80, 80, 80,
    ]);
    const feed = Array.from({ length: 30 }, (_, i) =>
      offer(i + 1, `Oferta ${String(i).padStart(2, '0')}`, {
        field4_value: '{val}% zatwierdzonych',
        tags: ['{val}'],
      }),
    );
    const { offers } = normaliseFeed(feed, 'pl', DAY);
    expect(offers.map((o) => o.field4Value.split('%')[0]).map(Number)).toEqual(
      Array.from({ length: 30 }, (_, i) => valPercent(i)),
    );
    expect(offers[14]?.tags).toEqual(['90']);
    expect(offers[25]?.tags).toEqual(['80']);
  });

  it('marks every text whose {time} or {val} it filled, so none is shown as the lender’s own figure', () => {
    const { offers } = normaliseFeed(
      [
        offer(1, 'Alfa', {
          field2_value: 'od 100 do 3 000 zł',
          field4_value: 'decyzja w {time} min',
          tags: ['bez BIK', '{val}% wniosków przyjętych', 'przelew w {time} min', 'online'],
        }),
        offer(2, 'Tomamos impulso', { field2_value: '{val}%', tags: ['a', '{time} min', '{val}%'] }),
        offer(3, 'Beta', { tags: ['{czas} min', 'val'] }),
      ],
      'es',
      DAY,
    );
    const [alfa, beta, tomamos] = offers;
    expect(alfa).toMatchObject({
      field2ValueFilled: false,
      field4ValueFilled: true,
      filledTagIndexes: [1, 2],
      tags: [
        'bez BIK',
        '97% wniosków przyjętych',
        expect.stringMatching(/^przelew w ([3-9]|10) min$/),
        'online',
      ],
    });
    // Only {time} and {val} are filled: other braces are the feed's own text.
    expect(beta).toMatchObject({
      field2ValueFilled: false,
      filledTagIndexes: [],
      tags: ['{czas} min', 'val'],
    });
    // Indexes point into the tags as answered (two kept of three).
    expect(tomamos).toMatchObject({ field2ValueFilled: true, filledTagIndexes: [1], field2Value: '96%' });
    expect(tomamos?.tags).toHaveLength(2);
  });

  it('carries the copy’s provenance on every offer; without one, an offer is not sample and has no date', () => {
    const feed = [offer(1, 'A'), offer(2, 'B')];
    expect(
      normaliseFeed(feed, 'pl', DAY, { sample: true, asOf: '2026-11-23' }).offers.map((o) => [
        o.sample,
        o.asOf,
      ]),
    ).toEqual([
      [true, '2026-11-23'],
      [true, '2026-11-23'],
    ]);
    expect(normaliseFeed(feed, 'pl', DAY).offers[0]).toMatchObject({ sample: false, asOf: '' });
  });

  it('carries the matching terms in grosze and basis points', () => {
    const [o] = normaliseFeed(
      [
        offer(9, 'Vivus', {
          amount_min: 100,
          amount_max: 3000.5,
          period_min_days: 61,
          period_max_days: 90,
          interest_rate: 7.2,
          commission: 12.5,
          fee: 9.99,
          first_loan_free: true,
        }),
      ],
      'pl',
      DAY,
    ).offers;
    expect(o).toMatchObject({
      amountMinGrosze: 10_000,
      amountMaxGrosze: 300_050,
      lenderSlug: 'vivus',
      terms: {
        interestRateBp: 720,
        commissionBp: 1250,
        feeGrosze: 999,
        repayment: 'single',
        firstLoanFree: true,
        firstLoanFreeMaxGrosze: 300_050,
      },
      example: { amountGrosze: 100_000, periodDays: 61 },
    });
  });
});

describe('loanCost', () => {
  const single: LoanTerms = {
    interestRateBp: 720,
    commissionBp: 1000,
    feeGrosze: 0,
    repayment: 'single',
    firstLoanFree: false,
    firstLoanFreeMaxGrosze: 0,
  };

  it('prices a single repayment: simple interest actual/365 plus commission, RRSO by days', () => {
    const cost = loanCost(single, 200_000, 30);
    // 2 000 zł × 7.2 % × 30/365 = 11.84 zł; commission 200 zł.
    expect(cost).toMatchObject({
      interestGrosze: 1_184,
      feesGrosze: 20_000,
      totalCostGrosze: 21_184,
      totalPayableGrosze: 221_184,
      payments: 1,
    });
    // (1 + 211.84/2000)^(365/30) − 1
    expect(Number(cost.rrsoPercent)).toBeCloseTo((Math.pow(221_184 / 200_000, 365 / 30) - 1) * 100, 1);
  });

  it('dates a monthly offer’s single instalment at the stated 30 days, not a month', () => {
    const monthly: LoanTerms = { ...single, interestRateBp: 1450, commissionBp: 1080, repayment: 'monthly' };
    const cost = loanCost(monthly, 200_000, 30);
    // one instalment: 2 000 zł × (1 + 14,5 %/12) = 2 024,17 zł, plus 10,8 % commission = 216 zł
    expect(cost).toMatchObject({ payments: 1, totalPayableGrosze: 224_017 });
    // Python decimal: (224017/200000)^(365/30) − 1 = 2.97393… (by a twelfth of a year it would be 289,95 %)
    expect(cost.rrsoPercent).toBe('297.39');
  });

  it('prices monthly instalments with the annuity formula and a free loan at 0 %', () => {
    const monthly = loanCost({ ...single, commissionBp: 0, repayment: 'monthly' }, 1_200_000, 365);
    expect(monthly.payments).toBe(12);
    expect(monthly.interestGrosze).toBeGreaterThan(40_000);
    expect(monthly.interestGrosze).toBeLessThan(50_000);
    expect(Number(monthly.rrsoPercent)).toBeCloseTo(7.44, 1);
    const free = loanCost(
      { ...single, interestRateBp: 0, commissionBp: 0, firstLoanFree: true, firstLoanFreeMaxGrosze: 300_000 },
      300_000,
      61,
    );
    expect(free).toMatchObject({ totalCostGrosze: 0, rrsoPercent: '0.00', firstLoanFreeApplies: true });
    expect(
      loanCost({ ...single, firstLoanFree: true, firstLoanFreeMaxGrosze: 300_000 }, 300_001, 61)
        .firstLoanFreeApplies,
    ).toBe(false);
  });

  it('agrees with the ranking’s floating-point estimate within the rounding of the instalments', () => {
    for (const terms of [
      single,
      { ...single, repayment: 'monthly' as const, interestRateBp: 1850, feeGrosze: 999 },
    ]) {
      for (const [amount, days] of [
        [50_000, 30],
        [1_234_567, 365],
        [3_000_000, 1_440],
      ] as const) {
        const exact = loanCost(terms, amount, days);
        expect(
          Math.abs(estimatedCostGrosze(terms, amount, days) - exact.totalCostGrosze),
        ).toBeLessThanOrEqual(exact.payments / 2);
      }
    }
  });
});

describe('matchOffers', () => {
  const feed = (extra: Partial<FeedOffer>[]): NormalisedOffer[] =>
    normaliseFeed(
      extra.map((e, i) =>
        offer(i + 1, e.header ?? `O${i + 1}`, {
          amount_min: 100,
          amount_max: 3000,
          period_min_days: 61,
          period_max_days: 90,
          interest_rate: 10,
          commission: 10,
          stars: 4.5,
          ...e,
        }),
      ),
      'pl',
      DAY,
    ).offers;

  it('matches at the limits and not beyond: amount, age, and period (outside: answered apart, at the nearest period)', () => {
    const offers = feed([{ header: 'A', age_min: 20, age_max: 70 }]);
    const at = (amountZl: number, periodDays: number, age = 0) =>
      matchOffers(offers, { amountGrosze: amountZl * 100, periodDays, age }).ranked;
    const apart = (amountZl: number, periodDays: number) =>
      matchOffers(offers, { amountGrosze: amountZl * 100, periodDays, age: 0 }).otherPeriod;
    expect(at(100, 61)).toHaveLength(1);
    expect(at(3000, 90)[0]?.withinLimits).toBe(true);
    expect(at(99.99, 61)).toHaveLength(0);
    expect(at(3000.01, 61)).toHaveLength(0);
    expect(at(1000, 61, 20)).toHaveLength(1);
    expect(at(1000, 61, 70)).toHaveLength(1);
    expect(at(1000, 61, 19)).toHaveLength(0);
    expect(at(1000, 61, 71)).toHaveLength(0);
    expect(at(1000, 60)).toHaveLength(0);
    expect(apart(1000, 60)).toMatchObject([{ withinLimits: false, periodDays: 61 }]);
    expect(at(1000, 91)).toHaveLength(0);
    expect(apart(1000, 91)).toMatchObject([{ withinLimits: false, periodDays: 90 }]);
    expect(apart(1000, 61)).toHaveLength(0);
    expect(apart(3000.01, 60)).toHaveLength(0);
  });

  it('ranks by cost and stars, answers other periods and sponsored offers apart', () => {
    const offers = feed([
      { header: 'Drogi', commission: 30 },
      { header: 'Tani', commission: 1 },
      { header: 'Darmowy', first_loan_free: true, commission: 30 },
      { header: 'Krótki', period_max_days: 61, commission: 0 },
      { header: 'Płatny', sponsored: true, commission: 0 },
      { header: 'Nieaktywny', is_active: false },
    ]);
    const result = matchOffers(offers, { amountGrosze: 100_000, periodDays: 90, age: 0 });
    expect(result.ranked.map((m) => m.offer.header)).toEqual(['Darmowy', 'Tani', 'Drogi']);
    expect(result.otherPeriod.map((m) => [m.offer.header, m.periodDays])).toEqual([['Krótki', 61]]);
    expect(result.sponsored.map((m) => m.offer.header)).toEqual(['Płatny']);
    const [best, second] = result.ranked;
    expect(best?.score).toBeGreaterThan(second?.score ?? Infinity);
    // The ranking's floating-point cost agrees with the exact decimal figures to the grosz.
    for (const m of result.ranked)
      expect(Math.abs(m.estimatedCostGrosze! - priceMatch(m)!.totalCostGrosze)).toBeLessThan(1);
    expect(result.ranked.every((m) => m.score >= 0 && m.score <= 10_000)).toBe(true);
  });

  it('scores stars only for a rating with its count and source; drawn or unsourced stars score 0', () => {
    const [sourced, bare, drawn] = feed([
      { header: 'A', stars: 5, stars_count: 120, stars_source: 'Serwis opinii X' },
      { header: 'B', stars: 5 },
      { header: 'C', stars: null },
    ]);
    expect(sourced).toMatchObject({ starsDrawn: false, ratingCount: 120, ratingSource: 'Serwis opinii X' });
    expect(bare).toMatchObject({ starsDrawn: false, ratingCount: 0, ratingSource: '' });
    expect(drawn?.starsDrawn).toBe(true);
    const request = { amountGrosze: 100_000, periodDays: 61, age: 0 };
    const score = (o: NormalisedOffer | undefined) => scoreMatch(o!, request).score;
    expect(score(sourced) - score(bare)).toBe(SCORE_WEIGHTS.stars);
    expect(score(drawn)).toBe(score(bare));
  });
});

describe('experiments (registry and variant assignment)', () => {
  it('registers the three experiments at / with 50/50 splits', () => {
    expect(EXPERIMENTS.map((e) => [e.experimentId, e.name, e.countries.join(',')])).toEqual([
      ['0256.1', '0256.1', 'ph,my'],
      ['0298.1', '0298.1', 'za'],
      ['0300.1', 'Redirect_to_cshspc_feed', 'es,mx,vn,pl'],
    ]);
    expect(
      EXPERIMENTS.every(
        (e) => e.path === '/' && e.variants.map((v) => `${v.name}${v.weightPercent}`).join() === 'A50,B50',
      ),
    ).toBe(true);
    expect(experimentsFor('pl').map((e) => e.experimentId)).toEqual(['0300.1']);
    expect(experimentsFor('kz')).toEqual([]);
  });

  it('splits 10 000 client ids within 48–52 % in every experiment, and keeps each client’s draw', () => {
    // Fixed v4-shaped ids (SHA-256 of a counter), so the test checks the same 10 000 every run.
    const ids = Array.from({ length: 10_000 }, (_, i) => {
      const hex = createHash('sha256').update(`client ${i}`).digest('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    });
    for (const experiment of EXPERIMENTS) {
      const a = ids.filter((id) => drawVariant(experiment, id) === 'A').length;
      expect(a / ids.length).toBeGreaterThanOrEqual(0.48);
      expect(a / ids.length).toBeLessThanOrEqual(0.52);
    }
    const experiment = findExperiment('0300.1')!;
    for (const id of ids.slice(0, 100)) {
      expect(drawVariant(experiment, id)).toBe(drawVariant(experiment, id.toUpperCase().replace(/-/g, '')));
    }
  });

  it('takes an allowed override first, then an allowed stored value, else draws', () => {
    const experiment = findExperiment('0300.1')!;
    const id = '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';
    const drawn = drawVariant(experiment, id);
    const other = drawn === 'A' ? 'B' : 'A';
    expect(assignVariant(experiment, id, '', '')).toEqual({
      variant: drawn,
      flow: `0300.1-${drawn}`,
      source: 'drawn',
    });
    expect(assignVariant(experiment, id, '', other)).toEqual({
      variant: other,
      flow: `0300.1-${other}`,
      source: 'stored',
    });
    expect(assignVariant(experiment, id, '', `0300.1-${other}`).source).toBe('stored');
    expect(assignVariant(experiment, id, '', 'C')).toMatchObject({ variant: drawn, source: 'drawn' });
    expect(assignVariant(experiment, id, '0298.1-B', '')).toMatchObject({ variant: drawn, source: 'drawn' });
    expect(assignVariant(experiment, id, other.toLowerCase(), drawn)).toEqual({
      variant: other,
      flow: `0300.1-${other}`,
      source: 'override',
    });
  });
});

import { normaliseFeed, type FeedOffer } from '@lib/offers-domain';
import { loadLenderFacts } from '../persistence/lender-facts-file';
import { assembleLenderFacts, catalogueFigures, parseLenderFacts } from '../domain/lender-facts';

const DAY = '2026-11-24';
const feedOffer = (id: number, header: string, extra: Partial<FeedOffer> = {}): FeedOffer => ({
  offer_id: id,
  header,
  lender_link: `https://${id}.example.pl/`,
  review_slug: header.toLowerCase(),
  amount_min: 100,
  amount_max: 3000,
  period_min_days: 61,
  period_max_days: 90,
  ...extra,
});

describe('lender facts data', () => {
  it('ships an entry for every review with each fact either sourced and dated or unknown', () => {
    const { lenders } = loadLenderFacts();
    expect(Object.keys(lenders)).toHaveLength(28);
    expect(lenders['vivus']?.company).toMatchObject({
      value: '4finance sp. z o.o.',
      checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
    });
    expect(lenders['finbo']?.kind.value).toBe('porownywarka');
    expect(lenders['avinto']?.kind.value).toBe('posrednik');
  });

  it('ships every brand name in the cases the site puts it in, declined by hand', () => {
    const { lenders } = loadLenderFacts();
    const forms = Object.fromEntries(Object.entries(lenders).map(([slug, entry]) => [slug, entry.nameForms]));
    expect(forms['pozyczka-plus']).toEqual({
      genitive: 'Pożyczki Plus',
      instrumental: 'Pożyczką Plus',
      locative: 'Pożyczce Plus',
    });
    expect(forms['kasa-stefczyka']?.locative).toBe('Kasie Stefczyka');
    expect(forms['szybka-gotowka']?.instrumental).toBe('Szybką Gotówką');
    expect(forms['vivus']?.locative).toBe('Vivusie');
    // A name that does not decline well takes a declined noun; one that does not decline repeats itself.
    expect(forms['tarata']?.locative).toBe('firmie Tarata');
    expect(forms['kuki']).toEqual({ genitive: 'Kuki', instrumental: 'Kuki', locative: 'Kuki' });
  });

  it('refuses name forms that are missing, blank, overlong or of another name, naming the slug and field', () => {
    const unknown = { value: null, source: null, checkedAt: null };
    const file = (nameForms: unknown) =>
      JSON.stringify({
        lenders: {
          vivus: {
            name: 'Vivus',
            nameForms,
            kind: unknown,
            company: unknown,
            register: unknown,
            registerEntry: unknown,
          },
        },
      });
    const good = { genitive: 'Vivusa', instrumental: 'Vivusem', locative: 'Vivusie' };
    expect(() => parseLenderFacts(file(undefined), 'f')).toThrow(/^f: lenders\.vivus\.nameForms: /);
    expect(() => parseLenderFacts(file({ ...good, locative: '' }), 'f')).toThrow(
      /^f: lenders\.vivus\.nameForms\.locative: is required/,
    );
    expect(() => parseLenderFacts(file({ ...good, genitive: 'x'.repeat(81) }), 'f')).toThrow(
      /nameForms\.genitive/,
    );
    expect(() => parseLenderFacts(file({ ...good, instrumental: 'Wandoo' }), 'f')).toThrow(
      /^f: lenders\.vivus\.nameForms\.instrumental: "Wandoo" is not a form of "Vivus"/,
    );
    expect(() => parseLenderFacts(file({ ...good, locative: ' Vivusie' }), 'f')).toThrow(/one line/);
    expect(parseLenderFacts(file(good), 'f').lenders['vivus']?.nameForms).toEqual(good);
  });

  it('refuses a value without source or date, naming the slug and field', () => {
    const file = (company: unknown) =>
      JSON.stringify({
        lenders: {
          vivus: {
            name: 'Vivus',
            nameForms: { genitive: 'Vivusa', instrumental: 'Vivusem', locative: 'Vivusie' },
            kind: unknown,
            company,
            register: unknown,
            registerEntry: unknown,
          },
        },
      });
    const unknown = { value: null, source: null, checkedAt: null };
    expect(() =>
      parseLenderFacts(file({ value: 'Firma', source: null, checkedAt: null }), 'lenders.json'),
    ).toThrow(/^lenders\.json: lenders\.vivus\.company/);
    expect(() =>
      parseLenderFacts(
        file({ value: 'Firma', source: { name: 'x', url: '' }, checkedAt: '24.11.2026' }),
        'f',
      ),
    ).toThrow(/company/);
    expect(() => parseLenderFacts('{', 'f')).toThrow(/^f: not JSON/);
    expect(parseLenderFacts(file(unknown), 'f').lenders['vivus']?.company.value).toBeNull();
  });

  it('assembles facts: unknowns stay empty, the figures carry the feed as source and its day', () => {
    const [offer] = normaliseFeed(
      [feedOffer(1, 'Vivus', { first_loan_free: true, first_loan_free_max: 2000 })],
      'pl',
      DAY,
    ).offers;
    const unknown = { value: null, source: null, checkedAt: null } as const;
    const facts = assembleLenderFacts(
      'vivus',
      {
        name: 'Vivus',
        nameForms: { genitive: 'Vivusa', instrumental: 'Vivusem', locative: 'Vivusie' },
        kind: unknown,
        company: unknown,
        register: unknown,
        registerEntry: unknown,
      },
      offer,
      undefined,
      DAY,
    );
    expect(facts.company).toEqual({ value: '', source: null, checkedAt: '' });
    expect(facts.nameForms).toEqual({
      nominative: 'Vivus',
      genitive: 'Vivusa',
      instrumental: 'Vivusem',
      locative: 'Vivusie',
    });
    expect(facts.offer).toMatchObject({
      amountMinGrosze: 10_000,
      amountMaxGrosze: 300_000,
      firstLoanFree: true,
      firstLoanFreeMaxGrosze: 200_000,
      source: { name: 'dane z pliku ofert partnera', url: '' },
      checkedAt: DAY,
    });
    expect(
      assembleLenderFacts(
        'vivus',
        {
          name: 'Vivus',
          nameForms: { genitive: 'Vivusa', instrumental: 'Vivusem', locative: 'Vivusie' },
          kind: unknown,
          company: unknown,
          register: unknown,
          registerEntry: unknown,
        },
        undefined,
        undefined,
        DAY,
      ).offer,
    ).toBeNull();
  });

  it('states no example, interest or commission of its own for a comparison site or intermediary', () => {
    const [offer] = normaliseFeed(
      [feedOffer(1, 'Finbo', { interest_rate: 14.5, commission: 11.6, repayment: 'monthly' })],
      'pl',
      DAY,
    ).offers;
    const { lenders } = loadLenderFacts();
    const example = {
      amountGrosze: 100_000,
      periodDays: 30,
      interestRateBp: 1450,
      interestGrosze: 1_000,
      feesGrosze: 0,
      totalCostGrosze: 1_000,
      totalPayableGrosze: 101_000,
      rrsoPercent: '12.00',
      payments: 1,
      firstLoanFreeApplies: false,
    };
    for (const slug of ['finbo', 'avinto']) {
      const facts = assembleLenderFacts(slug, lenders[slug]!, offer, example, DAY);
      expect(facts.offer).toMatchObject({
        representativeExample: null,
        interestRateBp: 0,
        commissionBp: 0,
        amountMaxGrosze: 300_000,
      });
    }
    const lender = assembleLenderFacts('vivus', lenders['vivus']!, offer, example, DAY);
    expect(lender.offer).toMatchObject({
      representativeExample: example,
      interestRateBp: 1450,
      commissionBp: 1160,
    });
  });

  it('figures leave out paid placements, inactive offers and brands that do not lend', () => {
    const offers = normaliseFeed(
      [
        feedOffer(1, 'A', {
          amount_min: 200,
          amount_max: 5000,
          period_max_days: 1440,
          first_loan_free: true,
          first_loan_free_max: 1500,
        }),
        feedOffer(2, 'B', { amount_min: 100, amount_max: 2000 }),
        feedOffer(3, 'Paid', { amount_min: 50, amount_max: 90_000, sponsored: true }),
        feedOffer(4, 'Off', { amount_max: 80_000, is_active: false }),
        feedOffer(5, 'Compare', { amount_min: 10, amount_max: 70_000 }),
      ],
      'pl',
      DAY,
    ).offers;
    const figures = catalogueFigures(offers, (slug) => (slug === 'compare' ? 'porownywarka' : ''), DAY);
    expect(figures).toMatchObject({
      amountMinGrosze: 10_000,
      amountMaxGrosze: 500_000,
      periodMinDays: 61,
      periodMaxDays: 1440,
      firstLoanFreeMaxGrosze: 150_000,
      lenders: 2,
      asOf: DAY,
      sample: false,
      source: { name: 'dane z pliku ofert partnera', url: '' },
    });
  });

  it('names the bundled sample file as the source of sample figures, never the partner’s file', () => {
    const unknown = { value: null, source: null, checkedAt: null } as const;
    const entry = {
      name: 'Vivus',
      nameForms: { genitive: 'Vivusa', instrumental: 'Vivusem', locative: 'Vivusie' },
      kind: unknown,
      company: unknown,
      register: unknown,
      registerEntry: unknown,
    };
    const sampleName = 'dane przykładowe z pliku pl_feed.json dołączonego do serwisu, nie od pożyczkodawcy';
    const sample = normaliseFeed([feedOffer(1, 'Vivus')], 'pl', DAY, { sample: true, asOf: DAY }).offers;
    expect(assembleLenderFacts('vivus', entry, sample[0], undefined, DAY).offer).toMatchObject({
      sample: true,
      source: { name: sampleName, url: '' },
    });
    expect(catalogueFigures(sample, () => '', DAY)).toMatchObject({
      sample: true,
      source: { name: sampleName },
    });
    // Sample even when no offer is counted (here the only one is a paid placement).
    const paid = normaliseFeed([feedOffer(1, 'Vivus', { sponsored: true })], 'kz_ru', DAY, {
      sample: true,
      asOf: DAY,
    }).offers;
    expect(catalogueFigures(paid, () => '', '')).toMatchObject({
      lenders: 0,
      sample: true,
      source: {
        name: 'dane przykładowe z pliku kz_ru_feed.json dołączonego do serwisu, nie od pożyczkodawcy',
      },
    });
    const partner = normaliseFeed([feedOffer(1, 'Vivus')], 'pl', DAY, { sample: false, asOf: DAY }).offers;
    expect(assembleLenderFacts('vivus', entry, partner[0], undefined, DAY).offer).toMatchObject({
      sample: false,
      source: { name: 'dane z pliku ofert partnera' },
    });
  });
});

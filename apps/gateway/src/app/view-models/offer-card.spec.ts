import { type offersV1 } from '@lib/contracts';
import { statedTags, toOfferCard } from './offer-card';

const offer = (extra: Partial<offersV1.Offer>): offersV1.Offer => ({
  offerId: 7,
  header: 'Pożyczka Test',
  lenderLink: 'https://pozyczka.example.pl/',
  isActive: true,
  stars: '',
  field2Value: 'od 100 do 3 000 zł',
  field4Value: 'decyzja w 6 min',
  tags: [],
  asnefValue: true,
  productType: 'loan',
  lenderId: 1,
  lenderSlug: 'pozyczka-test',
  amountMinGrosze: 10_000,
  amountMaxGrosze: 300_000,
  periodMinDays: 61,
  periodMaxDays: 90,
  aprBasisPoints: 0,
  firstLoanFree: false,
  country: 'PL',
  logoUrl: '',
  position: 3,
  sponsored: false,
  ageMin: 0,
  ageMax: 0,
  interestRateBp: 0,
  commissionBp: 0,
  feeGrosze: 0,
  repayment: 'single',
  representativeExample: null,
  reviewSlug: '',
  firstLoanFreeMaxGrosze: 0,
  feedKey: 'pl',
  lenderKind: '',
  ratingCount: 0,
  ratingSource: '',
  starsDrawn: false,
  sample: false,
  asOf: '2026-11-24',
  field2ValueFilled: false,
  field4ValueFilled: true,
  filledTagIndexes: [],
  lenderNameForms: null,
  ...extra,
});

describe('offer cards show only what the feed states', () => {
  it('drops the badges whose number the offers service filled in, keeping the feed’s own in order', () => {
    const card = toOfferCard(
      offer({
        tags: ['bez BIK', '93% wniosków przyjętych', 'online', 'przelew w 7 min'],
        filledTagIndexes: [1, 3],
      }),
    );
    expect(card.tags).toEqual(['bez BIK', 'online']);
  });

  it('keeps every badge when none was filled in, even one that happens to hold a number', () => {
    expect(statedTags(offer({ tags: ['decyzja w 15 min', 'pierwsza darmowa'] }))).toEqual([
      'decyzja w 15 min',
      'pierwsza darmowa',
    ]);
    expect(statedTags(offer({ tags: ['a'], filledTagIndexes: [0] }))).toEqual([]);
  });
});

describe('offer cards name the lender in the case each sentence needs', () => {
  it('takes the forms an editor gave the reviewed brand', () => {
    const forms = {
      nominative: 'Pożyczka Plus',
      genitive: 'Pożyczki Plus',
      instrumental: 'Pożyczką Plus',
      locative: 'Pożyczce Plus',
    };
    expect(toOfferCard(offer({ header: 'Pożyczka Plus', lenderNameForms: forms })).names).toEqual(forms);
  });

  it('without forms, names the lender after the declined noun, keeping its name as written', () => {
    expect(toOfferCard(offer({ header: 'Pożyczka Test' })).names).toEqual({
      nominative: 'Pożyczka Test',
      genitive: 'pożyczkodawcy Pożyczka Test',
      instrumental: 'pożyczkodawcą Pożyczka Test',
      locative: 'pożyczkodawcy Pożyczka Test',
    });
  });
});

describe('a brand that does not lend gets a label and no cost of its own', () => {
  const example: offersV1.LoanCost = {
    amountGrosze: 100_000,
    periodDays: 30,
    interestRateBp: 1450,
    interestGrosze: 1_192,
    feesGrosze: 0,
    totalCostGrosze: 1_192,
    totalPayableGrosze: 101_192,
    rrsoPercent: '15.50',
    payments: 1,
    firstLoanFreeApplies: false,
  };

  it('labels comparison sites and intermediaries and drops any cost or RRSO the service sent', () => {
    for (const [kind, label] of [
      ['porownywarka', 'Porównywarka, nie pożyczkodawca'],
      ['posrednik', 'Pośrednik, nie pożyczkodawca'],
    ] as const) {
      const card = toOfferCard(
        offer({ lenderKind: kind, aprBasisPoints: 1550, representativeExample: example }),
        1,
        example,
      );
      expect(card).toMatchObject({ notALenderLabel: label, aprBasisPoints: 0, example: null });
    }
  });

  it('keeps a lender’s own cost, whether its kind is verified or not', () => {
    for (const kind of ['instytucja-pozyczkowa', '']) {
      const card = toOfferCard(offer({ lenderKind: kind, representativeExample: example }));
      expect(card).toMatchObject({ notALenderLabel: '', example: { rrsoPercent: '15.50' } });
    }
  });
});

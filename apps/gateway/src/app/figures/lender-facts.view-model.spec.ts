import { type offersV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import { NO_OWN_COST, toLenderFactsView } from './lender-facts.view-model';

const locale = createPolishLocale('https://example.pl');
const source = { name: 'dane z pliku ofert partnera', url: '' };
const unknown = { value: '', source: null, checkedAt: '' };
const facts = (kind: string): offersV1.LenderFacts => ({
  slug: 'marka',
  name: 'Marka',
  kind:
    kind === ''
      ? unknown
      : {
          value: kind,
          source: { name: 'strona marki', url: 'https://marka.example/' },
          checkedAt: '2026-11-25',
        },
  company: unknown,
  register: unknown,
  registerEntry: unknown,
  nameForms: null,
  offer: {
    offerId: 1,
    amountMinGrosze: 10_000,
    amountMaxGrosze: 300_000,
    periodMinDays: 61,
    periodMaxDays: 90,
    firstLoanFree: false,
    firstLoanFreeMaxGrosze: 0,
    representativeExample: {
      amountGrosze: 100_000,
      periodDays: 30,
      interestRateBp: 1_450,
      interestGrosze: 1_192,
      feesGrosze: 0,
      totalCostGrosze: 1_192,
      totalPayableGrosze: 101_192,
      rrsoPercent: '15.50',
      payments: 1,
      firstLoanFreeApplies: false,
    },
    repayment: 'single',
    isActive: true,
    sponsored: false,
    sample: false,
    source,
    checkedAt: '2026-11-24',
    ageMin: 18,
    ageMax: 75,
    interestRateBp: 1_450,
    commissionBp: 0,
  },
});
const rrsoRow = (view: ReturnType<typeof toLenderFactsView>) =>
  view.rows.find((row) => row.label === 'RRSO przykładu reprezentatywnego');

describe('a lender’s facts: the RRSO is a lender’s own only', () => {
  it('states a lender’s RRSO with the feed as its source, verified kind or not', () => {
    for (const kind of ['instytucja-pozyczkowa', '']) {
      const view = toLenderFactsView(facts(kind), locale);
      expect(view.notALender).toBe(false);
      expect(rrsoRow(view)).toMatchObject({ known: true, source, checkedAt: '2026-11-24' });
      expect(rrsoRow(view)?.value.replace(/\u00a0/g, ' ')).toBe('15,50 % (1 000 zł na 30 dni)');
    }
  });

  it('states none for a comparison site or intermediary, saying why, even when an example came along', () => {
    for (const kind of ['porownywarka', 'posrednik']) {
      const view = toLenderFactsView(facts(kind), locale);
      expect(view.notALender).toBe(true);
      expect(rrsoRow(view)).toEqual({
        label: 'RRSO przykładu reprezentatywnego',
        value: NO_OWN_COST,
        known: false,
        source: null,
        checkedAt: '',
      });
    }
  });
});

import { type contentV1 } from '@lib/contracts';
import { createPolishLocale } from '../../shared/locale';
import {
  DEFAULT_OFFER_REQUEST,
  fallbackOf,
  offerBlockHeading,
  offerRequestForPage,
  periodText,
} from './offer-request';

const PL = createPolishLocale('https://example.pl');
/** Intl writes the grouping and the currency with no-break spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const block = (overrides: Partial<contentV1.PageOfferBlock> = {}): contentV1.PageOfferBlock => ({
  amountGrosze: 100_000,
  periodDays: 61,
  productTypes: [],
  firstLoanFreeOnly: false,
  ageFrom: 0,
  ageTo: 0,
  business: false,
  withoutCreditCheck: false,
  fallbackPath: '',
  fallbackTitle: '',
  applicantAgeFrom: 0,
  applicantAgeTo: 0,
  applicantDocuments: [],
  ...overrides,
});

describe('the offers block of a page', () => {
  it('asks for what the page declares, and for the default when it declares nothing', () => {
    expect(
      offerRequestForPage(
        block({
          amountGrosze: 150_000,
          productTypes: ['payday'],
          firstLoanFreeOnly: true,
          ageFrom: 18,
          fallbackPath: '/chwilowki-online/',
          fallbackTitle: 'Chwilówki online',
          applicantAgeFrom: 0,
          applicantAgeTo: 0,
          applicantDocuments: [],
        }),
      ),
    ).toEqual({
      amountZl: 1_500,
      periodDays: 61,
      age: 0,
      filters: {
        productTypes: ['payday'],
        firstLoanFreeOnly: true,
        ageFrom: 18,
        ageTo: 0,
        business: false,
        withoutCreditCheck: false,
      },
      fallback: { path: '/chwilowki-online/', title: 'Chwilówki online' },
    });
    expect(offerRequestForPage(null)).toBe(DEFAULT_OFFER_REQUEST);
    expect(offerRequestForPage(block({ amountGrosze: 0 }))).toBe(DEFAULT_OFFER_REQUEST);
    expect(DEFAULT_OFFER_REQUEST).toMatchObject({ amountZl: 2_000, periodDays: 61, age: 0 });
  });

  it('words its heading from the request: products, free first loan, ages, amount and period', () => {
    const heading = (overrides: Partial<contentV1.PageOfferBlock>) =>
      plain(offerBlockHeading(offerRequestForPage(block(overrides)), PL));
    expect(heading({ productTypes: ['payday'], firstLoanFreeOnly: true })).toBe(
      'Chwilówki (spłata jednorazowa) z darmową pierwszą pożyczką: 1 000 zł na 61 dni',
    );
    expect(heading({ productTypes: ['installment'], amountGrosze: 1_000_000, periodDays: 720 })).toBe(
      'Pożyczki ratalne: 10 000 zł na 720 dni (24 mies.)',
    );
    expect(heading({ productTypes: ['payday', 'installment'] })).toBe('Oferty pożyczek: 1 000 zł na 61 dni');
    expect(heading({ ageFrom: 18 })).toBe('Oferty pożyczek dla osób od 18 lat: 1 000 zł na 61 dni');
    expect(heading({ ageFrom: 60, ageTo: 75, amountGrosze: 200_000 })).toBe(
      'Oferty pożyczek dla osób w wieku 60–75 lat: 2 000 zł na 61 dni',
    );
    expect(heading({ business: true, periodDays: 360 })).toBe(
      'Pożyczki dla firm: 1 000 zł na 360 dni (12 mies.)',
    );
    expect(heading({ withoutCreditCheck: true, periodDays: 1 })).toBe(
      'Oferty pożyczek bez sprawdzania baz dłużników: 1 000 zł na 1 dzień',
    );
    expect(plain(offerBlockHeading({ ...DEFAULT_OFFER_REQUEST, label: 'Własny' }, PL))).toBe('Własny');
    expect(periodText(60)).toBe('60 dni');
  });

  it('sends an empty block to the page it names, else to the offers list of the same amount and period', () => {
    expect(fallbackOf(offerRequestForPage(block({ fallbackPath: '/a/', fallbackTitle: 'A' })), PL)).toEqual({
      path: '/a/',
      title: 'A',
    });
    const derived = fallbackOf(offerRequestForPage(block({ amountGrosze: 150_000, periodDays: 90 })), PL);
    expect(derived.path).toBe('/offers/?suma=1500&okres=90');
    expect(plain(derived.title)).toBe('Wszystkie oferty na 1 500 zł i 90 dni (3 mies.)');
  });
});

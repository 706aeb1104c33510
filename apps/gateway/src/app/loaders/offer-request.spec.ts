import { DEFAULT_OFFER_REQUEST, offerRequestForPage } from './offer-request';

describe('offer request of a page', () => {
  it('is the default for pages without a filter', () => {
    expect(offerRequestForPage('/chwilowki-online/')).toEqual(DEFAULT_OFFER_REQUEST);
    expect(DEFAULT_OFFER_REQUEST.label).toBe('');
  });

  it('names the filter of a page about an amount, a term or an age group', () => {
    expect(offerRequestForPage('/pozyczka-100-zl/')).toEqual({
      amountZl: 100,
      periodDays: 30,
      age: 0,
      label: 'Oferty na 100 zł',
    });
    expect(offerRequestForPage('/pozyczka-na-60-dni/')).toMatchObject({ amountZl: 2_000, periodDays: 60 });
    expect(offerRequestForPage('/pozyczki-dla-studentow/')).toMatchObject({
      age: 19,
      label: 'Oferty dla studentów',
    });
  });
});

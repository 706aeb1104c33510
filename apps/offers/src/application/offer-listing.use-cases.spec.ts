import { normaliseFeed } from '@lib/offers-domain';
import { strictMock } from '@lib/testing';
import { OfferListingUseCases } from './offer-listing.use-cases';
import { type OfferCatalogue } from './offer-catalogue';

const feed = normaliseFeed(
  [
    {
      offer_id: 1,
      header: 'Vivus',
      lender_link: 'https://www.vivus.pl/pozyczka?utm=x',
      lender_id: 7,
      lender_slug: 'vivus',
      review_slug: 'vivus',
      amount_min: 100,
      amount_max: 3000,
      period_min_days: 61,
      period_max_days: 61,
      first_loan_free: true,
    },
    {
      offer_id: 2,
      header: 'Wonga',
      lender_link: 'https://www.wonga.pl/',
      lender_slug: 'wonga',
      repayment: 'monthly',
      interest_rate: 18.5,
      commission: 15,
      amount_min: 500,
      amount_max: 10000,
      period_min_days: 90,
      period_max_days: 1460,
    },
  ],
  'pl',
  '2026-11-24',
).offers;

describe('OfferListingUseCases', () => {
  const listing = () =>
    new OfferListingUseCases(
      strictMock<OfferCatalogue>('catalogue', {
        offers: jest.fn((key: string) => Promise.resolve(key === 'pl' ? feed : [])),
      }),
    );

  it('pages a feed’s list and answers every offer with its representative example', async () => {
    const page = await listing().listOffers({ feedKey: 'pl', limit: 1, offset: 1 });
    expect(page.total).toBe(2);
    expect(page.offers).toHaveLength(1);
    const wonga = page.offers[0]!;
    expect(wonga).toMatchObject({
      header: 'Wonga',
      position: 2,
      country: 'PL',
      feedKey: 'pl',
      repayment: 'monthly',
      interestRateBp: 1850,
      commissionBp: 1500,
    });
    expect(wonga.representativeExample).toMatchObject({
      amountGrosze: 100_000,
      periodDays: 360,
      payments: 12,
    });
    expect(wonga.aprBasisPoints).toBeGreaterThan(0);
  });

  it('finds one offer, and a lender by id or slug across the feeds; NOT_FOUND otherwise', async () => {
    await expect(listing().getOffer('pl', 1)).resolves.toMatchObject({
      header: 'Vivus',
      firstLoanFree: true,
      reviewSlug: 'vivus',
    });
    await expect(listing().getOffer('es', 1)).rejects.toMatchObject({ code: 5 });
    await expect(listing().getLender({ slug: 'vivus' })).resolves.toMatchObject({
      lenderId: 7,
      slug: 'vivus',
      name: 'Vivus',
      website: 'https://www.vivus.pl',
      offers: [expect.objectContaining({ offerId: 1 })],
    });
    await expect(listing().getLender({ lenderId: 7 })).resolves.toMatchObject({ slug: 'vivus' });
    await expect(listing().getLender({ slug: 'nikt' })).rejects.toMatchObject({ code: 5 });
  });
});

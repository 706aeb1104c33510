import { strictMock } from '@lib/testing';
import { OfferEntity } from '../persistence/offer.entity';
import { type OffersRepository } from '../persistence/offers.repository';
import { OfferListingUseCases } from './offer-listing.use-cases';

const stored = (overrides: Partial<OfferEntity> = {}): OfferEntity =>
  Object.assign(new OfferEntity(), {
    id: 1,
    country: 'pl',
    offerId: 1001,
    header: 'Vivus',
    lenderSlug: 'vivus',
    lenderLink: 'https://example.com/vivus',
    isActive: true,
    stars: '4.8',
    field2Value: 'do 3 000 zł',
    field4Value: 'od 61 dni',
    tags: ['pierwsza darmowa'],
    asnefValue: true,
    productType: 'payday',
    amountMinGrosze: 10_000,
    amountMaxGrosze: 300_000,
    periodMinDays: 61,
    periodMaxDays: 61,
    firstLoanFree: true,
    position: 1,
    ...overrides,
  });

describe('OfferListingUseCases.listOffers', () => {
  it('asks the repository for the page and answers every stored field as the contract’s Offer', async () => {
    const listByCountry = jest.fn().mockResolvedValue({ offers: [stored()], total: 7 });
    const listing = new OfferListingUseCases(strictMock<OffersRepository>('offers', { listByCountry }));

    const answer = await listing.listOffers({ country: 'pl', limit: 20, offset: 40 });

    expect(listByCountry).toHaveBeenCalledWith('pl', 20, 40);
    expect(answer).toEqual({
      total: 7,
      offers: [
        {
          offerId: 1001,
          header: 'Vivus',
          lenderLink: 'https://example.com/vivus',
          isActive: true,
          stars: '4.8',
          field2Value: 'do 3 000 zł',
          field4Value: 'od 61 dni',
          tags: ['pierwsza darmowa'],
          asnefValue: true,
          productType: 'payday',
          lenderId: 0,
          lenderSlug: 'vivus',
          amountMinGrosze: 10_000,
          amountMaxGrosze: 300_000,
          periodMinDays: 61,
          periodMaxDays: 61,
          aprBasisPoints: 0,
          firstLoanFree: true,
          country: 'PL',
          logoUrl: '',
          position: 1,
        },
      ],
    });
  });

  it('answers an offer without a lender link with an empty link, never as active', async () => {
    const listByCountry = jest.fn().mockResolvedValue({ offers: [stored({ lenderLink: null, isActive: true })], total: 1 });
    const listing = new OfferListingUseCases(strictMock<OffersRepository>('offers', { listByCountry }));

    const { offers } = await listing.listOffers({ country: 'pl', limit: 20, offset: 0 });

    expect(offers[0]).toMatchObject({ lenderLink: '', isActive: false });
  });

  it('answers an empty page with the total still counted', async () => {
    const listByCountry = jest.fn().mockResolvedValue({ offers: [], total: 5 });
    const listing = new OfferListingUseCases(strictMock<OffersRepository>('offers', { listByCountry }));

    await expect(listing.listOffers({ country: 'pl', limit: 20, offset: 100 })).resolves.toEqual({ offers: [], total: 5 });
  });
});

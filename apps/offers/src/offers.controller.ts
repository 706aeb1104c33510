import { Controller } from '@nestjs/common';
import { offersV1 } from '@lib/contracts';
import { GrpcService, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { type OfferEntity } from './persistence/offer.entity';
import { OffersRepository } from './persistence/offers.repository';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** Feed countries of the marketing setup (spec point 1); the key is lower-case as in `{country}_feed.json`. */
const COUNTRIES = ['es', 'mx', 'vn', 'pl', 'ph', 'my', 'za', 'kz', 'ua'] as const;

const listOffersRequest = z.object({
  country: z
    .string()
    .transform((c) => c.trim().toLowerCase())
    .pipe(z.enum(COUNTRIES, { error: `must be one of ${COUNTRIES.join(', ')}` })),
  limit: z.number().int().min(0).max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`).transform((l) => l || DEFAULT_LIMIT),
  offset: z.number().int().min(0).max(10_000),
});

function toOffer(o: OfferEntity): offersV1.Offer {
  return {
    offerId: o.offerId,
    header: o.header,
    lenderLink: o.lenderLink ?? '',
    // An offer the visitor cannot be sent anywhere for is shown, but never as active.
    isActive: o.isActive && o.lenderLink !== null,
    stars: o.stars,
    field2Value: o.field2Value,
    field4Value: o.field4Value,
    tags: o.tags,
    asnefValue: o.asnefValue,
    productType: o.productType,
    lenderId: 0,
    lenderSlug: o.lenderSlug,
    amountMinGrosze: o.amountMinGrosze,
    amountMaxGrosze: o.amountMaxGrosze,
    periodMinDays: o.periodMinDays,
    periodMaxDays: o.periodMaxDays,
    aprBasisPoints: 0,
    firstLoanFree: o.firstLoanFree,
    country: o.country.toUpperCase(),
    logoUrl: '',
    position: o.position,
  };
}

@Controller()
@GrpcService(offersV1.OFFERS_SERVICE_NAME)
export class OffersController implements Pick<offersV1.OffersServiceController, 'listOffers'> {
  constructor(private readonly offers: OffersRepository) {}

  async listOffers(request: offersV1.ListOffersRequest): Promise<offersV1.ListOffersResponse> {
    const { country, limit, offset } = parseRequest(listOffersRequest, request);
    const page = await this.offers.listByCountry(country, limit, offset);
    return { offers: page.offers.map(toOffer), total: page.total };
  }
}

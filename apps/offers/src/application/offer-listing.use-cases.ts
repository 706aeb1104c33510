import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type offersV1 } from '@lib/contracts';
import { CACHE } from '@lib/service-kit';
import { type FeedCountry } from '../domain/feed-countries';
import { OffersRepository } from '../persistence/offers.repository';
import { toOfferMessage } from './offer-message';
import { OFFER_LIST_CACHE, offerListKey } from './offers-cache';

/** One page of a country's comparison list. */
export interface OfferListQuery {
  country: FeedCountry;
  limit: number;
  offset: number;
}

/** The comparison lists visitors browse (ListOffers; GetOffer and GetLender join here when built). */
@Injectable()
export class OfferListingUseCases {
  constructor(
    private readonly offers: OffersRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  /** A country's offers in display order, with the total for paging, read through the cache. */
  async listOffers(query: OfferListQuery): Promise<offersV1.ListOffersResponse> {
    return readThrough(this.cache, offerListKey(query.country, query.limit, query.offset), OFFER_LIST_CACHE, async () => {
      const page = await this.offers.listByCountry(query.country, query.limit, query.offset);
      return { offers: page.offers.map(toOfferMessage), total: page.total };
    });
  }
}

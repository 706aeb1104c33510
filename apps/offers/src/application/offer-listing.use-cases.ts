import { Injectable } from '@nestjs/common';
import { type offersV1 } from '@lib/contracts';
import { type FeedCountry } from '../domain/feed-countries';
import { OffersRepository } from '../persistence/offers.repository';
import { toOfferMessage } from './offer-message';

/** One page of a country's comparison list. */
export interface OfferListQuery {
  country: FeedCountry;
  limit: number;
  offset: number;
}

/** The comparison lists visitors browse (ListOffers; GetOffer and GetLender join here when built). */
@Injectable()
export class OfferListingUseCases {
  constructor(private readonly offers: OffersRepository) {}

  /** A country's offers in display order, with the total for paging. */
  async listOffers(query: OfferListQuery): Promise<offersV1.ListOffersResponse> {
    const page = await this.offers.listByCountry(query.country, query.limit, query.offset);
    return { offers: page.offers.map(toOfferMessage), total: page.total };
  }
}

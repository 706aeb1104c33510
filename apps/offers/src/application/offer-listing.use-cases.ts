import { Injectable } from '@nestjs/common';
import { type offersV1 } from '@lib/contracts';
import { FEED_KEYS, type NormalisedOffer } from '@lib/offers-domain';
import { notFound } from '@lib/service-kit';
import { type FeedKey } from '../domain/feed-countries';
import { lenderNameFormsOf } from '../persistence/lender-facts-file';
import { OfferCatalogue } from './offer-catalogue';
import { toOfferMessage } from './offer-message';

/** One page of a feed's comparison list. */
export interface OfferListQuery {
  feedKey: FeedKey;
  limit: number;
  offset: number;
}

export interface LenderQuery {
  lenderId?: number;
  slug?: string;
}

const websiteOf = (link: string) => (link && URL.canParse(link) ? new URL(link).origin : '');

/** The comparison lists visitors browse: ListOffers, GetOffer, GetLender, all from the stored feeds. */
@Injectable()
export class OfferListingUseCases {
  constructor(private readonly catalogue: OfferCatalogue) {}

  /** A feed's offers in list order (normaliseFeed: active by header, then inactive), with the total for paging. */
  async listOffers(query: OfferListQuery): Promise<offersV1.ListOffersResponse> {
    const offers = await this.catalogue.offers(query.feedKey);
    return {
      offers: offers.slice(query.offset, query.offset + query.limit).map(toOfferMessage),
      total: offers.length,
    };
  }

  async getOffer(feedKey: FeedKey, offerId: number): Promise<offersV1.Offer> {
    const offer = (await this.catalogue.offers(feedKey)).find((o) => o.offerId === offerId);
    if (!offer) throw notFound('offer', `${feedKey}/${offerId}`);
    return toOfferMessage(offer);
  }

  /** A lender (by id, else by slug) with its offers in every feed. */
  async getLender(query: LenderQuery): Promise<offersV1.Lender> {
    const matches = (o: NormalisedOffer) =>
      query.lenderId !== undefined ? o.lenderId === query.lenderId : o.lenderSlug === query.slug;
    const offers: NormalisedOffer[] = [];
    for (const feedKey of FEED_KEYS) offers.push(...(await this.catalogue.offers(feedKey)).filter(matches));
    const first = offers[0];
    if (!first)
      throw notFound('lender', query.lenderId !== undefined ? String(query.lenderId) : (query.slug ?? ''));
    return {
      lenderId: first.lenderId,
      slug: first.lenderSlug,
      name: first.lenderName,
      logoUrl: first.logoUrl,
      website: websiteOf(first.lenderLink),
      offers: offers.map(toOfferMessage),
      nameForms: lenderNameFormsOf(offers.find((o) => o.reviewSlug !== '')?.reviewSlug ?? ''),
    };
  }
}

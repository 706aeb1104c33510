import { Injectable } from '@nestjs/common';
import { type offersV1 } from '@lib/contracts';
import { type MatchRequest, matchOffers } from '@lib/offers-domain';
import { type Deadline, notFound } from '@lib/service-kit';
import { type FeedKey } from '../domain/feed-countries';
import { LeadRequestsRepository } from '../persistence/lead-requests.repository';
import { OfferCatalogue } from './offer-catalogue';
import { toMatchedMessage } from './offer-message';

export interface MatchCommand extends MatchRequest {
  feedKey: FeedKey;
  purpose: number;
  /** The leads service's application id; its request is stored for the lead feed. */
  applicationId?: string;
  limit: number;
}

/** MatchOffers and the lead feed built on it. */
@Injectable()
export class MatchingUseCases {
  constructor(
    private readonly catalogue: OfferCatalogue,
    private readonly leadRequests: LeadRequestsRepository,
  ) {}

  async matchOffers(command: MatchCommand, deadline: Deadline): Promise<offersV1.MatchOffersResponse> {
    if (command.applicationId !== undefined) {
      await this.leadRequests.storeOnce(
        {
          applicationId: command.applicationId,
          amountGrosze: command.amountGrosze,
          periodDays: command.periodDays,
          purpose: command.purpose,
          age: command.age,
          feedKey: command.feedKey,
        },
        () => deadline.assertTimeLeft(),
      );
    }
    const { ranked, sponsored } = matchOffers(await this.catalogue.offers(command.feedKey), command);
    return {
      offers: ranked.slice(0, command.limit).map(toMatchedMessage),
      total: ranked.length,
      sponsored: sponsored.map(toMatchedMessage),
    };
  }

  /** The offer ids a lead's stored request matches today, best first (paid placements not among them). */
  async leadFeed(leadId: string): Promise<offersV1.GetLeadFeedResponse> {
    const request = await this.leadRequests.find(leadId);
    if (!request) throw notFound('lead', leadId);
    const { ranked } = matchOffers(await this.catalogue.offers(request.feedKey as FeedKey), request);
    return { offerIds: ranked.map((m) => m.offer.offerId) };
  }
}

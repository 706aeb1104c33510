import { Injectable } from '@nestjs/common';
import { type offersV1 } from '@lib/contracts';
import { type MatchRequest, type OfferMatch, type UnsupportedFilter, matchOffers } from '@lib/offers-domain';
import { type Deadline, notFound } from '@lib/service-kit';
import { type FeedKey } from '../domain/feed-countries';
import { LeadRequestsRepository } from '../persistence/lead-requests.repository';
import { offerPassesApplicationsOn } from '../persistence/lender-facts-file';
import { pricedCost } from './loan-cost-memo';
import { OfferCatalogue } from './offer-catalogue';
import { toLoanCostMessage, toOfferMessage } from './offer-message';

export interface MatchCommand extends MatchRequest {
  feedKey: FeedKey;
  purpose: number;
  /** The leads service's application id; its request is stored for the lead feed. */
  applicationId?: string;
  limit: number;
}

/** The contract's names of the filters no feed can answer. */
const UNSUPPORTED_FILTER_NAMES: Readonly<Record<UnsupportedFilter, string>> = {
  business: 'business',
  withoutCreditCheck: 'without_credit_check',
};

/**
 * A match with the figures shown for it (cost and RRSO of the amount over the priced period), or
 * none when its cost is unknown. An offer answered for another period carries no score: it is not
 * ranked.
 */
export function toMatchedMessage(m: OfferMatch): offersV1.MatchedOffer {
  const cost = pricedCost(m);
  return {
    offer: toOfferMessage(m.offer),
    score: m.withinLimits ? m.score : 0,
    withinLimits: m.withinLimits,
    cost: cost ? toLoanCostMessage(cost) : null,
    costUnknown: cost === null,
    pricedPeriodDays: m.periodDays,
  };
}

/**
 * An offer of a brand that lends nothing itself, as answered apart: no score and no cost (not even
 * 'unknown': there is no loan of its own to price).
 */
export function toUnpricedMessage(m: OfferMatch): offersV1.MatchedOffer {
  return {
    offer: toOfferMessage(m.offer),
    score: 0,
    withinLimits: m.withinLimits,
    cost: null,
    costUnknown: false,
    pricedPeriodDays: m.periodDays,
  };
}

/** Comparison sites and intermediaries are matched apart from the lenders (lender facts' kind). */
const MATCH_OPTIONS = { passesApplicationsOn: offerPassesApplicationsOn };

/** MatchOffers and the lead feed built on it. */
@Injectable()
export class MatchingUseCases {
  constructor(
    private readonly catalogue: OfferCatalogue,
    private readonly leadRequests: LeadRequestsRepository,
  ) {}

  /**
   * The offers able to lend the amount for the period, ranked and counted; apart, those able to
   * lend it only for another period, the paid placements, and the comparison sites and
   * intermediaries (never ranked or priced). An application's request is stored
   * (without a page's filters: an application asks for any offer) for its lead feed.
   */
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
    const { ranked, otherPeriod, sponsored, intermediaries, unsupported } = matchOffers(
      await this.catalogue.offers(command.feedKey),
      command,
      MATCH_OPTIONS,
    );
    return {
      offers: ranked.slice(0, command.limit).map(toMatchedMessage),
      total: ranked.length,
      sponsored: sponsored.map(toMatchedMessage),
      otherPeriod: otherPeriod.slice(0, command.limit).map(toMatchedMessage),
      otherPeriodTotal: otherPeriod.length,
      unsupportedFilters: unsupported.map((name) => UNSUPPORTED_FILTER_NAMES[name]),
      intermediaries: intermediaries.map(toUnpricedMessage),
    };
  }

  /**
   * Erasure through the leads service: the stored requests of these applications are deleted, so
   * their lead feed is NOT_FOUND from now on. Nothing else here keeps them: the lead feed is matched
   * afresh from the stored row on every call and never cached (the caches hold feeds, not requests).
   */
  async forgetLeadRequests(applicationIds: readonly string[]): Promise<offersV1.ForgetLeadRequestsResponse> {
    return { forgotten: await this.leadRequests.forget(applicationIds) };
  }

  /**
   * Retention: the requests stored before `before` are deleted, as the leads service deletes the
   * applications themselves after LEADS_RETENTION_DAYS; their lead feed is NOT_FOUND from then on.
   */
  async forgetLeadRequestsStoredBefore(before: Date): Promise<number> {
    return this.leadRequests.deleteStoredBefore(before);
  }

  /**
   * The offer ids a lead's stored request matches today, best first (paid placements, comparison
   * sites and intermediaries not among them).
   */
  async leadFeed(leadId: string): Promise<offersV1.GetLeadFeedResponse> {
    const request = await this.leadRequests.find(leadId);
    if (!request) throw notFound('lead', leadId);
    const { ranked } = matchOffers(
      await this.catalogue.offers(request.feedKey as FeedKey),
      request,
      MATCH_OPTIONS,
    );
    return { offerIds: ranked.map((m) => m.offer.offerId) };
  }
}

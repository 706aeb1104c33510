import { Controller } from '@nestjs/common';
import { offersV1 } from '@lib/contracts';
import { CallDeadline, parseRequest } from '@lib/service-kit';
import { ExperimentsUseCases } from '../application/experiments.use-cases';
import { FeedIngestionUseCases } from '../application/feed-ingestion.use-cases';
import { LenderFactsUseCases } from '../application/lender-facts.use-cases';
import { MatchingUseCases } from '../application/matching.use-cases';
import { OfferListingUseCases } from '../application/offer-listing.use-cases';
import {
  assignExperimentVariantRequest,
  feedCountry,
  feedKeyOf,
  feedKeysOf,
  feedKeysRequest,
  forgetLeadRequestsRequest,
  getLeadFeedRequest,
  getLenderFactsRequest,
  getLenderRequest,
  getOfferRequest,
  listExperimentsRequest,
  listLenderFactsRequest,
  listOffersRequest,
  matchOffersRequest,
} from './requests';

/**
 * offers.v1.OffersService in full: the generated interface and decorator make a new RPC in the proto
 * a type error here until it is built.
 */
@Controller()
@offersV1.OffersServiceControllerMethods()
export class OffersController implements offersV1.OffersServiceController {
  constructor(
    private readonly listing: OfferListingUseCases,
    private readonly ingestion: FeedIngestionUseCases,
    private readonly matching: MatchingUseCases,
    private readonly experiments: ExperimentsUseCases,
    private readonly lenderFacts: LenderFactsUseCases,
  ) {}

  async listOffers(request: offersV1.ListOffersRequest): Promise<offersV1.ListOffersResponse> {
    const { country, pagePath, limit, offset } = parseRequest(listOffersRequest, request);
    return this.listing.listOffers({ feedKey: feedKeyOf(country, pagePath), limit, offset });
  }

  async getOffer(request: offersV1.GetOfferRequest): Promise<offersV1.Offer> {
    const { country, pagePath, offerId } = parseRequest(getOfferRequest, request);
    return this.listing.getOffer(feedKeyOf(country, pagePath), offerId);
  }

  async getLender(request: offersV1.GetLenderRequest): Promise<offersV1.Lender> {
    const { lenderId, slug } = parseRequest(getLenderRequest, request);
    return this.listing.getLender(lenderId !== undefined ? { lenderId } : { slug });
  }

  async triggerFeedIngestion(
    request: offersV1.TriggerFeedIngestionRequest,
  ): Promise<offersV1.TriggerFeedIngestionResponse> {
    const feedKeys = feedKeysOf(parseRequest(feedKeysRequest, request).feedKeys);
    return { feeds: await this.ingestion.trigger(feedKeys) };
  }

  async getFeedIngestionStatus(
    request: offersV1.GetFeedIngestionStatusRequest,
  ): Promise<offersV1.GetFeedIngestionStatusResponse> {
    const feedKeys = feedKeysOf(parseRequest(feedKeysRequest, request).feedKeys);
    return { feeds: await this.ingestion.status(feedKeys) };
  }

  // A write when it carries an application id: NestJS passes (request, metadata, call); the call carries the caller's deadline.
  async matchOffers(
    request: offersV1.MatchOffersRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<offersV1.MatchOffersResponse> {
    const { country, pagePath, ...command } = parseRequest(matchOffersRequest, request);
    return this.matching.matchOffers(
      { ...command, feedKey: feedKeyOf(country, pagePath) },
      CallDeadline.of(call),
    );
  }

  assignExperimentVariant(
    request: offersV1.AssignExperimentVariantRequest,
  ): offersV1.AssignExperimentVariantResponse {
    const { country, ...command } = parseRequest(assignExperimentVariantRequest, request);
    return this.experiments.assign({ ...command, country: feedCountry(country) });
  }

  listExperiments(request: offersV1.ListExperimentsRequest): offersV1.ListExperimentsResponse {
    const { country } = parseRequest(listExperimentsRequest, request);
    return this.experiments.list(country === '' ? undefined : feedCountry(country));
  }

  async getLeadFeed(request: offersV1.GetLeadFeedRequest): Promise<offersV1.GetLeadFeedResponse> {
    const { leadId, country } = parseRequest(getLeadFeedRequest, request);
    feedCountry(country);
    return this.matching.leadFeed(leadId);
  }

  async forgetLeadRequests(
    request: offersV1.ForgetLeadRequestsRequest,
  ): Promise<offersV1.ForgetLeadRequestsResponse> {
    const { applicationIds } = parseRequest(forgetLeadRequestsRequest, request);
    return this.matching.forgetLeadRequests(applicationIds);
  }

  async getLenderFacts(request: offersV1.GetLenderFactsRequest): Promise<offersV1.LenderFacts> {
    const { slug, country } = parseRequest(getLenderFactsRequest, request);
    return this.lenderFacts.get(feedKeyOf(country, ''), slug);
  }

  async listLenderFacts(request: offersV1.ListLenderFactsRequest): Promise<offersV1.ListLenderFactsResponse> {
    const { country } = parseRequest(listLenderFactsRequest, request);
    return this.lenderFacts.list(feedKeyOf(country, ''));
  }
}

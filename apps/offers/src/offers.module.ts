import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { ExperimentsUseCases } from './application/experiments.use-cases';
import { FeedIngestionUseCases } from './application/feed-ingestion.use-cases';
import { LenderFactsUseCases } from './application/lender-facts.use-cases';
import { MatchingUseCases } from './application/matching.use-cases';
import { OfferCatalogue } from './application/offer-catalogue';
import { OfferListingUseCases } from './application/offer-listing.use-cases';
import { FeedIngestionJob } from './jobs/feed-ingestion.job';
import { LeadRequestRetentionJob } from './jobs/lead-request-retention.job';
import { type OffersConfig } from './offers.config';
import { FeedSource } from './persistence/feed-source';
import { FeedsRepository } from './persistence/feeds.repository';
import { LeadRequestsRepository } from './persistence/lead-requests.repository';
import { OffersController } from './transport/offers.controller';

/** Nest wiring only: the controller, its use cases, the schedules and their adapters. */
@Module({
  controllers: [OffersController],
  providers: [
    OfferCatalogue,
    OfferListingUseCases,
    FeedIngestionUseCases,
    MatchingUseCases,
    ExperimentsUseCases,
    LenderFactsUseCases,
    FeedIngestionJob,
    LeadRequestRetentionJob,
    FeedsRepository,
    LeadRequestsRepository,
    {
      provide: FeedSource,
      useFactory: (config: OffersConfig) =>
        new FeedSource(config.OFFERS_FEED_BASE_URL, config.OFFERS_FEED_TIMEOUT_MS),
      inject: [SERVICE_CONFIG],
    },
  ],
})
export class OffersModule {}

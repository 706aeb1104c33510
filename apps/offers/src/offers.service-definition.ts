import { type Logger } from '@lib/observability';
import { LOGGER, METRICS_REGISTRY, SERVICE_CONFIG, type ServiceDefinition } from '@lib/service-kit';
import { DataSource } from 'typeorm';
import { sampleFeedsReadiness } from './application/feed-ingestion.sample-readiness';
import { FeedIngestionUseCases } from './application/feed-ingestion.use-cases';
import { offersConfigSchema, type OffersConfig, sampleFeedsRefused } from './offers.config';
import { OffersModule } from './offers.module';
import { registerFeedMetrics } from './persistence/feed-metrics';
import { FeedsRepository } from './persistence/feeds.repository';
import { OFFERS_ENTITIES, OFFERS_MIGRATIONS } from './persistence/offers-schema';

export const offersService: ServiceDefinition<'offers', OffersConfig> = {
  name: 'offers',
  configSchema: offersConfigSchema,
  module: OffersModule,
  entities: OFFERS_ENTITIES,
  migrations: OFFERS_MIGRATIONS,
  // The first fetch of every feed (OFFERS_INGEST_ON_START), before the service reports ready, so a
  // fresh start has offers. A failed feed is logged and recorded; it never stops the start.
  onDatabaseReady: async (app) => {
    // offers_feed_last_good_fetch_timestamp_seconds{feed} and offers_feed_staleness_seconds{feed}.
    registerFeedMetrics(app.get(METRICS_REGISTRY), app.get(DataSource));
    if (!app.get<OffersConfig>(SERVICE_CONFIG).OFFERS_INGEST_ON_START) return;
    await app.get(FeedIngestionUseCases).ingest();
  },
  // Under NODE_ENV=production (unless OFFERS_ALLOW_SAMPLE_FEEDS) a stored copy of the bundled sample
  // feeds keeps the service up but NOT ready, naming the copies in one log line.
  readinessChecks: (app) =>
    sampleFeedsRefused(app.get<OffersConfig>(SERVICE_CONFIG))
      ? [sampleFeedsReadiness(app.get(FeedsRepository), app.get<Logger>(LOGGER))]
      : [],
};

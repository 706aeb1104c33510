import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER } from '@lib/service-kit';
import { CLOCK, EventIngestionUseCases, NEW_INGEST_ID } from './application/event-ingestion.use-cases';
import { EventReportsUseCases } from './application/event-reports.use-cases';
import { CONSUMER_PROGRESS, type ConsumerProgress, TrackingConsumerJob } from './jobs/tracking-consumer.job';
import { TrackingPartitionsJob } from './jobs/tracking-partitions.job';
import { TrackingEventsRepository } from './persistence/tracking-events.repository';
import { TrackingStreamPublisher } from './persistence/tracking-stream.publisher';
import { EventsController } from './transport/events.controller';

/** Nest wiring only: the controller, its use cases, their adapters and the jobs. */
@Module({
  controllers: [EventsController],
  providers: [
    EventIngestionUseCases,
    EventReportsUseCases,
    TrackingEventsRepository,
    TrackingStreamPublisher,
    TrackingConsumerJob,
    TrackingPartitionsJob,
    { provide: NEW_INGEST_ID, useValue: () => randomUUID() },
    { provide: CLOCK, useValue: () => new Date() },
    {
      provide: CONSUMER_PROGRESS,
      inject: [LOGGER],
      useFactory:
        (logger: Logger): ConsumerProgress =>
        (batch, outcome) =>
          logger.debug(
            {
              topic: batch.topic,
              partition: batch.partition,
              lastOffset: batch.messages.at(-1)?.offset,
              ...outcome,
            },
            'tracking batch committed',
          ),
    },
  ],
})
export class EventsModule {}

import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { EventIngestionUseCases, NEW_INGEST_ID } from './application/event-ingestion.use-cases';
import { EventReportsUseCases } from './application/event-reports.use-cases';
import { TrackingEventsRepository } from './persistence/tracking-events.repository';
import { EventsController } from './transport/events.controller';

/** Nest wiring only: the controller, its use cases and their adapters. */
@Module({
  controllers: [EventsController],
  providers: [
    EventIngestionUseCases,
    EventReportsUseCases,
    TrackingEventsRepository,
    { provide: NEW_INGEST_ID, useValue: () => randomUUID() },
  ],
})
export class EventsModule {}

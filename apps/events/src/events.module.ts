import { Module } from '@nestjs/common';
import { EventsController } from './events.controller';
import { TrackingEventsRepository } from './persistence/tracking-events.repository';

@Module({ controllers: [EventsController], providers: [TrackingEventsRepository] })
export class EventsModule {}

import { Injectable } from '@nestjs/common';
import { type eventsV1 } from '@lib/contracts';
import { TrackingEventsRepository } from '../persistence/tracking-events.repository';

/** Calendar days from..to inclusive (YYYY-MM-DD, Warsaw), optionally one event id only. */
export interface EventCountQuery {
  from: string;
  to: string;
  eventId: number | undefined;
}

/** What analysts read from the stored events (CountEvents; CountSessionsBySource and GetFunnel join here when built). */
@Injectable()
export class EventReportsUseCases {
  constructor(private readonly events: TrackingEventsRepository) {}

  /** Counts per Warsaw day and event id, with the sum over all of them. */
  async countEvents(query: EventCountQuery): Promise<eventsV1.CountEventsResponse> {
    const buckets = await this.events.countByDay(query.from, query.to, query.eventId);
    return { buckets, total: buckets.reduce((sum, b) => sum + b.count, 0) };
  }
}

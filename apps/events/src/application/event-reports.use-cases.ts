import { Injectable } from '@nestjs/common';
import { type eventsV1 } from '@lib/contracts';
import { FUNNEL_STEPS } from '@lib/tracking';
import { TrackingEventsRepository } from '../persistence/tracking-events.repository';

/** Calendar days from..to inclusive (YYYY-MM-DD, Warsaw). */
export interface DayRange {
  from: string;
  to: string;
}

/** Calendar days from..to inclusive, optionally one event id only. */
export interface EventCountQuery extends DayRange {
  eventId: number | undefined;
}

export interface PageViewsQuery extends DayRange {
  pagePath: string | undefined;
  limit: number;
}

export interface SourcesQuery extends DayRange {
  limit: number;
}

export interface FunnelQuery extends DayRange {
  utmSource: string | undefined;
}

/** What analysts read from the stored events (docs/EVENTS.md has the same questions as SQL). */
@Injectable()
export class EventReportsUseCases {
  constructor(private readonly events: TrackingEventsRepository) {}

  /** Counts per Warsaw day and event id, with the sum over all of them. */
  async countEvents(query: EventCountQuery): Promise<eventsV1.CountEventsResponse> {
    const buckets = await this.events.countByDay(query.from, query.to, query.eventId);
    return { buckets, total: buckets.reduce((sum, b) => sum + b.count, 0) };
  }

  /** Page views per page and Warsaw day. */
  async countPageViews(query: PageViewsQuery): Promise<eventsV1.CountPageViewsResponse> {
    const { rows, total } = await this.events.pageViewsByDay(
      query.from,
      query.to,
      query.pagePath,
      query.limit,
    );
    return { rows, totalViews: total };
  }

  /** Distinct clients and sessions per Warsaw day and over the range. */
  async countUniqueClients(query: DayRange): Promise<eventsV1.CountUniqueClientsResponse> {
    return this.events.uniqueClients(query.from, query.to);
  }

  /** Sessions per traffic source (first touch within the range). */
  async countSessionsBySource(query: SourcesQuery): Promise<eventsV1.CountSessionsBySourceResponse> {
    const { rows, totalSessions } = await this.events.sessionsBySource(query.from, query.to, query.limit);
    return { sources: rows, totalSessions };
  }

  /** The funnel home → application → offers → lender click, with each step's share of the first. */
  async getFunnel(query: FunnelQuery): Promise<eventsV1.GetFunnelResponse> {
    const sessions = await this.events.funnel(query.from, query.to, query.utmSource);
    const first = sessions[0] ?? 0;
    return {
      steps: FUNNEL_STEPS.map((step, i) => ({
        key: step.key,
        eventId: step.eventId,
        pageType: step.pageType ?? '',
        sessions: sessions[i] ?? 0,
        conversionBasisPoints: first === 0 ? 0 : Math.round(((sessions[i] ?? 0) * 10_000) / first),
      })),
    };
  }
}

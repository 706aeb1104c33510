import { Controller } from '@nestjs/common';
import { eventsV1 } from '@lib/contracts';
import { CallDeadline, parseRequest } from '@lib/service-kit';
import { EventIngestionUseCases } from '../application/event-ingestion.use-cases';
import { EventReportsUseCases } from '../application/event-reports.use-cases';
import {
  countEventsRequest,
  countPageViewsRequest,
  countSessionsBySourceRequest,
  countUniqueClientsRequest,
  getFunnelRequest,
  ingestEventsRequest,
} from './requests';

/**
 * events.v1.EventsService in full: the generated interface and decorator make a new RPC in the proto
 * a type error here until it is built or listed below as not built yet.
 */
@Controller()
@eventsV1.EventsServiceControllerMethods()
export class EventsController implements eventsV1.EventsServiceController {
  constructor(
    private readonly ingestion: EventIngestionUseCases,
    private readonly reports: EventReportsUseCases,
  ) {}

  async ingestEvents(
    request: eventsV1.IngestEventsRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<eventsV1.IngestEventsResponse> {
    const { events, origin } = parseRequest(ingestEventsRequest, request);
    return this.ingestion.ingest(events, CallDeadline.of(call), origin);
  }

  async countEvents(request: eventsV1.CountEventsRequest): Promise<eventsV1.CountEventsResponse> {
    return this.reports.countEvents(parseRequest(countEventsRequest, request));
  }

  async countPageViews(request: eventsV1.CountPageViewsRequest): Promise<eventsV1.CountPageViewsResponse> {
    return this.reports.countPageViews(parseRequest(countPageViewsRequest, request));
  }

  async countUniqueClients(
    request: eventsV1.CountUniqueClientsRequest,
  ): Promise<eventsV1.CountUniqueClientsResponse> {
    return this.reports.countUniqueClients(parseRequest(countUniqueClientsRequest, request));
  }

  async countSessionsBySource(
    request: eventsV1.CountSessionsBySourceRequest,
  ): Promise<eventsV1.CountSessionsBySourceResponse> {
    return this.reports.countSessionsBySource(parseRequest(countSessionsBySourceRequest, request));
  }

  async getFunnel(request: eventsV1.GetFunnelRequest): Promise<eventsV1.GetFunnelResponse> {
    return this.reports.getFunnel(parseRequest(getFunnelRequest, request));
  }
}

import { Controller } from '@nestjs/common';
import { eventsV1 } from '@lib/contracts';
import { parseRequest, unimplemented } from '@lib/service-kit';
import { EventIngestionUseCases } from '../application/event-ingestion.use-cases';
import { EventReportsUseCases } from '../application/event-reports.use-cases';
import { countEventsRequest, ingestEventsRequest } from './requests';

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

  async ingestEvents(request: eventsV1.IngestEventsRequest): Promise<eventsV1.IngestEventsResponse> {
    const { events } = parseRequest(ingestEventsRequest, request);
    return this.ingestion.ingest(events);
  }

  async countEvents(request: eventsV1.CountEventsRequest): Promise<eventsV1.CountEventsResponse> {
    return this.reports.countEvents(parseRequest(countEventsRequest, request));
  }

  // Not built yet: callers get UNIMPLEMENTED.
  countSessionsBySource(): never { throw unimplemented('CountSessionsBySource'); }
  getFunnel(): never { throw unimplemented('GetFunnel'); }
}

import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createServiceClient, type ServiceClient } from '@lib/contracts';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { type LeadsConfig } from '../leads.config';

/**
 * The services the leads service calls, through the project's gRPC client (deadline per call,
 * one retry after UNAVAILABLE as RPC_KINDS allows): offers (MatchOffers after a submit,
 * ListOffers for the application form's age limits, ForgetLeadRequests on erasure), content (AnonymiseCommenter on erasure) and events (IngestEvents:
 * the stream events of the outbox). Channels connect lazily, on the first call.
 */
@Injectable()
export class PeerServices implements OnApplicationShutdown {
  readonly offers: Pick<ServiceClient<'offers'>, 'matchOffers' | 'listOffers' | 'forgetLeadRequests'>;
  readonly content: Pick<ServiceClient<'content'>, 'anonymiseCommenter'>;
  readonly events: Pick<ServiceClient<'events'>, 'ingestEvents'>;
  private readonly clients: { close(): void }[];

  constructor(@Inject(SERVICE_CONFIG) config: LeadsConfig) {
    const offers = createServiceClient('offers', {
      target: config.OFFERS_SERVICE_ADDR,
      deadlineMs: config.LEADS_PEER_DEADLINE_MS,
    });
    const content = createServiceClient('content', {
      target: config.CONTENT_SERVICE_ADDR,
      deadlineMs: config.LEADS_PEER_DEADLINE_MS,
    });
    const events = createServiceClient('events', {
      target: config.EVENTS_SERVICE_ADDR,
      deadlineMs: config.LEADS_PEER_DEADLINE_MS,
    });
    this.offers = offers;
    this.content = content;
    this.events = events;
    this.clients = [offers, content, events];
  }

  onApplicationShutdown(): void {
    for (const client of this.clients) client.close();
  }
}

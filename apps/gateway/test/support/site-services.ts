import { OFFERS_HANDLERS, createFakeContent } from './content-fixtures';
import { type FakeGrpcServer, startFakeService } from './fake-grpc';
import { RATE_TABLE } from './fixtures';

/** The answer of an IngestEvents that takes the whole batch. */
export function acceptedBatch(batch: readonly unknown[]) {
  return {
    accepted: batch.length,
    rejected: 0,
    results: batch.map((_, index) => ({ index, accepted: true })),
  };
}

export interface SiteServices {
  services: FakeGrpcServer[];
  targets: { content: string; offers: string; rates: string; events: string };
  stop(): Promise<void>;
}

/**
 * The fake services the site's pages read (content from the recording, the offers, an NBP table)
 * and an events service that takes every batch whole, handing its events to `receive`.
 */
export async function startSiteServices<E = unknown>(
  receive: (events: E[]) => void = () => undefined,
): Promise<SiteServices> {
  const services = await Promise.all([
    startFakeService('content', createFakeContent().handlers),
    startFakeService('offers', OFFERS_HANDLERS),
    startFakeService('rates', { GetLatestTable: () => RATE_TABLE, ListBanks: () => ({ banks: [] }) }),
    startFakeService('events', {
      IngestEvents: (request) => {
        const batch = (request as { events: E[] }).events;
        receive(batch);
        return acceptedBatch(batch);
      },
    }),
  ]);
  const [content, offers, rates, events] = services;
  return {
    services,
    targets: { content: content.target, offers: offers.target, rates: rates.target, events: events.target },
    async stop() {
      await Promise.all(services.map((service) => service.stop()));
    },
  };
}

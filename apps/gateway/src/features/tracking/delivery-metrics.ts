import { Gauge, type Registry } from 'prom-client';
import { type EventDelivery } from './event-delivery';

/**
 * The tracking deliveries on /metrics, read from their counters at each scrape, one series per
 * delivery by its sink (`kafka` or `grpc` for the browsers' events, `grpc-server` for the
 * gateway's own offer clicks that wait for a retry): gateway_tracking_events_pending (accepted,
 * not yet delivered: grows while Kafka or the events service is down; POST /api/event answers 503
 * at EVENT_BUFFER_LIMIT), and since start the events delivered, refused by the sink as invalid,
 * and the batches that failed and were retried.
 */
export function registerDeliveryMetrics(registry: Registry, deliveries: readonly EventDelivery[]): void {
  const gauge = (name: string, help: string, read: (delivery: EventDelivery) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['sink'],
      registers: [registry],
      collect() {
        for (const delivery of deliveries) this.set({ sink: delivery.kind }, read(delivery));
      },
    });
  gauge(
    'gateway_tracking_events_pending',
    'Tracking events accepted (POST /api/event; offer clicks waiting for a retry) and not yet delivered.',
    (delivery) => delivery.stats().pending,
  );
  gauge(
    'gateway_tracking_events_delivered',
    'Tracking events delivered to the sink since start.',
    (delivery) => delivery.stats().delivered,
  );
  gauge(
    'gateway_tracking_events_refused',
    'Tracking events the sink refused as invalid since start.',
    (delivery) => delivery.stats().refused,
  );
  gauge(
    'gateway_tracking_failed_batches',
    'Tracking batches the sink did not take (sent again) since start.',
    (delivery) => delivery.stats().failedBatches,
  );
}

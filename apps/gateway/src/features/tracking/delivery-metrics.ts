import { Gauge, type Registry } from 'prom-client';
import { type EventDelivery } from './event-delivery';

/**
 * The tracking delivery on /metrics, read from its counters at each scrape:
 * gateway_tracking_events_pending (accepted, not yet delivered: grows while Kafka or the events
 * service is down; POST /api/event answers 503 at EVENT_BUFFER_LIMIT), and since start the events
 * delivered, refused by the sink as invalid, and the batches that failed and were retried.
 */
export function registerDeliveryMetrics(registry: Registry, delivery: EventDelivery): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['sink'],
      registers: [registry],
      collect() {
        this.set({ sink: delivery.kind }, read());
      },
    });
  gauge(
    'gateway_tracking_events_pending',
    'Tracking events accepted by POST /api/event and not yet delivered.',
    () => delivery.stats().pending,
  );
  gauge(
    'gateway_tracking_events_delivered',
    'Tracking events delivered to the sink since start.',
    () => delivery.stats().delivered,
  );
  gauge(
    'gateway_tracking_events_refused',
    'Tracking events the sink refused as invalid since start.',
    () => delivery.stats().refused,
  );
  gauge(
    'gateway_tracking_failed_batches',
    'Tracking batches the sink did not take (sent again) since start.',
    () => delivery.stats().failedBatches,
  );
}

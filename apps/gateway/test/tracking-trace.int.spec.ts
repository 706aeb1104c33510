import { provideTestKafka, type TestKafka } from '@lib/kafka-test-broker';
import { ensureTopics, type IncomingMessage, startConsumerGroup } from '@lib/messaging';
import { createLogger, shutdownTelemetry, startTelemetry } from '@lib/observability';
import { until } from '@lib/testing';
import { type RawTrackingRecord, TRACKING_TOPICS } from '@lib/tracking';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { EventDelivery } from '../src/features/tracking/event-delivery';
import { kafkaEventSink } from '../src/features/tracking/event-sinks';

const silent = createLogger({
  name: 'gateway',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});

describe('tracking records carry the trace context of the request that accepted them', () => {
  let kafka: TestKafka;

  beforeAll(async () => {
    startTelemetry({
      serviceName: 'gateway-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() })],
    });
    kafka = await provideTestKafka();
    await ensureTopics({ brokers: kafka.brokers, clientId: 'trace-test' }, [
      { topic: TRACKING_TOPICS.raw, partitions: 1 },
    ]);
  });
  afterAll(async () => {
    await kafka?.close();
    await shutdownTelemetry();
  });

  it('publishes each record of a mixed batch with its own request’s traceparent', async () => {
    const delivery = new EventDelivery({
      sink: kafkaEventSink(kafka.brokers, silent, 'gateway-trace-test'),
      logger: silent,
      limit: 100,
      batchSize: 10,
      concurrency: 1,
      lingerMs: 200,
      retry: { initialMs: 10, maxMs: 50 },
    });
    const tracer = trace.getTracer('test');
    const requests = ['first', 'second'].map((name) => {
      const span = tracer.startSpan(`POST /api/event ${name}`);
      const record = { session_id: randomUUID(), name } as unknown as RawTrackingRecord;
      // Both records are accepted within their own request and leave together in one batch.
      context.with(trace.setSpan(context.active(), span), () => expect(delivery.offer([record])).toBe(true));
      span.end();
      return { name, traceId: span.spanContext().traceId };
    });
    // Accepted outside any request: no trace context of its own.
    delivery.offer([{ session_id: randomUUID(), name: 'untraced' } as unknown as RawTrackingRecord]);

    const received: IncomingMessage[] = [];
    const group = await startConsumerGroup(
      { brokers: kafka.brokers, clientId: 'trace-reader' },
      {
        groupId: `trace-${randomUUID()}`,
        topics: [TRACKING_TOPICS.raw],
        maxWaitMs: 100,
        heartbeatIntervalMs: 300,
        handle: (batch) => Promise.resolve(void received.push(...batch.messages)),
      },
    );
    try {
      await until(() => received.length >= 3);
    } finally {
      await group.stop();
      await delivery.drain(1_000);
    }
    for (const { name, traceId } of requests) {
      const message = received.find(
        (m) => (JSON.parse(m.value!.toString()) as { name: string }).name === name,
      )!;
      expect(message.headers['traceparent']).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      expect(message.headers['content-type']).toBe('application/json');
    }
    const untraced = received.find(
      (m) => (JSON.parse(m.value!.toString()) as { name: string }).name === 'untraced',
    )!;
    expect(requests.map((r) => r.traceId)).not.toContain(untraced.headers['traceparent']?.split('-')[1]);
  });
});

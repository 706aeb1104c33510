import { provideTestKafka, type TestKafka } from '@lib/kafka-test-broker';
import { until } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import {
  createKafkaPublisher,
  ensureTopics,
  type IncomingMessage,
  type MessagingConnection,
  startConsumerGroup,
} from '../src';

const FAST = { maxWaitMs: 100, heartbeatIntervalMs: 300, retry: { initialMs: 10, maxMs: 50 } };

describe('@lib/messaging over the Kafka protocol', () => {
  let kafka: TestKafka;
  let connection: MessagingConnection;

  beforeAll(async () => {
    kafka = await provideTestKafka();
    connection = { brokers: kafka.brokers, clientId: 'messaging-test' };
  });
  afterAll(async () => {
    await kafka?.close();
  });

  it('delivers keyed records in order per key, retries a failed batch without skipping it, and commits only what was handled', async () => {
    const topic = `messaging-${randomUUID()}`;
    const groupId = `group-${randomUUID()}`;
    await ensureTopics(connection, [{ topic, partitions: 3 }]);
    const publisher = await createKafkaPublisher(connection);
    await publisher.publish(
      topic,
      Array.from({ length: 30 }, (_, i) => ({
        key: `session-${i % 3}`,
        value: JSON.stringify({ i }),
        headers: { n: String(i) },
      })),
    );

    const handled: IncomingMessage[] = [];
    let failuresLeft = 2;
    const retried: number[] = [];
    const group = await startConsumerGroup(connection, {
      ...FAST,
      groupId,
      topics: [topic],
      handle: (batch) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          return Promise.reject(new Error('sink down'));
        }
        handled.push(...batch.messages);
        return Promise.resolve();
      },
      onRetry: (_error, attempt) => retried.push(attempt),
    });
    await until(() => handled.length >= 30);
    await group.stop();

    expect(retried).toEqual([1, 2]);
    expect(handled).toHaveLength(30); // nothing skipped, nothing twice
    for (const key of ['session-0', 'session-1', 'session-2']) {
      const values = handled
        .filter((m) => m.key === key)
        .map((m) => (JSON.parse(m.value!.toString()) as { i: number }).i);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(new Set(handled.filter((m) => m.key === key).map((m) => m.partition)).size).toBe(1);
    }
    expect(handled[0]!.headers['n']).toBeDefined();

    // A new member of the same group starts after the committed offsets: only the new record arrives.
    await publisher.publish(topic, [{ key: 'session-0', value: JSON.stringify({ i: 30 }) }]);
    const again: IncomingMessage[] = [];
    const second = await startConsumerGroup(connection, {
      ...FAST,
      groupId,
      topics: [topic],
      handle: (batch) => Promise.resolve(void again.push(...batch.messages)),
    });
    await until(() => again.length >= 1);
    await second.stop();
    await publisher.close();
    expect(again.map((m) => (JSON.parse(m.value!.toString()) as { i: number }).i)).toEqual([30]);
  });

  it('stops promptly while a batch keeps failing, commits none of it, and the next member gets it all', async () => {
    const topic = `messaging-${randomUUID()}`;
    const groupId = `group-${randomUUID()}`;
    await ensureTopics(connection, [{ topic, partitions: 1 }]);
    const publisher = await createKafkaPublisher(connection);
    await publisher.publish(
      topic,
      Array.from({ length: 5 }, (_, i) => ({ key: 'k', value: String(i) })),
    );

    let attempts = 0;
    const failing = await startConsumerGroup(connection, {
      ...FAST,
      retry: { initialMs: 60_000, maxMs: 60_000 }, // a long backoff: stop() must not wait it out
      groupId,
      topics: [topic],
      handle: () => {
        attempts += 1;
        return Promise.reject(new Error('sink down'));
      },
    });
    await until(() => attempts >= 1);
    await failing.stop();

    const delivered: string[] = [];
    const next = await startConsumerGroup(connection, {
      ...FAST,
      groupId,
      topics: [topic],
      handle: (batch) =>
        Promise.resolve(void delivered.push(...batch.messages.map((m) => m.value!.toString()))),
    });
    await until(() => delivered.length >= 5);
    await next.stop();
    await publisher.close();
    expect(delivered).toEqual(['0', '1', '2', '3', '4']);
  });
});

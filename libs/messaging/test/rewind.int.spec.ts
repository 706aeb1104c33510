import { provideTestKafka, type TestKafka } from '@lib/kafka-test-broker';
import { until } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import {
  ConsumerGroupActiveError,
  createKafkaPublisher,
  ensureTopics,
  type MessagingConnection,
  rewindConsumerGroup,
  startConsumerGroup,
} from '../src';

const FAST = { maxWaitMs: 100, heartbeatIntervalMs: 300, retry: { initialMs: 10, maxMs: 50 } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rewindConsumerGroup (replay of a topic from a time)', () => {
  let kafka: TestKafka;
  let connection: MessagingConnection;
  beforeAll(async () => {
    kafka = await provideTestKafka();
    connection = { brokers: kafka.brokers, clientId: 'rewind-test' };
  });
  afterAll(async () => {
    await kafka?.close();
  });

  /** Reads the topic with the group until `count` records arrived; answers their values. */
  async function consume(groupId: string, topic: string, count: number): Promise<string[]> {
    const seen: string[] = [];
    const group = await startConsumerGroup(connection, {
      ...FAST,
      groupId,
      topics: [topic],
      fromBeginning: true,
      handle: (batch) => {
        seen.push(...batch.messages.map((m) => m.value?.toString('utf8') ?? ''));
        return Promise.resolve();
      },
    });
    await until(() => seen.length >= count);
    await group.stop();
    return seen;
  }

  it('makes a stopped group re-read exactly the records received at or after the time, refuses a live group, and a dry run moves nothing', async () => {
    const topic = `rewind-${randomUUID()}`;
    const groupId = `group-${randomUUID()}`;
    await ensureTopics(connection, [{ topic, partitions: 2 }]);
    const publisher = await createKafkaPublisher(connection);
    const records = (prefix: string) =>
      Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, value: `${prefix}${i}` }));
    await publisher.publish(topic, records('old-'));
    await sleep(50);
    const from = new Date();
    await sleep(50);
    await publisher.publish(topic, records('new-'));

    expect((await consume(groupId, topic, 12)).sort()).toHaveLength(12);

    const dry = await rewindConsumerGroup(connection, { groupId, topic, from, dryRun: true });
    expect(dry.map((p) => p.partition)).toEqual([0, 1]);
    const total = (offsets: { offset: string }[]) => offsets.reduce((sum, p) => sum + Number(p.offset), 0);
    // Every partition points at its first "new-" record: the old ones before it, 6 in all.
    expect(total(dry)).toBe(6);
    const committed = (offsets: { committedBefore: string | null }[]) =>
      offsets.reduce((sum, p) => sum + Number(p.committedBefore), 0);
    expect(committed(dry)).toBe(12);
    // The dry run committed nothing: the group still stands at the end of both partitions.
    expect(committed(await rewindConsumerGroup(connection, { groupId, topic, from, dryRun: true }))).toBe(12);

    const live = await startConsumerGroup(connection, {
      ...FAST,
      groupId,
      topics: [topic],
      handle: () => Promise.resolve(),
    });
    await expect(rewindConsumerGroup(connection, { groupId, topic, from })).rejects.toBeInstanceOf(
      ConsumerGroupActiveError,
    );
    await live.stop();

    const done = await rewindConsumerGroup(connection, { groupId, topic, from });
    expect(done.map(({ partition, offset }) => ({ partition, offset }))).toEqual(
      dry.map(({ partition, offset }) => ({ partition, offset })),
    );
    const replayed = await consume(groupId, topic, 6);
    expect(replayed.sort()).toEqual(
      records('new-')
        .map((r) => r.value)
        .sort(),
    );
    await publisher.close();
  });
});

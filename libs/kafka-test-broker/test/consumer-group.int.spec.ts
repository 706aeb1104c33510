import { type Admin, type Kafka, type Producer } from 'kafkajs';
import { until } from '@lib/testing';
import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { kafkaFor, runConsumer, unique, type RunningConsumer } from './support/kafkajs';

describe('consumer groups on the test broker (classic protocol)', () => {
  let broker: KafkaTestBroker;
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  const consumers: RunningConsumer[] = [];

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    kafka = kafkaFor(broker.brokers);
    admin = kafka.admin();
    producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await Promise.all([admin.connect(), producer.connect()]);
  });

  afterEach(async () => {
    for (const c of consumers.splice(0)) await c.consumer.disconnect();
  });

  afterAll(async () => {
    await Promise.all([admin.disconnect(), producer.disconnect()]);
    await broker.stop();
  });

  const partitionsOf = (c: RunningConsumer, topic: string) => [...(c.assignment()?.[topic] ?? [])].sort();

  it('rebalances when a second member joins and splits the partitions between the two, then gives all back when it leaves', async () => {
    const topic = unique('split');
    const groupId = unique('group');
    await admin.createTopics({ topics: [{ topic, numPartitions: 4 }] });

    const first = await runConsumer(kafka, groupId, topic);
    consumers.push(first);
    await until(() => partitionsOf(first, topic).length === 4);
    const joinsBefore = first.joins();

    const second = await runConsumer(kafka, groupId, topic);
    consumers.push(second);
    // The first member hears REBALANCE_IN_PROGRESS on its heartbeat, rejoins, and both get half.
    await until(
      () =>
        first.joins() > joinsBefore &&
        partitionsOf(first, topic).length === 2 &&
        partitionsOf(second, topic).length === 2,
    );
    expect([...partitionsOf(first, topic), ...partitionsOf(second, topic)].sort()).toEqual([0, 1, 2, 3]);

    const described = await admin.describeGroups([groupId]);
    expect(described.groups[0]).toMatchObject({ groupId, state: 'Stable', protocolType: 'consumer' });
    expect(described.groups[0]!.members).toHaveLength(2);

    // Messages on every partition reach exactly one of the two.
    await producer.send({
      topic,
      messages: Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, value: `m${i}` })),
    });
    await until(() => first.received.length + second.received.length >= 40);
    const values = [...first.received, ...second.received].map((r) => r.value).sort();
    expect(values).toEqual(Array.from({ length: 40 }, (_, i) => `m${i}`).sort());

    // LeaveGroup: the remaining member is given every partition again.
    await second.consumer.disconnect();
    consumers.splice(consumers.indexOf(second), 1);
    await until(() => partitionsOf(first, topic).length === 4);
  });

  it('resumes a restarted group after its committed offsets: no re-delivery of what was committed, re-delivery of what was not', async () => {
    const topic = unique('commits');
    const groupId = unique('group');
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await producer.send({ topic, messages: Array.from({ length: 10 }, (_, i) => ({ value: `m${i}` })) });

    // The first run commits after each of the first six messages only (as a consumer that commits
    // after its write would), and sees the other four without committing them.
    const first = await runConsumer(kafka, groupId, topic, {
      autoCommit: false,
      onMessage: async ({ message, partition }) => {
        if (Number(message.offset) < 6)
          await first.consumer.commitOffsets([
            { topic, partition, offset: String(Number(message.offset) + 1) },
          ]);
      },
    });
    consumers.push(first);
    await until(() => first.received.length >= 10);
    await first.consumer.disconnect();
    consumers.splice(consumers.indexOf(first), 1);

    expect(await admin.fetchOffsets({ groupId, topics: [topic] })).toEqual([
      { topic, partitions: [{ partition: 0, offset: '6', metadata: null }] },
    ]);

    const second = await runConsumer(kafka, groupId, topic);
    consumers.push(second);
    await until(() => second.received.length >= 4);
    await producer.send({ topic, messages: [{ value: 'm10' }] });
    await until(() => second.received.length >= 5);
    expect(second.received.map((r) => r.value)).toEqual(['m6', 'm7', 'm8', 'm9', 'm10']);
  });

  it('lets an admin reset the offsets of a group without members', async () => {
    const topic = unique('reset');
    const groupId = unique('group');
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await producer.send({ topic, messages: Array.from({ length: 5 }, (_, i) => ({ value: `m${i}` })) });
    await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '3' }] });
    const reader = await runConsumer(kafka, groupId, topic);
    consumers.push(reader);
    await until(() => reader.received.length >= 2);
    expect(reader.received.map((r) => r.value)).toEqual(['m3', 'm4']);
  });
});

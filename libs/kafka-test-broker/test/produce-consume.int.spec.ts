import { CompressionTypes, type Admin, type Kafka } from 'kafkajs';
import { until } from '@lib/testing';
import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { byPartition, kafkaFor, runConsumer, unique, type RunningConsumer } from './support/kafkajs';

describe('kafkajs producer and consumer group against the test broker', () => {
  let broker: KafkaTestBroker;
  let kafka: Kafka;
  let admin: Admin;
  const consumers: RunningConsumer[] = [];

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    kafka = kafkaFor(broker.brokers);
    admin = kafka.admin();
    await admin.connect();
  });

  afterEach(async () => {
    for (const c of consumers.splice(0)) await c.consumer.disconnect();
  });

  afterAll(async () => {
    await admin.disconnect();
    await broker.stop();
  });

  const highWatermarks = async (topic: string) =>
    (await admin.fetchTopicOffsets(topic)).map((p) => Number(p.high));

  it('delivers what an idempotent GZIP producer sent (acks all) to a consumer group, in order per partition', async () => {
    const topic = unique('events');
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }] });
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const sent = Array.from({ length: 90 }, (_, i) => ({ key: `session-${i % 7}`, value: `${i % 7}:${i}` }));
    for (let at = 0; at < sent.length; at += 15) {
      await producer.send({
        topic,
        acks: -1,
        compression: CompressionTypes.GZIP,
        messages: sent.slice(at, at + 15),
      });
    }
    await producer.disconnect();
    expect((await highWatermarks(topic)).reduce((a, b) => a + b, 0)).toBe(90);

    const reader = await runConsumer(kafka, unique('group'), topic);
    consumers.push(reader);
    await until(() => reader.received.length >= 90);

    expect(reader.received).toHaveLength(90);
    expect(new Set(reader.received.map((r) => r.value))).toEqual(new Set(sent.map((m) => m.value)));
    // Every key stays on one partition, and within it the messages keep the order they were sent in.
    const partitionOfKey = new Map<string, Set<number>>();
    for (const r of reader.received)
      partitionOfKey.set(r.key!, (partitionOfKey.get(r.key!) ?? new Set()).add(r.partition));
    expect([...partitionOfKey.values()].every((partitions) => partitions.size === 1)).toBe(true);
    for (const values of byPartition(reader.received).values()) {
      const sequence = values.map((v) => Number(v.split(':')[1]));
      expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
    }
    // Offsets are dense per partition: 0, 1, 2, … (a batch of 15 took 15 offsets).
    for (const partition of new Set(reader.received.map((r) => r.partition))) {
      const offsets = reader.received.filter((r) => r.partition === partition).map((r) => Number(r.offset));
      expect(offsets).toEqual(offsets.map((_, i) => i));
    }
  });

  it('does not append a retried batch twice when the first answer was lost', async () => {
    const topic = unique('retried');
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    await producer.send({ topic, acks: -1, messages: [{ key: 'a', value: 'before' }] });

    // The broker appends the next batch, then drops the connection instead of answering: kafkajs
    // sends the same batch (same producer id, epoch and sequence) again.
    broker.loseNextResponse('Produce');
    const duplicatesBefore = broker.stats.duplicateBatches;
    await producer.send({
      topic,
      acks: -1,
      compression: CompressionTypes.GZIP,
      messages: [
        { key: 'a', value: 'once-1' },
        { key: 'a', value: 'once-2' },
      ],
    });
    await producer.send({ topic, acks: -1, messages: [{ key: 'a', value: 'after' }] });
    await producer.disconnect();

    expect(broker.stats.duplicateBatches).toBe(duplicatesBefore + 1);
    expect(await highWatermarks(topic)).toEqual([4]);
    const reader = await runConsumer(kafka, unique('group'), topic);
    consumers.push(reader);
    await until(() => reader.received.length >= 4);
    expect(reader.received.map((r) => r.value)).toEqual(['before', 'once-1', 'once-2', 'after']);
  });
});

import { type Admin } from 'kafkajs';
import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { kafkaFor, unique } from './support/kafkajs';

describe('kafkajs admin against the test broker', () => {
  let broker: KafkaTestBroker;
  let admin: Admin;

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    admin = kafkaFor(broker.brokers).admin();
    await admin.connect();
  });

  afterAll(async () => {
    await admin.disconnect();
    await broker.stop();
  });

  it('advertises itself on 127.0.0.1', async () => {
    const cluster = await admin.describeCluster();
    expect(cluster.brokers).toEqual([
      { nodeId: 1, host: '127.0.0.1', port: Number(broker.brokers[0]!.split(':')[1]) },
    ]);
    expect(cluster.controller).toBe(1);
  });

  it('creates topics with partitions and describes them in Metadata', async () => {
    const topic = unique('orders');
    expect(await admin.createTopics({ topics: [{ topic, numPartitions: 4 }] })).toBe(true);
    // Creating it again is not an error for kafkajs: TOPIC_ALREADY_EXISTS answers false.
    expect(await admin.createTopics({ topics: [{ topic, numPartitions: 4 }] })).toBe(false);

    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    expect(topics).toHaveLength(1);
    expect(topics[0]!.partitions.map((p) => p.partitionId).sort()).toEqual([0, 1, 2, 3]);
    expect(
      topics[0]!.partitions.every((p) => p.leader === 1 && p.replicas.join() === '1' && p.isr.join() === '1'),
    ).toBe(true);
    expect(await admin.listTopics()).toContain(topic);
  });

  it('refuses a replication factor the single node cannot hold, and illegal names', async () => {
    const failure = (topic: string, replicationFactor?: number) =>
      admin.createTopics({ topics: [{ topic, replicationFactor }] }).then(
        () => null,
        (error: { errors?: { type: string }[] }) => error.errors?.map((e) => e.type),
      );
    expect(await failure(unique('replicated'), 3)).toEqual(['INVALID_REPLICATION_FACTOR']);
    expect(await failure('spaces are illegal')).toEqual(['INVALID_TOPIC_EXCEPTION']);
  });

  it('auto-creates a topic a producer writes to (one partition), not one the admin only asks about', async () => {
    // The admin client asks with allow_auto_topic_creation=false: an unknown topic stays unknown.
    const asked = unique('asked');
    await expect(admin.fetchTopicMetadata({ topics: [asked] })).rejects.toMatchObject({
      type: 'UNKNOWN_TOPIC_OR_PARTITION',
    });

    const topic = unique('auto');
    const producer = kafkaFor(broker.brokers).producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ value: 'first' }] });
    await producer.disconnect();
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    expect(topics[0]!.partitions).toHaveLength(1);
    expect(await admin.fetchTopicOffsets(topic)).toEqual([
      { partition: 0, offset: '1', high: '1', low: '0' },
    ]);

    await admin.deleteTopics({ topics: [topic] });
    expect(await admin.listTopics()).not.toContain(topic);
  });

  it('lists earliest and latest offsets of an empty topic as 0', async () => {
    const topic = unique('empty');
    await admin.createTopics({ topics: [{ topic, numPartitions: 2 }] });
    expect(await admin.fetchTopicOffsets(topic)).toEqual([
      { partition: 0, offset: '0', high: '0', low: '0' },
      { partition: 1, offset: '0', high: '0', low: '0' },
    ]);
  });
});

import { type Kafka } from 'kafkajs';
import { until } from '@lib/testing';
import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { kafkaFor, runConsumer, unique } from './support/kafkajs';

describe('Fetch long poll on the test broker', () => {
  let broker: KafkaTestBroker;
  let kafka: Kafka;

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    kafka = kafkaFor(broker.brokers);
  });

  afterAll(async () => {
    await broker.stop();
  });

  it('parks a fetch for up to max_wait_ms and answers it as soon as a message arrives', async () => {
    const topic = unique('poll');
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();

    // A wait far longer than the test may take: the answer can only come from the append.
    const reader = await runConsumer(kafka, unique('group'), topic, {
      maxWaitTimeInMs: 50_000,
      heartbeatInterval: 3_000,
    });
    await until(() => broker.stats.waitingFetches > 0);
    const wokenBefore = broker.stats.fetchesWokenByData;
    const timedOutBefore = broker.stats.fetchesTimedOut;

    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ value: 'wake up' }] });

    await until(() => reader.received.length === 1);
    expect(reader.received[0]!.value).toBe('wake up');
    expect(broker.stats.fetchesWokenByData).toBeGreaterThan(wokenBefore);
    expect(broker.stats.fetchesTimedOut).toBe(timedOutBefore);

    // kafkajs stops only after its fetch in flight returns: a last message wakes the parked one.
    const stopping = reader.consumer.disconnect();
    await producer.send({ topic, messages: [{ value: 'goodbye' }] });
    await stopping;
    await producer.disconnect();
  });

  it('answers an empty fetch when max_wait_ms passes without data', async () => {
    const topic = unique('quiet');
    const timedOutBefore = broker.stats.fetchesTimedOut;
    const quiet = await runConsumer(kafka, unique('group'), topic, { maxWaitTimeInMs: 20 });
    await until(() => broker.stats.fetchesTimedOut > timedOutBefore + 1);
    expect(quiet.received).toEqual([]);
    await quiet.consumer.disconnect();
  });
});

import { hasDocker, until } from '@lib/testing';
import { provideTestKafka, type TestKafka } from '../src';
import { kafkaFor, runConsumer, unique } from './support/kafkajs';

describe('provideTestKafka', () => {
  let kafka: TestKafka;

  beforeAll(async () => {
    kafka = await provideTestKafka();
  });

  afterAll(async () => {
    await kafka.close();
  });

  it('gives KAFKA_BROKERS, else a container where Docker answers, else the in-memory broker', async () => {
    const configured = process.env['KAFKA_BROKERS']?.trim();
    const hostPort = expect.stringMatching(/^[^:]+:\d+$/) as string;
    const loopbackPort = expect.stringMatching(/^127\.0\.0\.1:\d+$/) as string;
    const expected = configured
      ? { mode: 'url', brokers: configured.split(',').map((b) => b.trim()) }
      : (await hasDocker())
        ? { mode: 'docker', brokers: [hostPort] }
        : { mode: 'memory', brokers: [loopbackPort] };
    expect({ mode: kafka.mode, brokers: kafka.brokers }).toEqual(expected);
  });

  it('carries a message from a kafkajs producer to a consumer group, whichever Kafka it is', async () => {
    const client = kafkaFor(kafka.brokers);
    const topic = unique('provided');
    const admin = client.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 2 }] });
    await admin.disconnect();
    const producer = client.producer({ idempotent: true });
    await producer.connect();
    await producer.send({ topic, acks: -1, messages: [{ key: 'k', value: 'hello' }] });
    await producer.disconnect();
    const reader = await runConsumer(client, unique('group'), topic);
    try {
      await until(() => reader.received.length === 1);
      expect(reader.received[0]!.value).toBe('hello');
    } finally {
      await reader.consumer.disconnect();
    }
  });

  it('uses KAFKA_BROKERS as given and starts nothing for it', async () => {
    const before = process.env['KAFKA_BROKERS'];
    process.env['KAFKA_BROKERS'] = ' kafka-1:9092, kafka-2:9092 ';
    try {
      const configured = await provideTestKafka();
      expect(configured).toMatchObject({ mode: 'url', brokers: ['kafka-1:9092', 'kafka-2:9092'] });
      await configured.close();
    } finally {
      if (before === undefined) delete process.env['KAFKA_BROKERS'];
      else process.env['KAFKA_BROKERS'] = before;
    }
  });
});

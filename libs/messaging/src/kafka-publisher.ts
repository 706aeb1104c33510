import { CompressionTypes, Partitioners, type Producer } from 'kafkajs';
import { kafkaClient } from './kafka-client';
import { type MessagingConnection, type OutgoingMessage, type Publisher } from './messaging';
import { sendWithProducerSpans } from './trace-context';

/**
 * A connected publisher: idempotent producer (a retried batch is written once), acks from all
 * in-sync replicas, GZIP compression, one request in flight so retries keep the order per key,
 * and the Java client's murmur2 partitioner (the same key lands on the same partition as from
 * any other Kafka client). Every record carries a W3C `traceparent`: its PRODUCER span, child of
 * the caller's own traceparent header when set, else of the active context.
 */
export async function createKafkaPublisher(connection: MessagingConnection): Promise<Publisher> {
  const producer: Producer = kafkaClient(connection).producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  let closed = false;
  return {
    async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
      if (closed) throw new Error('publisher is closed');
      if (messages.length === 0) return;
      // W3C trace context per record (traceparent of its PRODUCER span), so the consumer's work joins its trace.
      await sendWithProducerSpans(topic, messages, async (traced) => {
        await producer.send({
          topic,
          acks: -1,
          compression: CompressionTypes.GZIP,
          messages: traced.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
        });
      });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await producer.disconnect();
    },
  };
}

/** Creates the topics that do not exist yet (tests and local runs; production topics come from deploy/kafka). */
export async function ensureTopics(
  connection: MessagingConnection,
  topics: readonly { topic: string; partitions: number }[],
): Promise<void> {
  const admin = kafkaClient(connection).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t.topic));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((t) => ({ topic: t.topic, numPartitions: t.partitions })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}

import { type Consumer, type EachBatchPayload, type KafkaMessage } from 'kafkajs';
import { backoffDelay, type BackoffPolicy } from '@lib/config';
import { kafkaClient } from './kafka-client';
import {
  type ConsumerGroup,
  type ConsumerGroupOptions,
  type IncomingMessage,
  type MessageBatch,
  type MessagingConnection,
} from './messaging';
import { withBatchSpan } from './trace-context';

const DEFAULT_HEARTBEAT_MS = 3_000;
const DEFAULT_RETRY: BackoffPolicy = { initialMs: 100, maxMs: 5_000 };

const headersOf = (message: KafkaMessage): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) headers[name] = first.toString();
  }
  return headers;
};

const toBatch = (topic: string, partition: number, messages: readonly KafkaMessage[]): MessageBatch => ({
  topic,
  partition,
  messages: messages.map((m): IncomingMessage => ({
    topic,
    partition,
    offset: m.offset,
    key: m.key ? m.key.toString() : null,
    value: m.value,
    headers: headersOf(m),
    timestamp: m.timestamp,
  })),
});

/**
 * Joins a consumer group and hands its records to `options.handle` one partition batch at a time.
 * No auto-commit: a batch's offset is committed only after the handler resolved. A failed batch
 * pauses its partition (no further fetches pile up behind it), is retried after a doubling backoff
 * while the member keeps heart-beating (a slow or failing sink does not cause a rebalance), and
 * resumes once it went through. If the partition is revoked or the group stops meanwhile, the
 * batch is left uncommitted and read again by whoever owns the partition next.
 */
export async function startConsumerGroup(
  connection: MessagingConnection,
  options: ConsumerGroupOptions,
): Promise<ConsumerGroup> {
  const retry = options.retry ?? DEFAULT_RETRY;
  const heartbeatMs = options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_MS;
  const consumer: Consumer = kafkaClient(connection).consumer({
    groupId: options.groupId,
    sessionTimeout: options.sessionTimeoutMs ?? 30_000,
    heartbeatInterval: heartbeatMs,
    maxWaitTimeInMs: options.maxWaitMs ?? 1_000,
    maxBytesPerPartition: options.maxBytesPerPartition ?? 1024 * 1024,
    allowAutoTopicCreation: false,
  });
  let running = true;
  /** Wakes the batches waiting out a backoff, so stop() does not wait for them. */
  const wakers = new Set<() => void>();

  /** Waits `ms`, heart-beating meanwhile; ends early when the group stops. */
  const waitWithHeartbeats = async (ms: number, payload: EachBatchPayload) => {
    const until = Date.now() + ms;
    while (running && payload.isRunning() && !payload.isStale()) {
      const left = until - Date.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, heartbeatMs));
        wakers.add(wake);
      });
      await payload.heartbeat();
    }
  };

  await consumer.connect();
  try {
    for (const topic of options.topics) {
      await consumer.subscribe({ topic, fromBeginning: options.fromBeginning ?? true });
    }
    await run();
  } catch (error) {
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  async function run(): Promise<void> {
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: options.partitionsConcurrently ?? 1,
      eachBatch: async (payload) => {
        const { batch } = payload;
        if (batch.messages.length === 0) return;
        const handed = toBatch(batch.topic, batch.partition, batch.messages);
        let resume: (() => void) | undefined;
        try {
          for (let attempt = 1; ; attempt++) {
            // Stopping, or the partition went to another member: not committed, read again by its next owner.
            if (!running || !payload.isRunning() || payload.isStale()) return;
            try {
              // A CONSUMER span child of the producer's trace context (traceparent header).
              await withBatchSpan(handed, options.groupId, () => options.handle(handed));
              break;
            } catch (error) {
              resume ??= payload.pause();
              const delay = backoffDelay(attempt, retry);
              options.onRetry?.(error, attempt, delay, handed);
              await waitWithHeartbeats(delay, payload);
            }
          }
        } finally {
          // Also when a heartbeat reports a rebalance: a partition we get back must not stay paused.
          resume?.();
        }
        const last = batch.messages[batch.messages.length - 1]!.offset;
        payload.resolveOffset(last);
        await payload.commitOffsetsIfNecessary({
          topics: [
            {
              topic: batch.topic,
              partitions: [{ partition: batch.partition, offset: (BigInt(last) + 1n).toString() }],
            },
          ],
        });
        options.onCommitted?.(handed);
        await payload.heartbeat();
      },
    });
  }

  return {
    pause: () => consumer.pause(options.topics.map((topic) => ({ topic }))),
    resume: () => consumer.resume(options.topics.map((topic) => ({ topic }))),
    async stop() {
      if (!running) return;
      running = false;
      for (const wake of [...wakers]) wake();
      await consumer.disconnect();
    },
  };
}

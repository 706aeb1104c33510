import {
  Kafka,
  logLevel,
  type Consumer,
  type ConsumerConfig,
  type EachMessagePayload,
  type IMemberAssignment,
} from 'kafkajs';
import { randomUUID } from 'node:crypto';

/** A topic, group or client name no other test uses. */
export const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A kafkajs client for the broker, quiet (its logs would only add noise to test output). */
export function kafkaFor(brokers: string[]): Kafka {
  return new Kafka({
    clientId: unique('client'),
    brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 8, initialRetryTime: 50 },
  });
}

export interface Received {
  partition: number;
  offset: string;
  key: string | null;
  value: string;
}

export interface RunningConsumer {
  consumer: Consumer;
  received: Received[];
  /** The latest assignment from a completed rebalance (GROUP_JOIN). */
  assignment(): IMemberAssignment | null;
  joins(): number;
}

/**
 * A consumer in `groupId`, subscribed from the beginning, collecting every message. Fast settings
 * (short fetch wait and heartbeat interval) so rebalances are noticed without waiting seconds.
 */
export async function runConsumer(
  kafka: Kafka,
  groupId: string,
  topic: string,
  options: Partial<ConsumerConfig> & {
    autoCommit?: boolean;
    onMessage?: (payload: EachMessagePayload) => Promise<void> | void;
  } = {},
): Promise<RunningConsumer> {
  const { autoCommit = true, onMessage, ...config } = options;
  const consumer = kafka.consumer({
    groupId,
    maxWaitTimeInMs: 100,
    heartbeatInterval: 300,
    sessionTimeout: 10_000,
    ...config,
  });
  const received: Received[] = [];
  let assignment: IMemberAssignment | null = null;
  let joins = 0;
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    assignment = event.payload.memberAssignment;
    joins += 1;
  });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    autoCommit,
    eachMessage: async (payload) => {
      received.push({
        partition: payload.partition,
        offset: payload.message.offset,
        key: payload.message.key?.toString() ?? null,
        value: payload.message.value?.toString() ?? '',
      });
      await onMessage?.(payload);
    },
  });
  return { consumer, received, assignment: () => assignment, joins: () => joins };
}

/** Groups received values by partition, in the order they arrived. */
export function byPartition(received: Received[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const r of received) map.set(r.partition, [...(map.get(r.partition) ?? []), r.value]);
  return map;
}

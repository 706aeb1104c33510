/**
 * The project's own messaging ports. Product code depends on these, never on kafkajs: the one
 * adapter (kafka-*.ts in this lib) is all a move to another client (e.g. the KafkaJS-compatible API
 * of @confluentinc/kafka-javascript) has to touch.
 */
import { type BackoffPolicy } from '@lib/config';

/** One record to publish. The key decides the partition: records with one key stay in order. */
export interface OutgoingMessage {
  key: string | null;
  value: string | Buffer;
  headers?: Readonly<Record<string, string>>;
}

export interface Publisher {
  /**
   * Publishes records to one topic and resolves once the broker acknowledged every one of them
   * with all in-sync replicas (acks = all), idempotently (a retried send is not written twice) and
   * GZIP-compressed. Rejects when they could not be written; nothing is half-acknowledged per call.
   */
  publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void>;
  /** Flushes and disconnects; publish() afterwards rejects. */
  close(): Promise<void>;
}

/** One consumed record. */
export interface IncomingMessage {
  topic: string;
  partition: number;
  /** Kafka offset as a decimal string (64-bit). */
  offset: string;
  key: string | null;
  value: Buffer | null;
  headers: Readonly<Record<string, string>>;
  /** Producer or broker time, milliseconds since the epoch as a decimal string. */
  timestamp: string;
}

/** Records of one partition, in offset order. */
export interface MessageBatch {
  topic: string;
  partition: number;
  messages: readonly IncomingMessage[];
}

/**
 * Handles one batch. Resolving means "every record of the batch is dealt with" (written, or routed
 * to a dead-letter topic): only then is the batch's offset committed. Rejecting means "try again":
 * the partition is paused and the same batch is handed again after a backoff, until it resolves or
 * the partition moves to another group member (which then starts from the last committed offset).
 */
export type BatchHandler = (batch: MessageBatch) => Promise<void>;

export interface ConsumerGroupOptions {
  groupId: string;
  topics: readonly string[];
  handle: BatchHandler;
  /** Where a group with no committed offset starts: the topic's beginning (default) or its end. */
  fromBeginning?: boolean;
  /** Waits between attempts at a failed batch (default 100 ms doubling to 5 s). */
  retry?: BackoffPolicy;
  /** Called before each wait after a failed batch (logging, metrics). */
  onRetry?: (error: unknown, attempt: number, delayMs: number, batch: MessageBatch) => void;
  /** Called when a batch's offset has been committed (metrics, tests waiting for progress). */
  onCommitted?: (batch: MessageBatch) => void;
  /** The member counts as dead after this long without a heartbeat, ms (default 30 000). */
  sessionTimeoutMs?: number;
  /** Largest fetch per partition, bytes (default 1 MiB): bounds a batch. */
  maxBytesPerPartition?: number;
  /** Longest a fetch waits for new records, ms (default 1000): the latency of an idle stream. */
  maxWaitMs?: number;
  /** Heartbeat interval, ms (default 3000; must be well below the session timeout). */
  heartbeatIntervalMs?: number;
  /** Partition batches handled at the same time (default 1); each partition's records stay in order. */
  partitionsConcurrently?: number;
}

export interface ConsumerGroup {
  /** Stops fetching from every topic of the group (the group membership stays). */
  pause(): void;
  resume(): void;
  /** Leaves the group after the batch in hand; uncommitted records go to the next member. */
  stop(): Promise<void>;
}

/** Where the brokers are and who we are to them. */
export interface MessagingConnection {
  brokers: readonly string[];
  clientId: string;
  /** Receives the client's warnings and errors (default: dropped). */
  log?: MessagingLog;
  connectionTimeoutMs?: number;
}

export interface MessagingLog {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Brokers from a KAFKA_BROKERS-style value: comma-separated host:port, blanks ignored. */
export function parseBrokers(value: string): string[] {
  return value
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b !== '');
}

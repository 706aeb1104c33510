import { PartitionLog } from './log';
import { ProducerStates } from './producer-state';
import { ErrorCode } from './errors';

export interface Partition {
  log: PartitionLog;
  producers: ProducerStates;
}

export interface Topic {
  name: string;
  partitions: Partition[];
  configs: Map<string, string | null>;
}

/** Kafka's rule for topic names: 1–249 characters of [a-zA-Z0-9._-], not '.' or '..'. */
const LEGAL_TOPIC = /^[a-zA-Z0-9._-]{1,249}$/;

export function topicNameProblem(name: string): string | null {
  if (!LEGAL_TOPIC.test(name))
    return `topic name '${name}' is illegal: 1-249 characters of ASCII alphanumerics, '.', '_' and '-'`;
  if (name === '.' || name === '..') return `topic name cannot be '.' or '..'`;
  return null;
}

export interface CreateTopicResult {
  errorCode: ErrorCode;
  errorMessage: string | null;
}

type AppendListener = (topic: string, partition: number) => void;

/**
 * What the single node holds: topics and their partition logs, producer ids, and who waits for
 * appends (long-polling fetches).
 */
export class Cluster {
  private readonly topics = new Map<string, Topic>();
  private readonly appendListeners = new Set<AppendListener>();
  private nextProducerId = 1000n;
  private readonly transactionalProducers = new Map<string, { producerId: bigint; epoch: number }>();
  readonly leaderEpoch = 0;

  constructor(
    readonly nodeId: number,
    readonly defaultPartitions: number,
  ) {}

  topic(name: string): Topic | undefined {
    return this.topics.get(name);
  }

  topicNames(): string[] {
    return [...this.topics.keys()].sort();
  }

  partition(topic: string, partition: number): Partition | undefined {
    return this.topics.get(topic)?.partitions[partition];
  }

  createTopic(
    name: string,
    partitions: number,
    configs: Map<string, string | null> = new Map(),
    validateOnly = false,
  ): CreateTopicResult {
    const problem = topicNameProblem(name);
    if (problem) return { errorCode: ErrorCode.INVALID_TOPIC_EXCEPTION, errorMessage: problem };
    if (this.topics.has(name))
      return { errorCode: ErrorCode.TOPIC_ALREADY_EXISTS, errorMessage: `Topic '${name}' already exists.` };
    const count = partitions === -1 ? this.defaultPartitions : partitions;
    if (count < 1 || count > 10_000)
      return {
        errorCode: ErrorCode.INVALID_PARTITIONS,
        errorMessage: `Number of partitions must be between 1 and 10000, was ${count}.`,
      };
    if (!validateOnly) {
      const list = Array.from({ length: count }, () => ({
        log: new PartitionLog(),
        producers: new ProducerStates(),
      }));
      this.topics.set(name, { name, partitions: list, configs });
    }
    return { errorCode: ErrorCode.NONE, errorMessage: null };
  }

  /** Adds partitions up to `count` (never fewer); the new ones start empty. */
  growTopic(name: string, count: number): void {
    const topic = this.topics.get(name);
    if (!topic) return;
    while (topic.partitions.length < count)
      topic.partitions.push({ log: new PartitionLog(), producers: new ProducerStates() });
  }

  deleteTopic(name: string): ErrorCode {
    return this.topics.delete(name) ? ErrorCode.NONE : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
  }

  /** A new producer id (epoch 0) for an idempotent producer; a transactional id keeps its id and gets the next epoch. */
  initProducer(transactionalId: string | null): { producerId: bigint; epoch: number } {
    if (transactionalId === null) return { producerId: this.nextProducerId++, epoch: 0 };
    const known = this.transactionalProducers.get(transactionalId);
    const next = known
      ? { producerId: known.producerId, epoch: known.epoch + 1 }
      : { producerId: this.nextProducerId++, epoch: 0 };
    this.transactionalProducers.set(transactionalId, next);
    return next;
  }

  onAppend(listener: AppendListener): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  notifyAppend(topic: string, partition: number): void {
    for (const listener of [...this.appendListeners]) listener(topic, partition);
  }
}

import { type Admin } from 'kafkajs';
import { kafkaClient } from './kafka-client';
import { type MessagingConnection } from './messaging';

export interface PartitionRewind {
  partition: number;
  /** The group's committed offset before, or null when it had none. */
  committedBefore: string | null;
  /** Where the group reads next: the first record at or after the time, or the end when none is. */
  offset: string;
}

export interface RewindOptions {
  groupId: string;
  topic: string;
  /** Re-read every record the broker received at or after this time. */
  from: Date;
  /** Only compute and answer the offsets; commit nothing. */
  dryRun?: boolean;
}

/** The group has members: offsets of a live group cannot be moved (the broker would refuse, and they would commit over them). */
export class ConsumerGroupActiveError extends Error {
  constructor(
    readonly groupId: string,
    readonly members: number,
  ) {
    super(
      `consumer group ${groupId} has ${members} active member(s): stop its consumers before rewinding it`,
    );
    this.name = 'ConsumerGroupActiveError';
  }
}

/**
 * Moves a consumer group's committed offsets of one topic back (or forward) to the first record
 * at or after a time, so its consumers re-read the stream from there when they start. For a replay
 * of the tracking stream into PostgreSQL: the sink dedupes by ingest id, so re-reading what is
 * already stored adds nothing.
 */
export async function rewindConsumerGroup(
  connection: MessagingConnection,
  options: RewindOptions,
): Promise<PartitionRewind[]> {
  const admin = kafkaClient(connection).admin();
  await admin.connect();
  try {
    return await rewindWith(admin, options);
  } finally {
    await admin.disconnect();
  }
}

async function rewindWith(
  admin: Admin,
  { groupId, topic, from, dryRun }: RewindOptions,
): Promise<PartitionRewind[]> {
  const { groups } = await admin.describeGroups([groupId]);
  const members = groups[0]?.members.length ?? 0;
  if (members > 0) throw new ConsumerGroupActiveError(groupId, members);

  const [targets, ends, committed] = await Promise.all([
    admin.fetchTopicOffsetsByTimestamp(topic, from.getTime()),
    admin.fetchTopicOffsets(topic),
    admin.fetchOffsets({ groupId, topics: [topic] }),
  ]);
  const before = new Map(
    committed.find((c) => c.topic === topic)?.partitions.map((p) => [p.partition, p.offset]) ?? [],
  );
  const high = new Map(ends.map((end) => [end.partition, end.high]));
  const rewinds = targets
    .map(({ partition, offset }): PartitionRewind => {
      const stored = before.get(partition);
      // No record at or after the time: the partition's end (nothing of it to re-read).
      const target = offset === '-1' ? (high.get(partition) ?? '0') : offset;
      return {
        partition,
        committedBefore: stored === undefined || stored === '-1' ? null : stored,
        offset: target,
      };
    })
    .sort((a, b) => a.partition - b.partition);
  if (!dryRun) {
    await admin.setOffsets({
      groupId,
      topic,
      partitions: rewinds.map(({ partition, offset }) => ({ partition, offset })),
    });
  }
  return rewinds;
}

import { type PartitionRewind } from '@lib/messaging';

export const REPLAY_USAGE = `usage: npm run events:replay -- --from <time> [--dry-run] [--group <consumer group>]
Makes the events service re-read tracking.raw.v1 from <time> into PostgreSQL (after a restore of the
database from a backup, or after a sink fault): moves the consumer group's committed offsets of that topic
to the first record the broker received at or after <time>. Events already stored are recognised by their
ingest id and not stored twice. Needs KAFKA_BROKERS. Stop the consumers first (kubectl scale
deployment/events --replicas=0, or stop the events service): the offsets of a live group cannot be moved.
  --from     RFC 3339 time with a zone, e.g. 2026-11-24T03:00:00+01:00 or 2026-11-24T02:00:00Z; the raw
             topic keeps 3 days (deploy/kafka/topics.json), older records are gone
  --dry-run  print where each partition would restart, change nothing
  --group    the consumer group (default: EVENTS_CONSUMER_GROUP)
exit codes: 0 done, 2 bad arguments or no KAFKA_BROKERS, 3 the group still has members, 78 a bad
  environment, 1 anything else (Kafka unreachable)`;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The replay start from --from, or the reason it is not one (a time in the future is refused). */
export function parseReplayFrom(value: string | undefined, now: Date): Date | string {
  if (!value) return '--from is required';
  if (!RFC3339.test(value))
    return `--from must be an RFC 3339 time with a zone (e.g. 2026-11-24T02:00:00Z), got '${value}'`;
  const from = new Date(value);
  if (Number.isNaN(from.getTime())) return `--from is not a valid time: '${value}'`;
  if (from.getTime() > now.getTime()) return `--from is in the future: '${value}'`;
  return from;
}

/** One line per partition, for the operator. */
export function describeRewinds(
  topic: string,
  rewinds: readonly PartitionRewind[],
  dryRun: boolean,
): string[] {
  const verb = dryRun ? 'would restart' : 'restarts';
  const lines = rewinds.map(
    ({ partition, committedBefore, offset }) =>
      `${topic}/${partition}: ${verb} at offset ${offset} (committed before: ${committedBefore ?? 'none'}; ${
        committedBefore === null
          ? 'from the start of what the topic keeps'
          : `${Number(committedBefore) - Number(offset)} record(s) to re-read`
      })`,
  );
  return lines;
}

import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { type Cluster } from '../broker/cluster';
import { type ApiHandler, type RequestContext } from './context';

/* Fetch v11 and ListOffsets v3 (Kafka's FetchRequest/Response.json, ListOffsetsRequest/Response.json). */

interface FetchPartition {
  index: number;
  currentLeaderEpoch: number;
  fetchOffset: bigint;
  partitionMaxBytes: number;
}

interface FetchTopic {
  name: string;
  partitions: FetchPartition[];
}

interface PartitionData {
  index: number;
  errorCode: ErrorCode;
  highWatermark: bigint;
  logStartOffset: bigint;
  records: Buffer[];
}

const EMPTY = Buffer.alloc(0);

function leaderEpochProblem(epoch: number, current: number): ErrorCode | null {
  if (epoch === -1 || epoch === current) return null;
  return epoch < current ? ErrorCode.FENCED_LEADER_EPOCH : ErrorCode.UNKNOWN_LEADER_EPOCH;
}

/** What a fetch would return now; bytes counts the record data (for min_bytes). */
function readPartitions(cluster: Cluster, topics: FetchTopic[], maxBytes: number): { topics: { name: string; partitions: PartitionData[] }[]; bytes: number; errors: boolean } {
  let bytes = 0;
  let errors = false;
  const answer = topics.map((topic) => ({
    name: topic.name,
    partitions: topic.partitions.map((request): PartitionData => {
      const partition = cluster.partition(topic.name, request.index);
      const fail = (errorCode: ErrorCode, highWatermark = -1n, logStartOffset = -1n): PartitionData => {
        errors = true;
        return { index: request.index, errorCode, highWatermark, logStartOffset, records: [] };
      };
      if (!partition) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
      const { log } = partition;
      const epochProblem = leaderEpochProblem(request.currentLeaderEpoch, cluster.leaderEpoch);
      if (epochProblem !== null) return fail(epochProblem, log.highWatermark, log.logStartOffset);
      if (request.fetchOffset < log.logStartOffset || request.fetchOffset > log.highWatermark) {
        return fail(ErrorCode.OFFSET_OUT_OF_RANGE, log.highWatermark, log.logStartOffset);
      }
      // max_bytes and partition_max_bytes are soft limits for the first batch of the response only:
      // it goes out even when larger (KIP-74); later ones must fit.
      const budget = Math.min(request.partitionMaxBytes, maxBytes - bytes);
      const records = log.read(request.fetchOffset, Math.max(budget, 0), bytes === 0);
      for (const batch of records) bytes += batch.length;
      return { index: request.index, errorCode: ErrorCode.NONE, highWatermark: log.highWatermark, logStartOffset: log.logStartOffset, records };
    }),
  }));
  return { topics: answer, bytes, errors };
}

/**
 * Waits until one of the partitions gets an append, `ms` pass, or the connection closes. Resolves
 * 'data' or 'timeout' (an abort counts as a timeout: the answer goes nowhere anyway).
 */
function waitForAppend(context: RequestContext, wanted: Set<string>, ms: number): Promise<'data' | 'timeout'> {
  return new Promise((resolve) => {
    context.stats.waitingFetches += 1;
    let done = false;
    const finish = (reason: 'data' | 'timeout') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      context.signal.removeEventListener('abort', onAbort);
      context.stats.waitingFetches -= 1;
      resolve(reason);
    };
    const onAbort = () => finish('timeout');
    const timer = setTimeout(() => finish('timeout'), ms);
    timer.unref();
    const unsubscribe = context.cluster.onAppend((topic, partition) => {
      if (wanted.has(`${topic}\u0000${partition}`)) finish('data');
    });
    context.signal.addEventListener('abort', onAbort);
    if (context.signal.aborted) finish('timeout');
  });
}

/**
 * Fetch v11 => replica_id max_wait_ms min_bytes max_bytes isolation_level session_id session_epoch
 *   [topics(topic [partitions(partition current_leader_epoch fetch_offset log_start_offset partition_max_bytes)])]
 *   [forgotten_topics_data(topic [partitions])] rack_id
 * Answer: throttle_time_ms error_code session_id [responses(topic [partitions(partition_index error_code
 *   high_watermark last_stable_offset log_start_offset [aborted_transactions] preferred_read_replica records)])]
 * Long poll: while fewer than min_bytes are available the request is parked (no polling loop) until
 * an append to one of its partitions, or max_wait_ms. Fetch sessions (KIP-227) are declined:
 * session_id 0 in every answer, so clients keep sending full fetches.
 */
export const fetch: ApiHandler = {
  apiKey: 1,
  name: 'Fetch',
  minVersion: 11,
  maxVersion: 11,
  async handle(body, context) {
    body.int32(); // replica_id: -1 for consumers
    const maxWaitMs = body.int32();
    const minBytes = body.int32();
    const maxBytes = body.int32();
    body.int8(); // isolation_level: no transactions here, so the last stable offset is the high watermark
    const sessionId = body.int32();
    body.int32(); // session_epoch
    const topics: FetchTopic[] = body.array((r) => ({
      name: r.string(),
      partitions: r.array((p) => {
        const index = p.int32();
        const currentLeaderEpoch = p.int32();
        const fetchOffset = p.int64();
        p.int64(); // log_start_offset: followers only
        return { index, currentLeaderEpoch, fetchOffset, partitionMaxBytes: p.int32() };
      }),
    }));
    body.array((r) => [r.string(), r.array((p) => p.int32())]);
    body.string(); // rack_id: one replica, no closer one to prefer

    if (sessionId !== 0) return new Writer().int32(0).int16(ErrorCode.FETCH_SESSION_ID_NOT_FOUND).int32(0).array([], () => undefined);

    let answer = readPartitions(context.cluster, topics, maxBytes);
    if (!answer.errors && answer.bytes < minBytes && maxWaitMs > 0) {
      const wanted = new Set(topics.flatMap((t) => t.partitions.map((p) => `${t.name}\u0000${p.index}`)));
      const deadline = Date.now() + maxWaitMs;
      for (;;) {
        const left = deadline - Date.now();
        const reason = left > 0 ? await waitForAppend(context, wanted, left) : 'timeout';
        answer = readPartitions(context.cluster, topics, maxBytes);
        if (reason === 'timeout') {
          context.stats.fetchesTimedOut += 1;
          break;
        }
        if (answer.errors || answer.bytes >= minBytes) {
          context.stats.fetchesWokenByData += 1;
          break;
        }
      }
    }
    return new Writer()
      .int32(0)
      .int16(ErrorCode.NONE)
      .int32(0)
      .array(answer.topics, (w, t) =>
        w.string(t.name).array(t.partitions, (pw, p) =>
          pw
            .int32(p.index)
            .int16(p.errorCode)
            .int64(p.highWatermark)
            .int64(p.highWatermark)
            .int64(p.logStartOffset)
            .array([], () => undefined)
            .int32(-1)
            .bytes(p.records.length === 0 ? EMPTY : Buffer.concat(p.records)),
        ),
      );
  },
};

const LATEST = -1n;
const EARLIEST = -2n;

/**
 * ListOffsets v3 => replica_id isolation_level [topics(name [partitions(partition_index timestamp)])]
 * Answer: throttle_time_ms [topics(name [partitions(partition_index error_code timestamp offset)])]
 * timestamp -1 = latest (the high watermark), -2 = earliest (the log start), otherwise the first
 * batch whose max timestamp is at or after it.
 */
export const listOffsets: ApiHandler = {
  apiKey: 2,
  name: 'ListOffsets',
  minVersion: 3,
  maxVersion: 3,
  handle(body, { cluster }) {
    body.int32();
    body.int8();
    const topics = body.array((r) => ({ name: r.string(), partitions: r.array((p) => ({ index: p.int32(), timestamp: p.int64() })) }));
    const answer = topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map((request) => {
        const partition = cluster.partition(topic.name, request.index);
        if (!partition) return { index: request.index, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, timestamp: -1n, offset: -1n };
        const { log } = partition;
        if (request.timestamp === LATEST) return { index: request.index, errorCode: ErrorCode.NONE, timestamp: -1n, offset: log.highWatermark };
        if (request.timestamp === EARLIEST) return { index: request.index, errorCode: ErrorCode.NONE, timestamp: -1n, offset: log.logStartOffset };
        const found = log.offsetForTimestamp(request.timestamp);
        return { index: request.index, errorCode: ErrorCode.NONE, timestamp: found?.timestamp ?? -1n, offset: found?.offset ?? -1n };
      }),
    }));
    return new Writer()
      .int32(0)
      .array(answer, (w, t) => w.string(t.name).array(t.partitions, (pw, p) => pw.int32(p.index).int16(p.errorCode).int64(p.timestamp).int64(p.offset)));
  },
};

import { Writer } from '../codec/writer';
import { ErrorCode } from '../broker/errors';
import { type Cluster } from '../broker/cluster';
import { COMPRESSION, compressionOf, readBatchHeader } from '../codec/record-batch';
import { api, type ApiHandler, type RequestContext } from './context';
import { versions } from './kafka-versions';

/* Fetch v4–11 and ListOffsets v1–5 (Kafka's FetchRequest/Response.json, ListOffsetsRequest/Response.json). */

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
function readPartitions(
  cluster: Cluster,
  topics: FetchTopic[],
  maxBytes: number,
  apiVersion: number,
): { topics: { name: string; partitions: PartitionData[] }[]; bytes: number; errors: boolean } {
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
      // A client fetching below v10 cannot read zstd (KIP-110): Kafka refuses rather than send it.
      if (
        apiVersion < 10 &&
        records.some((batch) => compressionOf(readBatchHeader(batch).attributes) === COMPRESSION.zstd)
      ) {
        return fail(ErrorCode.UNSUPPORTED_COMPRESSION_TYPE, log.highWatermark, log.logStartOffset);
      }
      for (const batch of records) bytes += batch.length;
      return {
        index: request.index,
        errorCode: ErrorCode.NONE,
        highWatermark: log.highWatermark,
        logStartOffset: log.logStartOffset,
        records,
      };
    }),
  }));
  return { topics: answer, bytes, errors };
}

/**
 * Waits until one of the partitions gets an append, `ms` pass, or the connection closes. Resolves
 * 'data' or 'timeout' (an abort counts as a timeout: the answer goes nowhere anyway).
 */
function waitForAppend(
  context: RequestContext,
  wanted: Set<string>,
  ms: number,
): Promise<'data' | 'timeout'> {
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
 * Fetch v4–11 => replica_id max_wait_ms min_bytes max_bytes isolation_level session_id (v7+)
 *   session_epoch (v7+) [topics(topic [partitions(partition current_leader_epoch (v9+) fetch_offset
 *   log_start_offset (v5+) partition_max_bytes)])] [forgotten_topics_data(topic [partitions])] (v7+) rack_id (v11+)
 * Answer: throttle_time_ms error_code (v7+) session_id (v7+) [responses(topic [partitions(partition_index
 *   error_code high_watermark last_stable_offset log_start_offset (v5+) [aborted_transactions]
 *   preferred_read_replica (v11+) records)])]
 * v4 is what kafka-python 2.0 sends, v11 kafkajs and librdkafka.
 * Long poll: while fewer than min_bytes are available the request is parked (no polling loop) until
 * an append to one of its partitions, or max_wait_ms. Fetch sessions (KIP-227) are declined:
 * session_id 0 in every answer, so clients keep sending full fetches.
 */
export const fetch: ApiHandler = {
  ...api('Fetch', versions(4, 11)),
  async handle(body, context) {
    const v = context.apiVersion;
    body.int32(); // replica_id: -1 for consumers
    const maxWaitMs = body.int32();
    const minBytes = body.int32();
    const maxBytes = body.int32();
    body.int8(); // isolation_level: no transactions here, so the last stable offset is the high watermark
    const sessionId = v >= 7 ? body.int32() : 0;
    if (v >= 7) body.int32(); // session_epoch
    const topics: FetchTopic[] = body.array((r) => ({
      name: r.string(),
      partitions: r.array((p) => {
        const index = p.int32();
        const currentLeaderEpoch = v >= 9 ? p.int32() : -1;
        const fetchOffset = p.int64();
        if (v >= 5) p.int64(); // log_start_offset: followers only
        return { index, currentLeaderEpoch, fetchOffset, partitionMaxBytes: p.int32() };
      }),
    }));
    if (v >= 7) body.array((r) => [r.string(), r.array((p) => p.int32())]);
    if (v >= 11) body.string(); // rack_id: one replica, no closer one to prefer

    if (sessionId !== 0)
      return new Writer()
        .int32(0)
        .int16(ErrorCode.FETCH_SESSION_ID_NOT_FOUND)
        .int32(0)
        .array([], () => undefined);

    let answer = readPartitions(context.cluster, topics, maxBytes, v);
    if (!answer.errors && answer.bytes < minBytes && maxWaitMs > 0) {
      const wanted = new Set(topics.flatMap((t) => t.partitions.map((p) => `${t.name}\u0000${p.index}`)));
      const deadline = Date.now() + maxWaitMs;
      for (;;) {
        const left = deadline - Date.now();
        const reason = left > 0 ? await waitForAppend(context, wanted, left) : 'timeout';
        answer = readPartitions(context.cluster, topics, maxBytes, v);
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
    const writer = new Writer().int32(0);
    if (v >= 7) writer.int16(ErrorCode.NONE).int32(0);
    return writer.array(answer.topics, (w, t) =>
      w.string(t.name).array(t.partitions, (pw, p) => {
        pw.int32(p.index).int16(p.errorCode).int64(p.highWatermark).int64(p.highWatermark);
        if (v >= 5) pw.int64(p.logStartOffset);
        pw.array([], () => undefined);
        if (v >= 11) pw.int32(-1);
        pw.bytes(p.records.length === 0 ? EMPTY : Buffer.concat(p.records));
      }),
    );
  },
};

const LATEST = -1n;
const EARLIEST = -2n;

/**
 * ListOffsets v1–5 => replica_id isolation_level (v2+) [topics(name [partitions(partition_index
 *   current_leader_epoch (v4+) timestamp)])]
 * Answer: throttle_time_ms (v2+) [topics(name [partitions(partition_index error_code timestamp offset
 *   leader_epoch (v4+))])]
 * timestamp -1 = latest (the high watermark), -2 = earliest (the log start), otherwise the first
 * batch whose max timestamp is at or after it.
 */
export const listOffsets: ApiHandler = {
  ...api('ListOffsets', versions(1, 5)),
  handle(body, { apiVersion: v, cluster }) {
    body.int32();
    if (v >= 2) body.int8();
    const topics = body.array((r) => ({
      name: r.string(),
      partitions: r.array((p) => {
        const index = p.int32();
        if (v >= 4) p.int32(); // current_leader_epoch: the epoch never changes here
        return { index, timestamp: p.int64() };
      }),
    }));
    const answer = topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map((request) => {
        const partition = cluster.partition(topic.name, request.index);
        if (!partition)
          return {
            index: request.index,
            errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
            timestamp: -1n,
            offset: -1n,
          };
        const { log } = partition;
        if (request.timestamp === LATEST)
          return {
            index: request.index,
            errorCode: ErrorCode.NONE,
            timestamp: -1n,
            offset: log.highWatermark,
          };
        if (request.timestamp === EARLIEST)
          return {
            index: request.index,
            errorCode: ErrorCode.NONE,
            timestamp: -1n,
            offset: log.logStartOffset,
          };
        const found = log.offsetForTimestamp(request.timestamp);
        return {
          index: request.index,
          errorCode: ErrorCode.NONE,
          timestamp: found?.timestamp ?? -1n,
          offset: found?.offset ?? -1n,
        };
      }),
    }));
    const writer = new Writer();
    if (v >= 2) writer.int32(0);
    return writer.array(answer, (w, t) =>
      w.string(t.name).array(t.partitions, (pw, p) => {
        pw.int32(p.index).int16(p.errorCode).int64(p.timestamp).int64(p.offset);
        if (v >= 4) pw.int32(p.errorCode === ErrorCode.NONE ? cluster.leaderEpoch : -1);
      }),
    );
  },
};

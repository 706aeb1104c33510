import { Writer } from '../codec/writer';
import {
  BatchError,
  COMPRESSION,
  compressionOf,
  isTransactional,
  readBatchHeader,
  recordsProblem,
  splitBatches,
} from '../codec/record-batch';
import { ErrorCode } from '../broker/errors';
import { type Partition } from '../broker/cluster';
import { api, type ApiHandler, type BrokerStats } from './context';
import { versions } from './kafka-versions';

/*
 * InitProducerId v0–1 and Produce v3–7 (Kafka's InitProducerIdRequest/Response.json,
 * ProduceRequest/Response.json), with the idempotent producer's sequence checks (KIP-98).
 */

/**
 * InitProducerId v0–1 => transactional_id transaction_timeout_ms (the same fields in both).
 * Answer: throttle_time_ms error_code producer_id producer_epoch
 */
export const initProducerId: ApiHandler = {
  ...api('InitProducerId', versions(0, 1)),
  handle(body, { cluster }) {
    const transactionalId = body.nullableString();
    body.int32();
    const { producerId, epoch } = cluster.initProducer(transactionalId);
    return new Writer().int32(0).int16(ErrorCode.NONE).int64(producerId).int16(epoch);
  },
};

interface PartitionAnswer {
  index: number;
  errorCode: ErrorCode;
  baseOffset: bigint;
  logStartOffset: bigint;
}

const BATCH_PROBLEM_CODES = {
  truncated: ErrorCode.CORRUPT_MESSAGE,
  corrupt: ErrorCode.CORRUPT_MESSAGE,
  'unsupported-magic': ErrorCode.UNSUPPORTED_FOR_MESSAGE_FORMAT,
} as const;

/**
 * Appends one partition's record set: the set is checked first (CRC-32C, magic 2, lengths), then
 * each batch in turn against the producer's sequence (an error stops there). A retried batch (same producer id, epoch and sequences as one of
 * the last five) is answered with the offset it got the first time.
 */
function appendRecordSet(
  partition: Partition,
  records: Buffer,
  leaderEpoch: number,
  stats: BrokerStats,
  apiVersion: number,
): { errorCode: ErrorCode; baseOffset: bigint } {
  let batches: Buffer[];
  try {
    batches = splitBatches(records);
  } catch (error) {
    if (error instanceof BatchError)
      return { errorCode: BATCH_PROBLEM_CODES[error.problem], baseOffset: -1n };
    throw error;
  }
  if (batches.length === 0) return { errorCode: ErrorCode.CORRUPT_MESSAGE, baseOffset: -1n };
  const headers = batches.map(readBatchHeader);
  // zstd needs Produce v7+ (KIP-110); the records of every batch must agree with its header.
  if (apiVersion < 7 && headers.some((h) => compressionOf(h.attributes) === COMPRESSION.zstd))
    return { errorCode: ErrorCode.UNSUPPORTED_COMPRESSION_TYPE, baseOffset: -1n };
  if (batches.some((batch) => recordsProblem(batch) !== null))
    return { errorCode: ErrorCode.CORRUPT_MESSAGE, baseOffset: -1n };
  if (headers.some((h) => isTransactional(h.attributes)))
    return { errorCode: ErrorCode.INVALID_TXN_STATE, baseOffset: -1n };
  let firstOffset = -1n;
  for (const [i, header] of headers.entries()) {
    const check = partition.producers.check(header);
    if (check.kind === 'error') return { errorCode: check.errorCode, baseOffset: -1n };
    let baseOffset: bigint;
    if (check.kind === 'duplicate') {
      stats.duplicateBatches += 1;
      baseOffset = check.baseOffset;
    } else {
      baseOffset = partition.log.append(batches[i]!, leaderEpoch);
      partition.producers.appended(header, baseOffset);
      stats.appendedBatches += 1;
    }
    if (i === 0) firstOffset = baseOffset;
  }
  return { errorCode: ErrorCode.NONE, baseOffset: firstOffset };
}

/**
 * Produce v3–7 => transactional_id acks timeout_ms [topic_data(name [partition_data(index records)])].
 * Answer: [responses(name [partitions(index error_code base_offset log_append_time_ms
 *   log_start_offset (v5+))])] throttle_time_ms. With acks=0 there is no answer at all. v3 is the first
 * that carries record batches (magic 2); v7 is what kafkajs, librdkafka 2.0 and kafka-python 2.0 send.
 */
export const produce: ApiHandler = {
  ...api('Produce', versions(3, 7)),
  handle(body, { apiVersion, cluster, stats }) {
    body.nullableString(); // transactional_id: transactions are not supported (batches are checked instead)
    const acks = body.int16();
    body.int32(); // timeout_ms: one in-memory replica acknowledges at once
    const topics = body.array((r) => ({
      name: r.string(),
      partitions: r.array((p) => ({ index: p.int32(), records: p.nullableBytes() })),
    }));
    const validAcks = acks === -1 || acks === 0 || acks === 1;
    const touched: { topic: string; partition: number }[] = [];
    const responses = topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map((data): PartitionAnswer => {
        const partition = cluster.partition(topic.name, data.index);
        const fail = (errorCode: ErrorCode): PartitionAnswer => ({
          index: data.index,
          errorCode,
          baseOffset: -1n,
          logStartOffset: -1n,
        });
        if (!validAcks) return fail(ErrorCode.INVALID_REQUIRED_ACKS);
        if (!partition) return fail(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
        if (data.records === null) return fail(ErrorCode.CORRUPT_MESSAGE);
        const before = partition.log.highWatermark;
        const result = appendRecordSet(partition, data.records, cluster.leaderEpoch, stats, apiVersion);
        if (partition.log.highWatermark !== before)
          touched.push({ topic: topic.name, partition: data.index });
        return {
          index: data.index,
          errorCode: result.errorCode,
          baseOffset: result.baseOffset,
          logStartOffset: partition.log.logStartOffset,
        };
      }),
    }));
    for (const { topic, partition } of touched) cluster.notifyAppend(topic, partition);
    if (acks === 0) return null;
    return new Writer()
      .array(responses, (w, t) =>
        w.string(t.name).array(t.partitions, (pw, p) => {
          pw.int32(p.index).int16(p.errorCode).int64(p.baseOffset).int64(-1n);
          if (apiVersion >= 5) pw.int64(p.logStartOffset);
        }),
      )
      .int32(0);
  },
};

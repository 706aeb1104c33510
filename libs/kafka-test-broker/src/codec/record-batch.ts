import { gunzipSync } from 'node:zlib';
import { crc32c } from './crc32c';

/*
 * Record batch, magic v2 (https://kafka.apache.org/documentation/#recordbatch):
 *   baseOffset int64 | batchLength int32 | partitionLeaderEpoch int32 | magic int8 | crc uint32 |
 *   attributes int16 | lastOffsetDelta int32 | baseTimestamp int64 | maxTimestamp int64 |
 *   producerId int64 | producerEpoch int16 | baseSequence int32 | recordCount int32 | records…
 * batchLength counts the bytes after itself; the CRC-32C covers attributes to the end. The broker
 * reads only this header: the records (compressed or not) stay as the producer sent them, and the
 * offsets it assigns go into baseOffset and partitionLeaderEpoch, both outside the CRC.
 */
export const BATCH_HEADER_BYTES = 61;
const LENGTH_FIELDS_BYTES = 12; // baseOffset + batchLength
const CRC_AT = 17;
const CRC_FROM = 21;

export interface BatchHeader {
  baseOffset: bigint;
  partitionLeaderEpoch: number;
  magic: number;
  crc: number;
  attributes: number;
  lastOffsetDelta: number;
  baseTimestamp: bigint;
  maxTimestamp: bigint;
  producerId: bigint;
  producerEpoch: number;
  baseSequence: number;
  recordCount: number;
}

export type BatchProblem = 'truncated' | 'unsupported-magic' | 'corrupt';

export class BatchError extends Error {
  constructor(
    readonly problem: BatchProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BatchError';
  }
}

/** Attributes bit 4: the batch is part of a transaction; bit 5: a control batch. */
export const isTransactional = (attributes: number): boolean => (attributes & 0x10) !== 0;
export const isControl = (attributes: number): boolean => (attributes & 0x20) !== 0;

export function readBatchHeader(batch: Buffer): BatchHeader {
  return {
    baseOffset: batch.readBigInt64BE(0),
    partitionLeaderEpoch: batch.readInt32BE(12),
    magic: batch.readInt8(16),
    crc: batch.readUInt32BE(CRC_AT),
    attributes: batch.readInt16BE(21),
    lastOffsetDelta: batch.readInt32BE(23),
    baseTimestamp: batch.readBigInt64BE(27),
    maxTimestamp: batch.readBigInt64BE(35),
    producerId: batch.readBigInt64BE(43),
    producerEpoch: batch.readInt16BE(51),
    baseSequence: batch.readInt32BE(53),
    recordCount: batch.readInt32BE(57),
  };
}

/**
 * Splits a RECORDS field into its batches (copies), checking each one as a broker does on append:
 * magic 2, a length that fits, a CRC-32C that matches, a record count that agrees with
 * lastOffsetDelta. Throws BatchError.
 */
export function splitBatches(records: Buffer): Buffer[] {
  const batches: Buffer[] = [];
  let at = 0;
  while (at < records.length) {
    if (records.length - at < LENGTH_FIELDS_BYTES + 5)
      throw new BatchError('truncated', 'record set ends inside a batch header');
    const magic = records.readInt8(at + 16);
    if (magic !== 2)
      throw new BatchError(
        'unsupported-magic',
        `record batch magic ${magic}; this broker stores magic 2 only`,
      );
    const size = LENGTH_FIELDS_BYTES + records.readInt32BE(at + 8);
    if (size < BATCH_HEADER_BYTES || at + size > records.length)
      throw new BatchError('truncated', `record batch of ${size} bytes does not fit`);
    const batch = Buffer.from(records.subarray(at, at + size));
    const header = readBatchHeader(batch);
    const computed = crc32c(batch.subarray(CRC_FROM));
    if (computed !== header.crc)
      throw new BatchError('corrupt', `record batch CRC ${header.crc} != computed ${computed}`);
    if (
      header.recordCount < 0 ||
      header.lastOffsetDelta < 0 ||
      (header.recordCount > 0 && header.lastOffsetDelta < header.recordCount - 1)
    ) {
      throw new BatchError(
        'corrupt',
        `record count ${header.recordCount} with last offset delta ${header.lastOffsetDelta}`,
      );
    }
    batches.push(batch);
    at += size;
  }
  return batches;
}

/** Writes the offset and leader epoch the log assigned; both lie outside the CRC, so it stays valid. */
export function assignOffset(batch: Buffer, baseOffset: bigint, leaderEpoch: number): void {
  batch.writeBigInt64BE(baseOffset, 0);
  batch.writeInt32BE(leaderEpoch, 12);
}

/** Fills in the CRC-32C of a batch built by hand (tests). */
export function sealBatch(batch: Buffer): Buffer {
  batch.writeUInt32BE(crc32c(batch.subarray(CRC_FROM)), CRC_AT);
  return batch;
}

/** Attributes bits 0–2: the compression codec of the records (the batch header is never compressed). */
export const COMPRESSION = { none: 0, gzip: 1, snappy: 2, lz4: 3, zstd: 4 } as const;
export const compressionOf = (attributes: number): number => attributes & 0x07;

/**
 * Checks the records of a batch as a broker does before appending (Kafka's LogValidator): the
 * codec is one Kafka knows, and — for uncompressed and gzip batches, the codecs Node decodes
 * without extra packages — the records parse and their count is the header's. snappy, lz4 and zstd
 * records are stored as sent, unchecked. Returns a problem, or null.
 */
export function recordsProblem(batch: Buffer): string | null {
  const header = readBatchHeader(batch);
  const codec = compressionOf(header.attributes);
  if (codec > COMPRESSION.zstd) return `unknown compression codec ${codec}`;
  let records: Buffer;
  if (codec === COMPRESSION.none) records = batch.subarray(BATCH_HEADER_BYTES);
  else if (codec === COMPRESSION.gzip) {
    try {
      records = gunzipSync(batch.subarray(BATCH_HEADER_BYTES));
    } catch (error) {
      return `gzip records do not inflate: ${String(error)}`;
    }
  } else return null;
  let count = 0;
  for (let at = 0; at < records.length; count++) {
    let raw = 0;
    let shift = 0;
    for (;;) {
      if (at >= records.length || shift > 28) return 'record length runs past the batch';
      const byte = records[at++]!;
      raw |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) break;
      shift += 7;
    }
    const length = (raw >>> 1) ^ -(raw & 1);
    if (length < 0 || at + length > records.length) return `record of ${length} bytes does not fit`;
    at += length;
  }
  return count === header.recordCount ? null : `${count} records where the header says ${header.recordCount}`;
}

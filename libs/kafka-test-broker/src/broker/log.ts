import { assignOffset, readBatchHeader } from '../codec/record-batch';

/** One stored batch: the bytes as the producer sent them, base offset (and leader epoch) rewritten. */
interface StoredBatch {
  baseOffset: bigint;
  lastOffset: bigint;
  maxTimestamp: bigint;
  bytes: Buffer;
}

/**
 * The log of one partition: batches in offset order. A single in-memory replica, so the high
 * watermark is the log end offset and, without transactions, so is the last stable offset.
 */
export class PartitionLog {
  private readonly batches: StoredBatch[] = [];
  readonly logStartOffset = 0n;
  private endOffset = 0n;

  get highWatermark(): bigint {
    return this.endOffset;
  }

  /** Appends a checked batch (see splitBatches) and returns the base offset it got. */
  append(batch: Buffer, leaderEpoch: number): bigint {
    const header = readBatchHeader(batch);
    const baseOffset = this.endOffset;
    assignOffset(batch, baseOffset, leaderEpoch);
    const lastOffset = baseOffset + BigInt(header.lastOffsetDelta);
    this.batches.push({ baseOffset, lastOffset, maxTimestamp: header.maxTimestamp, bytes: batch });
    this.endOffset = lastOffset + 1n;
    return baseOffset;
  }

  /**
   * Whole batches from the one holding `offset` on, up to `maxBytes`; with `firstAlways` the first
   * batch is returned even when it alone is larger (KIP-74), so a consumer never gets stuck behind a
   * big batch.
   */
  read(offset: bigint, maxBytes: number, firstAlways = true): Buffer[] {
    const out: Buffer[] = [];
    let size = 0;
    for (let i = this.indexOf(offset); i < this.batches.length; i++) {
      const { bytes } = this.batches[i]!;
      if ((out.length > 0 || !firstAlways) && size + bytes.length > maxBytes) break;
      out.push(bytes);
      size += bytes.length;
    }
    return out;
  }

  /**
   * ListOffsets by timestamp: the base offset of the first batch whose max timestamp is at or
   * after `timestamp` (batch granularity: records are not decompressed), or null.
   */
  offsetForTimestamp(timestamp: bigint): { offset: bigint; timestamp: bigint } | null {
    const found = this.batches.find((batch) => batch.maxTimestamp >= timestamp);
    return found ? { offset: found.baseOffset, timestamp: found.maxTimestamp } : null;
  }

  /** Index of the first batch whose last offset is at or after `offset` (binary search). */
  private indexOf(offset: bigint): number {
    let low = 0;
    let high = this.batches.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.batches[mid]!.lastOffset < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

import { type BatchHeader } from '../codec/record-batch';
import { ErrorCode } from './errors';

/** Batches remembered per producer and partition for duplicate detection (Kafka keeps 5 too). */
const RECENT_BATCHES = 5;
const INT32_MAX = 2 ** 31 - 1;

interface RecentBatch {
  firstSequence: number;
  lastSequence: number;
  baseOffset: bigint;
}

interface ProducerEntry {
  epoch: number;
  lastSequence: number;
  recent: RecentBatch[];
}

/** Sequence numbers wrap from INT32_MAX to 0 (KIP-98). */
const plus = (sequence: number, delta: number): number => (sequence + delta) % (INT32_MAX + 1);

export type SequenceCheck =
  { kind: 'append' } | { kind: 'duplicate'; baseOffset: bigint } | { kind: 'error'; errorCode: ErrorCode };

/**
 * The idempotent producer's state of one partition (KIP-98): per producer id the current epoch,
 * the last sequence appended and the last few batches. A batch from a known epoch must continue the
 * sequence; a retry of one of the last batches (same epoch, first and last sequence) is answered
 * with its original offset and not appended again; a new epoch starts at sequence 0; an older
 * epoch is fenced.
 */
export class ProducerStates {
  private readonly producers = new Map<bigint, ProducerEntry>();

  check(header: BatchHeader): SequenceCheck {
    if (header.producerId < 0n) return { kind: 'append' };
    const entry = this.producers.get(header.producerId);
    const lastSequence = plus(header.baseSequence, Math.max(header.recordCount - 1, 0));
    if (entry && header.producerEpoch < entry.epoch)
      return { kind: 'error', errorCode: ErrorCode.INVALID_PRODUCER_EPOCH };
    if (entry && header.producerEpoch === entry.epoch) {
      const same = entry.recent.find(
        (batch) => batch.firstSequence === header.baseSequence && batch.lastSequence === lastSequence,
      );
      if (same) return { kind: 'duplicate', baseOffset: same.baseOffset };
      if (header.baseSequence === plus(entry.lastSequence, 1)) return { kind: 'append' };
      const behind = entry.recent.length > 0 && this.isBehind(header.baseSequence, entry);
      return {
        kind: 'error',
        errorCode: behind ? ErrorCode.DUPLICATE_SEQUENCE_NUMBER : ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
      };
    }
    // An unknown producer, or a new epoch of a known one: its first batch starts at sequence 0.
    return header.baseSequence === 0
      ? { kind: 'append' }
      : { kind: 'error', errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER };
  }

  /** Records a batch appended at `baseOffset` (after check() said append). */
  appended(header: BatchHeader, baseOffset: bigint): void {
    if (header.producerId < 0n) return;
    const lastSequence = plus(header.baseSequence, Math.max(header.recordCount - 1, 0));
    let entry = this.producers.get(header.producerId);
    if (!entry || entry.epoch !== header.producerEpoch) {
      entry = { epoch: header.producerEpoch, lastSequence, recent: [] };
      this.producers.set(header.producerId, entry);
    }
    entry.lastSequence = lastSequence;
    entry.recent.push({ firstSequence: header.baseSequence, lastSequence, baseOffset });
    if (entry.recent.length > RECENT_BATCHES) entry.recent.shift();
  }

  /** An already written sequence older than the remembered batches (the oldest one's first sequence). */
  private isBehind(sequence: number, entry: ProducerEntry): boolean {
    const oldest = entry.recent[0]!.firstSequence;
    const distance = (entry.lastSequence - sequence + INT32_MAX + 1) % (INT32_MAX + 1);
    const window = (entry.lastSequence - oldest + INT32_MAX + 1) % (INT32_MAX + 1);
    return distance > window && distance < INT32_MAX / 2;
  }
}

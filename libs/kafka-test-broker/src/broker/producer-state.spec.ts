import { type BatchHeader } from '../codec/record-batch';
import { ErrorCode } from './errors';
import { ProducerStates } from './producer-state';

const batch = (
  producerId: bigint,
  producerEpoch: number,
  baseSequence: number,
  recordCount = 1,
): BatchHeader => ({
  baseOffset: 0n,
  partitionLeaderEpoch: 0,
  magic: 2,
  crc: 0,
  attributes: 0,
  lastOffsetDelta: recordCount - 1,
  baseTimestamp: 0n,
  maxTimestamp: 0n,
  producerId,
  producerEpoch,
  baseSequence,
  recordCount,
});

describe('idempotent producer sequence checks (KIP-98)', () => {
  it('appends batches of a producer without an id at all', () => {
    const states = new ProducerStates();
    expect(states.check(batch(-1n, -1, -1))).toEqual({ kind: 'append' });
  });

  it('appends a continuing sequence and answers a retry of a recent batch with its first offset', () => {
    const states = new ProducerStates();
    const first = batch(7n, 0, 0, 3);
    expect(states.check(first)).toEqual({ kind: 'append' });
    states.appended(first, 10n);
    const second = batch(7n, 0, 3, 2);
    expect(states.check(second)).toEqual({ kind: 'append' });
    states.appended(second, 13n);
    expect(states.check(batch(7n, 0, 0, 3))).toEqual({ kind: 'duplicate', baseOffset: 10n });
    expect(states.check(batch(7n, 0, 3, 2))).toEqual({ kind: 'duplicate', baseOffset: 13n });
  });

  it('refuses a gap, a new producer not starting at 0, and a fenced epoch', () => {
    const states = new ProducerStates();
    expect(states.check(batch(7n, 0, 5))).toEqual({
      kind: 'error',
      errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
    });
    states.appended(batch(7n, 1, 0), 0n);
    expect(states.check(batch(7n, 1, 2))).toEqual({
      kind: 'error',
      errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
    });
    expect(states.check(batch(7n, 0, 1))).toEqual({
      kind: 'error',
      errorCode: ErrorCode.INVALID_PRODUCER_EPOCH,
    });
    // A bumped epoch starts again at sequence 0.
    expect(states.check(batch(7n, 2, 0))).toEqual({ kind: 'append' });
  });

  it('calls an old sequence beyond the five remembered batches a duplicate sequence', () => {
    const states = new ProducerStates();
    for (let i = 0; i < 7; i++) states.appended(batch(9n, 0, i), BigInt(i));
    expect(states.check(batch(9n, 0, 0))).toEqual({
      kind: 'error',
      errorCode: ErrorCode.DUPLICATE_SEQUENCE_NUMBER,
    });
    expect(states.check(batch(9n, 0, 3))).toEqual({ kind: 'duplicate', baseOffset: 3n });
  });

  it('wraps the sequence from INT32_MAX to 0', () => {
    const states = new ProducerStates();
    states.appended(batch(3n, 0, 0, 2 ** 31 - 1), 0n); // sequences 0 … 2^31 - 2
    states.appended(batch(3n, 0, 2 ** 31 - 1, 1), 2n); // the last one, INT32_MAX
    expect(states.check(batch(3n, 0, 0))).toEqual({ kind: 'append' });
  });
});

import { BATCH_HEADER_BYTES, readBatchHeader } from '../codec/record-batch';
import { PartitionLog } from './log';

/** A batch header with `records` records and `size` bytes in all (contents do not matter to the log). */
function batch(records: number, size: number, maxTimestamp: bigint): Buffer {
  const bytes = Buffer.alloc(Math.max(size, BATCH_HEADER_BYTES));
  bytes.writeInt32BE(bytes.length - 12, 8);
  bytes.writeInt8(2, 16);
  bytes.writeInt32BE(records - 1, 23);
  bytes.writeBigInt64BE(maxTimestamp, 35);
  bytes.writeInt32BE(records, 57);
  return bytes;
}

describe('partition log', () => {
  it('gives each batch the next offsets and reads from the batch holding an offset', () => {
    const log = new PartitionLog();
    expect(log.append(batch(3, 100, 10n), 0)).toBe(0n);
    expect(log.append(batch(2, 100, 20n), 0)).toBe(3n);
    expect(log.append(batch(1, 100, 30n), 0)).toBe(5n);
    expect(log.highWatermark).toBe(6n);
    expect(log.read(4n, 10_000).map((b) => readBatchHeader(b).baseOffset)).toEqual([3n, 5n]);
    expect(log.read(6n, 10_000)).toEqual([]);
  });

  it('stops at max bytes, but returns a first batch larger than that when asked to (KIP-74)', () => {
    const log = new PartitionLog();
    log.append(batch(1, 500, 1n), 0);
    log.append(batch(1, 100, 2n), 0);
    expect(log.read(0n, 550)).toHaveLength(1);
    expect(log.read(0n, 100)).toHaveLength(1);
    expect(log.read(0n, 100, false)).toEqual([]);
    expect(log.read(0n, 600)).toHaveLength(2);
  });

  it('finds the first batch at or after a timestamp', () => {
    const log = new PartitionLog();
    log.append(batch(2, 100, 100n), 0);
    log.append(batch(2, 100, 200n), 0);
    expect(log.offsetForTimestamp(150n)).toEqual({ offset: 2n, timestamp: 200n });
    expect(log.offsetForTimestamp(50n)).toEqual({ offset: 0n, timestamp: 100n });
    expect(log.offsetForTimestamp(201n)).toBeNull();
  });
});

import { assignOffset, type BatchError, readBatchHeader, splitBatches } from './record-batch';
import { crc32c } from './crc32c';

// Batches made by another implementation of the format: kafkajs' own encoder (pure, no I/O).
type Long = { fromValue(v: number | string): unknown };
const Long = jest.requireActual<Long>('kafkajs/src/utils/long');
const { RecordBatch } = jest.requireActual<{
  RecordBatch: (o: Record<string, unknown>) => Promise<{ buffer: Buffer }>;
}>('kafkajs/src/protocol/recordBatch/v0');
const RecordV0 = jest.requireActual<(o: Record<string, unknown>) => unknown>(
  'kafkajs/src/protocol/recordBatch/record/v0',
);
const GZIP = 1;

async function kafkajsBatch(
  values: string[],
  options: { compression?: number; producerId?: number; firstSequence?: number } = {},
): Promise<Buffer> {
  const records = values.map((value, i) =>
    RecordV0({
      offsetDelta: i,
      timestampDelta: 0,
      key: Buffer.from(`k${i}`),
      value: Buffer.from(value),
      headers: {},
    }),
  );
  const encoded = await RecordBatch({
    compression: options.compression ?? 0,
    records,
    firstTimestamp: 1_700_000_000_000,
    maxTimestamp: 1_700_000_000_500,
    lastOffsetDelta: values.length - 1,
    producerId: Long.fromValue(options.producerId ?? -1),
    producerEpoch: 0,
    firstSequence: options.firstSequence ?? 0,
  });
  // kafkajs writes the batch as INT64 firstOffset + BYTES(the rest): the INT32 length is the batchLength field.
  return Buffer.from(encoded.buffer);
}

describe('record batch v2 header', () => {
  it('reads the header kafkajs wrote and checks its CRC-32C', async () => {
    const batch = await kafkajsBatch(['a', 'bb', 'ccc'], { producerId: 4242, firstSequence: 7 });
    const [only] = splitBatches(batch);
    const header = readBatchHeader(only!);
    expect(header).toMatchObject({
      baseOffset: 0n,
      magic: 2,
      attributes: 0,
      lastOffsetDelta: 2,
      baseTimestamp: 1_700_000_000_000n,
      maxTimestamp: 1_700_000_000_500n,
      producerId: 4242n,
      producerEpoch: 0,
      baseSequence: 7,
      recordCount: 3,
    });
    expect(header.crc).toBe(crc32c(only!.subarray(21)));
  });

  it('keeps a compressed batch opaque and splits a set of several batches', async () => {
    const gzip = await kafkajsBatch(['x'.repeat(500), 'y'.repeat(500)], { compression: GZIP });
    const plain = await kafkajsBatch(['z']);
    const batches = splitBatches(Buffer.concat([gzip, plain]));
    expect(batches.map((b) => readBatchHeader(b).recordCount)).toEqual([2, 1]);
    expect(readBatchHeader(batches[0]!).attributes & 0x07).toBe(GZIP);
    expect(batches[0]!.equals(gzip)).toBe(true);
  });

  it('rewrites the base offset and leader epoch outside the CRC, so the batch stays valid', async () => {
    const [batch] = splitBatches(await kafkajsBatch(['a', 'b']));
    assignOffset(batch!, 1234567890123n, 0);
    expect(readBatchHeader(batch!).baseOffset).toBe(1234567890123n);
    expect(() => splitBatches(batch!)).not.toThrow();
  });

  it('refuses a flipped bit under the CRC, an old magic and a truncated batch', async () => {
    const batch = await kafkajsBatch(['payload']);
    const flipped = Buffer.from(batch);
    flipped[flipped.length - 1]! ^= 0x01;
    expect(() => splitBatches(flipped)).toThrow(
      expect.objectContaining({ problem: 'corrupt' }) as BatchError,
    );
    const magic1 = Buffer.from(batch);
    magic1.writeInt8(1, 16);
    expect(() => splitBatches(magic1)).toThrow(
      expect.objectContaining({ problem: 'unsupported-magic' }) as BatchError,
    );
    expect(() => splitBatches(batch.subarray(0, batch.length - 1))).toThrow(
      expect.objectContaining({ problem: 'truncated' }) as BatchError,
    );
  });
});

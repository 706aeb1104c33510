import { startKafkaTestBroker, type KafkaTestBroker } from '../src';
import { type Reader } from '../src/codec/reader';
import { ErrorCode } from '../src/broker/errors';
import { RawConnection } from './support/raw-client';

// A record batch from kafkajs' encoder (an implementation of the format other than ours).
type Long = { fromValue(v: number): unknown };
const Long = jest.requireActual<Long>('kafkajs/src/utils/long');
const { RecordBatch } = jest.requireActual<{
  RecordBatch: (o: Record<string, unknown>) => Promise<{ buffer: Buffer }>;
}>('kafkajs/src/protocol/recordBatch/v0');
const RecordV0 = jest.requireActual<(o: Record<string, unknown>) => unknown>(
  'kafkajs/src/protocol/recordBatch/record/v0',
);

async function batchOf(values: string[]): Promise<Buffer> {
  const records = values.map((value, i) =>
    RecordV0({ offsetDelta: i, timestampDelta: 0, value: Buffer.from(value), headers: {} }),
  );
  const encoded = await RecordBatch({
    records,
    firstTimestamp: Date.UTC(2026, 0, 1),
    maxTimestamp: Date.UTC(2026, 0, 1),
    lastOffsetDelta: values.length - 1,
    producerId: Long.fromValue(-1),
  });
  return Buffer.from(encoded.buffer);
}

const API = { Produce: 0, Fetch: 1, Metadata: 3, ApiVersions: 18, CreateTopics: 19 } as const;

/** Produce v7 to one partition; answers [error_code, base_offset]. */
function produce(raw: RawConnection, topic: string, records: Buffer, acks = -1): number {
  return raw.send(API.Produce, 7, (w) =>
    w
      .string(null)
      .int16(acks)
      .int32(1000)
      .array([topic], (tw, t) => tw.string(t).array([0], (pw, p) => pw.int32(p).bytes(records))),
  );
}

/** Fetch v11 of partition 0 from `offset`, answered at once (max_wait_ms 0). */
function fetchFrom(raw: RawConnection, topic: string, offset: bigint): number {
  return raw.send(API.Fetch, 11, (w) =>
    w
      .int32(-1)
      .int32(0)
      .int32(1)
      .int32(1 << 20)
      .int8(0)
      .int32(0)
      .int32(-1)
      .array([topic], (tw, t) =>
        tw.string(t).array([0], (pw, p) =>
          pw
            .int32(p)
            .int32(-1)
            .int64(offset)
            .int64(-1n)
            .int32(1 << 20),
        ),
      )
      .array([], () => undefined)
      .string(''),
  );
}

async function produceAnswer(answer: Promise<Reader>): Promise<{ errorCode: number; baseOffset: bigint }> {
  const r = await answer;
  const [partition] = r.array(
    (t) => (
      t.string(),
      t.array((p) => ({
        index: p.int32(),
        errorCode: p.int16(),
        baseOffset: p.int64(),
        appendTime: p.int64(),
        logStart: p.int64(),
      }))
    ),
  )[0]!;
  return { errorCode: partition!.errorCode, baseOffset: partition!.baseOffset };
}

describe('the test broker on the wire', () => {
  let broker: KafkaTestBroker;
  let raw: RawConnection;
  const topic = 'raw-topic';

  beforeAll(async () => {
    broker = await startKafkaTestBroker();
    raw = await RawConnection.open(broker.brokers[0]!);
    const created = await raw.answer(
      raw.send(API.CreateTopics, 3, (w) =>
        w
          .array([topic], (tw, name) =>
            tw
              .string(name)
              .int32(1)
              .int16(1)
              .array([], () => undefined)
              .array([], () => undefined),
          )
          .int32(1000)
          .boolean(false),
      ),
    );
    created.int32();
    expect(created.array((t) => [t.string(), t.int16(), t.nullableString()])).toEqual([
      [topic, ErrorCode.NONE, null],
    ]);
  });

  afterAll(async () => {
    raw.close();
    await broker.stop();
  });

  it("answers ApiVersions v2 with Kafka 3.9.1's version table and a throttle time", async () => {
    const r = await raw.answer(raw.send(API.ApiVersions, 2));
    expect(r.int16()).toBe(ErrorCode.NONE);
    const table = r.array((x) => ({ key: x.int16(), min: x.int16(), max: x.int16() }));
    expect(table).toContainEqual({ key: 18, min: 0, max: 4 });
    expect(table).toContainEqual({ key: 0, min: 0, max: 11 });
    expect(r.int32()).toBe(0);
    expect(r.remaining()).toBe(0);
  });

  it('answers an ApiVersions version it does not know in the v0 form with UNSUPPORTED_VERSION (KIP-511)', async () => {
    const r = await raw.answer(raw.send(API.ApiVersions, 5, (w) => w.int8(0)));
    expect(r.int16()).toBe(ErrorCode.UNSUPPORTED_VERSION);
    expect(r.array((x) => ({ key: x.int16(), min: x.int16(), max: x.int16() }))).toContainEqual({
      key: 18,
      min: 0,
      max: 4,
    });
    expect(r.remaining()).toBe(0);
  });

  it('closes the connection on an advertised API version it does not serve, as a broker that cannot parse it does', async () => {
    const other = await RawConnection.open(broker.brokers[0]!);
    other.send(API.Produce, 8, (w) => w.string(null).int16(1).int32(1000).int32(0));
    await expect(other.closed).resolves.toBeUndefined();
  });

  it('appends a batch and rewrites only its base offset; refuses one whose CRC does not match', async () => {
    const batch = await batchOf(['one', 'two']);
    expect(await produceAnswer(raw.answer(produce(raw, topic, batch)))).toEqual({
      errorCode: ErrorCode.NONE,
      baseOffset: 0n,
    });
    expect(await produceAnswer(raw.answer(produce(raw, topic, batch)))).toEqual({
      errorCode: ErrorCode.NONE,
      baseOffset: 2n,
    });
    const corrupt = Buffer.from(batch);
    corrupt[corrupt.length - 1]! ^= 0xff;
    expect(await produceAnswer(raw.answer(produce(raw, topic, corrupt)))).toEqual({
      errorCode: ErrorCode.CORRUPT_MESSAGE,
      baseOffset: -1n,
    });
    expect(await produceAnswer(raw.answer(produce(raw, 'no-such-topic', batch)))).toEqual({
      errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
      baseOffset: -1n,
    });

    // Fetch from offset 2 returns the second batch byte for byte, apart from its base offset.
    const r = await raw.answer(fetchFrom(raw, topic, 2n));
    expect([r.int32(), r.int16(), r.int32()]).toEqual([0, ErrorCode.NONE, 0]);
    const [partition] = r.array(
      (t) => (
        t.string(),
        t.array((p) => ({
          index: p.int32(),
          errorCode: p.int16(),
          hw: p.int64(),
          lso: p.int64(),
          logStart: p.int64(),
          aborted: p.nullableArray((a) => a.int64()),
          preferred: p.int32(),
          records: p.nullableBytes(),
        }))
      ),
    )[0]!;
    expect(partition).toMatchObject({
      index: 0,
      errorCode: ErrorCode.NONE,
      hw: 4n,
      lso: 4n,
      logStart: 0n,
      aborted: [],
      preferred: -1,
    });
    const expected = Buffer.from(batch);
    expected.writeBigInt64BE(2n, 0);
    expect(partition!.records!.equals(expected)).toBe(true);
  });

  it('answers Fetch past the end with OFFSET_OUT_OF_RANGE and the high watermark', async () => {
    const r = await raw.answer(fetchFrom(raw, topic, 99n));
    r.int32();
    r.int16();
    r.int32();
    const [partition] = r.array(
      (t) => (t.string(), t.array((p) => ({ index: p.int32(), errorCode: p.int16(), hw: p.int64() }))),
    )[0]!;
    expect(partition).toEqual({ index: 0, errorCode: ErrorCode.OFFSET_OUT_OF_RANGE, hw: 4n });
  });

  it('sends nothing back for acks=0 and answers pipelined requests in order', async () => {
    const silent = produce(raw, topic, await batchOf(['quiet']), 0);
    const first = raw.send(API.ApiVersions, 0);
    const second = raw.send(API.Metadata, 6, (w) => w.array([topic], (x, t) => x.string(t)).boolean(false));
    await raw.answer(second);
    expect(raw.unclaimed()).toEqual([first]);
    expect(raw.unclaimed()).not.toContain(silent);
  });
});

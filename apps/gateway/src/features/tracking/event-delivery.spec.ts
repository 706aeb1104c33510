import { type Logger } from '@lib/observability';
import { type RawTrackingRecord } from '@lib/tracking';
import { EventDelivery, type EventSink } from './event-delivery';

const record = (n: number) => ({ event_id: 5, ingest_id: `id-${n}` }) as RawTrackingRecord;
const records = (from: number, count: number) => Array.from({ length: count }, (_, i) => record(from + i));

/** A sink whose answers the test decides: each deliver() waits until it is resolved or failed. */
function controlledSink() {
  const calls: { batch: string[]; succeed(refused?: number): void; fail(): void }[] = [];
  const sink: EventSink = {
    kind: 'test',
    deliver: (batch) =>
      new Promise((resolve, reject) => {
        calls.push({
          batch: batch.map((r) => r.ingest_id),
          succeed: (refused = 0) => resolve({ refused }),
          fail: () => reject(new Error('sink down')),
        });
      }),
    close: jest.fn(() => Promise.resolve()),
  };
  return { sink, calls };
}

const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;

function delivery(sink: EventSink, limit = 10) {
  return new EventDelivery({
    sink,
    logger,
    limit,
    batchSize: 3,
    concurrency: 2,
    lingerMs: 20,
    retry: { initialMs: 100, maxMs: 400 },
  });
}

/** Lets settled promises run their callbacks. */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('EventDelivery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends a full batch at once and a partial one after the linger time', async () => {
    const { sink, calls } = controlledSink();
    const d = delivery(sink);
    expect(d.offer(records(1, 4))).toBe(true);
    await settle();
    expect(calls.map((c) => c.batch)).toEqual([['id-1', 'id-2', 'id-3']]);
    await jest.advanceTimersByTimeAsync(19);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.batch)).toEqual([['id-1', 'id-2', 'id-3'], ['id-4']]);
    calls.forEach((c) => c.succeed());
    await settle();
    expect(d.stats()).toEqual({ pending: 0, delivered: 4, refused: 0, failedBatches: 0 });
  });

  it('keeps a failed batch, in order, and sends it again after a growing back-off', async () => {
    const { sink, calls } = controlledSink();
    const d = delivery(sink);
    d.offer(records(1, 3));
    await settle();
    calls[0]!.fail();
    await settle();
    expect(d.stats()).toMatchObject({ pending: 3, failedBatches: 1 });
    d.offer(records(4, 1));
    await jest.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls[1]!.batch).toEqual(['id-1', 'id-2', 'id-3']);
    calls[1]!.fail();
    await jest.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls[2]!.batch).toEqual(['id-1', 'id-2', 'id-3']);
    calls[2]!.succeed();
    await jest.advanceTimersByTimeAsync(20);
    expect(calls[3]!.batch).toEqual(['id-4']);
    calls[3]!.succeed();
    await settle();
    expect(d.stats()).toEqual({ pending: 0, delivered: 4, refused: 0, failedBatches: 2 });
  });

  it('refuses what does not fit in the buffer, counting events in flight, and takes it again once delivered', async () => {
    const { sink, calls } = controlledSink();
    const d = delivery(sink, 5);
    expect(d.offer(records(1, 3))).toBe(true);
    await settle();
    expect(d.offer(records(4, 3))).toBe(false);
    expect(d.offer(records(4, 2))).toBe(true);
    calls[0]!.succeed();
    await settle();
    expect(d.offer(records(6, 3))).toBe(true);
  });

  it('counts events the sink refused as invalid and does not send them again', async () => {
    const { sink, calls } = controlledSink();
    const d = delivery(sink);
    d.offer(records(1, 3));
    await settle();
    calls[0]!.succeed(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(1);
    expect(d.stats()).toMatchObject({ delivered: 2, refused: 1, pending: 0 });
  });

  it('drains at shutdown: delivers what waits, refuses new events, reports what it could not deliver', async () => {
    const { sink, calls } = controlledSink();
    const d = delivery(sink);
    d.offer(records(1, 2));
    const drained = d.drain(1_000);
    await settle();
    expect(calls[0]!.batch).toEqual(['id-1', 'id-2']);
    expect(d.offer(records(3, 1))).toBe(false);
    calls[0]!.succeed();
    await expect(drained).resolves.toBe(0);
    expect(sink.close).toHaveBeenCalled();

    const stuck = controlledSink();
    const down = delivery(stuck.sink);
    down.offer(records(1, 1));
    const left = down.drain(500);
    await settle();
    stuck.calls[0]!.fail();
    await jest.advanceTimersByTimeAsync(500);
    await expect(left).resolves.toBe(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ events: 1 }),
      'tracking events not delivered at shutdown',
    );
  });
});

import { status } from '@grpc/grpc-js';
import { GrpcCallError } from '@lib/contracts';
import { type RefusalReason, UpstreamLimiter } from './services-concurrency';

const METHOD = 'content.v1.ContentService/GetPage';

function limiter(limit: number, queueLimit: number) {
  const refusals: RefusalReason[] = [];
  const waits: number[] = [];
  const counts: Array<[number, number]> = [];
  const gate = new UpstreamLimiter({
    name: 'content',
    limit,
    queueLimit,
    observer: {
      refused: (_method, reason) => refusals.push(reason),
      admitted: (_method, waited) => waits.push(waited),
      changed: (inFlight, queued) => counts.push([inFlight, queued]),
    },
  });
  return { gate, refusals, waits, counts };
}

/** Whether a promise has settled, after the microtasks that are due have run. */
async function settled(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await Promise.resolve();
  await Promise.resolve();
  return state;
}

describe('UpstreamLimiter', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  const deadlineIn = (ms: number) => Date.now() + ms;

  it('admits calls at once up to the limit', async () => {
    const { gate, waits } = limiter(2, 10);
    await gate.enter(METHOD, deadlineIn(1000));
    await gate.enter(METHOD, deadlineIn(1000));
    expect(gate.counts).toEqual({ inFlight: 2, queued: 0 });
    expect(waits).toEqual([0, 0]);
  });

  it('queues the call over the limit and sends it when a slot frees, first come first served', async () => {
    const { gate, waits } = limiter(1, 10);
    const release = await gate.enter(METHOD, deadlineIn(1000));
    const second = gate.enter(METHOD, deadlineIn(1000));
    const third = gate.enter(METHOD, deadlineIn(1000));
    expect(gate.counts).toEqual({ inFlight: 1, queued: 2 });
    expect(await settled(second)).toBe('pending');

    jest.advanceTimersByTime(300);
    release();
    expect(await settled(second)).toBe('resolved');
    expect(await settled(third)).toBe('pending');
    expect(gate.counts).toEqual({ inFlight: 1, queued: 1 });
    expect(waits).toEqual([0, 300]);

    (await second)();
    expect(await settled(third)).toBe('resolved');
    (await third)();
    expect(gate.counts).toEqual({ inFlight: 0, queued: 0 });
  });

  it('refuses a call with UNAVAILABLE, unsent, when no slot frees before its deadline', async () => {
    const { gate, refusals } = limiter(1, 10);
    await gate.enter(METHOD, deadlineIn(1000));
    const waiting = gate.enter(METHOD, deadlineIn(500));
    jest.advanceTimersByTime(499);
    expect(await settled(waiting)).toBe('pending');
    jest.advanceTimersByTime(1);
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrpcCallError);
    expect((error as GrpcCallError).code).toBe(status.UNAVAILABLE);
    expect((error as GrpcCallError).method).toBe(METHOD);
    expect((error as GrpcCallError).details).toMatch(/not sent/);
    expect(refusals).toEqual(['deadline']);
    expect(gate.counts).toEqual({ inFlight: 1, queued: 0 });
  });

  it('refuses at once when the queue is full', async () => {
    const { gate, refusals } = limiter(1, 1);
    await gate.enter(METHOD, deadlineIn(1000));
    const queued = gate.enter(METHOD, deadlineIn(1000));
    await expect(gate.enter(METHOD, deadlineIn(1000))).rejects.toMatchObject({ code: status.UNAVAILABLE });
    expect(refusals).toEqual(['queue-full']);
    expect(await settled(queued)).toBe('pending');
  });

  it('never queues with a queue limit of 0', async () => {
    const { gate } = limiter(1, 0);
    await gate.enter(METHOD, deadlineIn(1000));
    await expect(gate.enter(METHOD, deadlineIn(1000))).rejects.toMatchObject({ code: status.UNAVAILABLE });
  });

  it('refuses at once a call whose expected wait already exceeds its deadline', async () => {
    const { gate, refusals } = limiter(1, 10);
    // One call that held its slot for 400 ms sets the running mean.
    const first = await gate.enter(METHOD, deadlineIn(1000));
    jest.advanceTimersByTime(400);
    first();
    await gate.enter(METHOD, deadlineIn(1000));
    // First in the queue: a slot is expected in about 400 ms.
    await expect(gate.enter(METHOD, deadlineIn(300))).rejects.toMatchObject({ code: status.UNAVAILABLE });
    expect(refusals).toEqual(['deadline']);
    const fits = gate.enter(METHOD, deadlineIn(600));
    expect(await settled(fits)).toBe('pending');
    expect(gate.counts).toEqual({ inFlight: 1, queued: 1 });
  });

  it('counts a release only once', async () => {
    const { gate } = limiter(1, 10);
    const release = await gate.enter(METHOD, deadlineIn(1000));
    const waiting = gate.enter(METHOD, deadlineIn(1000));
    release();
    release();
    await waiting;
    expect(gate.counts).toEqual({ inFlight: 1, queued: 0 });
  });

  it('reports the counts after every change', async () => {
    const { gate, counts } = limiter(1, 10);
    const release = await gate.enter(METHOD, deadlineIn(1000));
    const waiting = gate.enter(METHOD, deadlineIn(1000));
    release();
    (await waiting)();
    expect(counts.at(-1)).toEqual([0, 0]);
    expect(counts).toContainEqual([1, 1]);
  });

  it('rejects limits that make no sense', () => {
    expect(() => new UpstreamLimiter({ name: 'x', limit: 0, queueLimit: 1 })).toThrow(RangeError);
    expect(() => new UpstreamLimiter({ name: 'x', limit: 1, queueLimit: -1 })).toThrow(RangeError);
  });
});

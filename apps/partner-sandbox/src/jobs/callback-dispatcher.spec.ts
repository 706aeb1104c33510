import { checkSignature } from '@lib/partner-delivery';
import { type CallbackOutcome, type SignedCallback } from '../persistence/callback-client';
import { CallbackDispatcher, isFinalStatus } from './callback-dispatcher';

const SECRET = 'w'.repeat(64);
const START = Date.parse('2025-10-09T08:53:20.000Z');
const JOB = { deliveryId: 'd1', lender: 'wandoo', dueAtMs: START + 2_000, body: '{"deliveryId":"d1"}' };
const policy = { initialMs: 100, maxMs: 1_000 };

/** A receiver answering the given outcomes in turn (the last one for ever), recording what it got and when. */
const receiver = (...outcomes: CallbackOutcome[]) => {
  const got: { callback: SignedCallback; atMs: number }[] = [];
  const send = (callback: SignedCallback) => {
    got.push({ callback, atMs: Date.now() });
    return Promise.resolve(outcomes[Math.min(got.length - 1, outcomes.length - 1)]!);
  };
  return { got, send };
};

const setup = (send: (callback: SignedCallback, signal: AbortSignal) => Promise<CallbackOutcome>) => {
  const done: [string, number][] = [];
  const dispatcher = new CallbackDispatcher({
    send,
    done: (deliveryId, status) => {
      done.push([deliveryId, status]);
      return Promise.resolve();
    },
    secretOf: (lender) => (lender === 'wandoo' ? SECRET : undefined),
    policy,
  });
  return { dispatcher, done };
};

describe('CallbackDispatcher', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: START });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('posts when due, signed with the lender’s secret at the time of sending, and records a 2xx', async () => {
    const { got, send } = receiver({ kind: 'answered', status: 204 });
    const { dispatcher, done } = setup(send);
    dispatcher.schedule(JOB);
    await jest.advanceTimersByTimeAsync(1_999);
    expect(got).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(got).toHaveLength(1);
    const { callback, atMs } = got[0]!;
    expect(callback).toMatchObject({ deliveryId: 'd1', lender: 'wandoo', body: JOB.body });
    expect(checkSignature(callback.signature, callback.body, SECRET, Math.floor(atMs / 1000), 0)).toBeNull();
    expect(done).toEqual([['d1', 204]]);
  });

  it('retries 5xx, 408, 429 and failures with a doubling wait, the same body signed anew, until a 2xx', async () => {
    const { got, send } = receiver(
      { kind: 'answered', status: 503 },
      { kind: 'failed', message: 'connect ECONNREFUSED' },
      { kind: 'answered', status: 429 },
      { kind: 'answered', status: 408 },
      { kind: 'answered', status: 200 },
    );
    const { dispatcher, done } = setup(send);
    dispatcher.schedule({ ...JOB, dueAtMs: START });
    await jest.advanceTimersByTimeAsync(0);
    await jest.advanceTimersByTimeAsync(100 + 200 + 400 + 800);
    expect(got.map((g) => g.atMs - START)).toEqual([0, 100, 300, 700, 1_500]);
    expect(new Set(got.map((g) => g.callback.body))).toEqual(new Set([JOB.body]));
    expect(
      got.map((g) =>
        checkSignature(g.callback.signature, g.callback.body, SECRET, Math.floor(g.atMs / 1000), 0),
      ),
    ).toEqual([null, null, null, null, null]);
    expect(done).toEqual([['d1', 200]]);
  });

  it('stops at a 4xx refusal and records it', async () => {
    const { got, send } = receiver({ kind: 'answered', status: 400 });
    const { dispatcher, done } = setup(send);
    dispatcher.schedule({ ...JOB, dueAtMs: START });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(got).toHaveLength(1);
    expect(done).toEqual([['d1', 400]]);
  });

  it('sends again when the final answer could not be recorded', async () => {
    const { got, send } = receiver({ kind: 'answered', status: 200 });
    const recorded: number[] = [];
    let failures = 1;
    const dispatcher = new CallbackDispatcher({
      send,
      done: (_id, status) => {
        if (failures-- > 0) return Promise.reject(new Error('disk full'));
        recorded.push(status);
        return Promise.resolve();
      },
      secretOf: () => SECRET,
      policy,
    });
    dispatcher.schedule({ ...JOB, dueAtMs: START });
    await jest.advanceTimersByTimeAsync(100);
    expect(got).toHaveLength(2);
    expect(recorded).toEqual([200]);
  });

  it('sends nothing more after stop(), and aborts the POST in flight', async () => {
    const signals: AbortSignal[] = [];
    const { dispatcher, done } = setup((_callback, signal) => {
      signals.push(signal);
      return new Promise((resolve) =>
        signal.addEventListener('abort', () => resolve({ kind: 'failed', message: 'aborted' })),
      );
    });
    dispatcher.schedule({ ...JOB, dueAtMs: START });
    dispatcher.schedule({ ...JOB, deliveryId: 'd2' });
    await jest.advanceTimersByTimeAsync(0);
    expect(signals).toHaveLength(1);
    dispatcher.stop();
    expect(signals[0]!.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(signals).toHaveLength(1);
    expect(done).toEqual([]);
  });
});

describe('isFinalStatus', () => {
  it('ends on 2xx and on 4xx other than 408 and 429', () => {
    expect([200, 202, 204, 400, 401, 404, 409, 422].every(isFinalStatus)).toBe(true);
    expect([408, 429, 500, 502, 503, 301, 100].some(isFinalStatus)).toBe(false);
  });
});

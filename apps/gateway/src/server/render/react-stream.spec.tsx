import { Suspense, use } from 'react';
import { type HtmlSink, startReactStream } from './react-stream';

const forever = new Promise<string>(() => undefined);

function Never() {
  return <p>{use(forever)}</p>;
}

function collect(): { sink: HtmlSink; text: () => string } {
  const chunks: Buffer[] = [];
  return {
    sink: { write: (chunk) => chunks.push(chunk) },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

describe('React stream', () => {
  it('resolves at the shell and streams the markup', async () => {
    const errors: unknown[] = [];
    const ready = await startReactStream(<h1>Cześć</h1>, {
      waitForAll: false,
      timeoutMs: 1_000,
      onError: (e) => errors.push(e),
    });
    const { sink, text } = collect();
    const last = await new Promise<Buffer>((resolve) =>
      ready.pipe(sink, { head: '<body>', tail: '</body>' }, resolve),
    );
    expect(text() + last.toString()).toBe('<body><h1>Cześć</h1></body>');
    expect(errors).toEqual([]);
  });

  it('rejects when the shell throws, so the caller can send the fallback page', async () => {
    function Broken(): never {
      throw new Error('broken shell');
    }
    const errors: unknown[] = [];
    await expect(
      startReactStream(<Broken />, { waitForAll: false, timeoutMs: 1_000, onError: (e) => errors.push(e) }),
    ).rejects.toThrow('broken shell');
    expect(errors).toHaveLength(1);
  });

  describe('on a fake clock', () => {
    // React schedules its work with setImmediate; the fake clock runs it, and the render's timeout,
    // only as the test moves it. Node's own queues (streams) stay real.
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    /** The clock at the timeout, then one step on: React completes an abort on its next (fake) setImmediate turn. */
    async function passTimeout(): Promise<void> {
      await jest.advanceTimersByTimeAsync(1);
      await jest.advanceTimersByTimeAsync(1);
    }

    it('aborts a render that never finishes at the timeout, not before', async () => {
      const outcome = settlement(
        startReactStream(<Never />, { waitForAll: false, timeoutMs: 100, onError: () => undefined }),
      );
      await jest.advanceTimersByTimeAsync(99);
      expect(outcome.state).toBe('pending');
      await passTimeout();
      expect(outcome.state).toBe('rejected');
      expect(String(outcome.reason)).toContain('render exceeded 100 ms');
    });

    it('makes crawlers wait for everything, and still ends at the timeout', async () => {
      const outcome = settlement(
        startReactStream(
          <main>
            <Suspense fallback={<span>ładowanie</span>}>
              <Never />
            </Suspense>
          </main>,
          { waitForAll: true, timeoutMs: 100, onError: () => undefined },
        ),
      );
      await jest.advanceTimersByTimeAsync(99);
      expect(outcome.state).toBe('pending');
      await passTimeout();
      expect(outcome.state).toBe('resolved');
      const { sink, text } = collect();
      const ended = new Promise<Buffer>((resolve) =>
        outcome.value!.pipe(sink, { head: '', tail: '' }, resolve),
      );
      await jest.runAllTimersAsync();
      const last = await ended;
      expect(text() + last.toString()).toContain('ładowanie');
    });
  });
});

/** Where a promise stands, readable synchronously after the clock moved. */
function settlement<T>(promise: Promise<T>): {
  state: 'pending' | 'resolved' | 'rejected';
  value?: T;
  reason?: unknown;
} {
  const outcome: { state: 'pending' | 'resolved' | 'rejected'; value?: T; reason?: unknown } = {
    state: 'pending',
  };
  promise.then(
    (value) => Object.assign(outcome, { state: 'resolved', value }),
    (reason: unknown) => Object.assign(outcome, { state: 'rejected', reason }),
  );
  return outcome;
}

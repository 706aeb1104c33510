import { Writable } from 'node:stream';
import pino from 'pino';
import { type Cache } from '../../src';

type Line = Record<string, unknown>;

/** A pino logger whose lines the test can read, and wait for. */
export function capturingLogger(): {
  logger: pino.Logger;
  lines: Line[];
  logged(msg: string): Promise<Line>;
} {
  const lines: Line[] = [];
  const waiting: { msg: string; resolve: (line: Line) => void }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) {
        if (!text.trim()) continue;
        const line = JSON.parse(text) as Line;
        lines.push(line);
        for (const waiter of waiting.filter((w) => w.msg === line.msg)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
      done();
    },
  });
  const logged = (msg: string) => {
    const seen = lines.find((line) => line.msg === msg);
    return seen ? Promise.resolve(seen) : new Promise<Line>((resolve) => waiting.push({ msg, resolve }));
  };
  return { logger: pino({ level: 'debug' }, stream), lines, logged };
}

/** A promise plus the functions that settle it, for steering loaders from the test. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Resolves once the cache has stored `key` (e.g. after a background refresh). */
export function nextWrite(cache: Cache, key: string): Promise<void> {
  const written = deferred<void>();
  const set = cache.set.bind(cache);
  jest.spyOn(cache, 'set').mockImplementation(async (k: string, value: unknown, ttlMs: number) => {
    await set(k, value, ttlMs);
    if (k === key) written.resolve();
  });
  return written.promise;
}

/**
 * Jest's fake clock for cache tests: Date.now (readThrough's freshness) and timers move only
 * when the test advances them; pass `now` to a MemoryCache so its expiry follows the same clock.
 */
export function useFakeClock(): { now: () => number; advance: (ms: number) => void } {
  // nextTick and microtasks stay real: streams (the captured logger) and promises rely on them.
  jest.useFakeTimers({ now: new Date('2026-01-02T10:00:00Z'), doNotFake: ['nextTick', 'queueMicrotask'] });
  return { now: () => Date.now(), advance: (ms) => jest.advanceTimersByTime(ms) };
}

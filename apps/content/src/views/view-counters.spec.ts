import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { provideTestRedis, type TestRedis } from '@lib/testing';
import { MemoryViewCounter } from './memory-view-counter';
import { ABANDONED_BATCH_MS, RedisViewCounter } from './redis-view-counter';
import { type ViewCounter } from './view-counter';

/** The behaviour both counters share, run against each. */
function sharedBehaviour(make: () => Promise<ViewCounter>) {
  let counter: ViewCounter;
  beforeEach(async () => {
    counter = await make();
  });
  afterEach(async () => {
    await counter.close();
  });

  it('counts a visit once per session and every anonymous view', async () => {
    const session = randomUUID();
    expect(await counter.record('placa-minimalna', session)).toEqual({ counted: true, pending: 1 });
    expect(await counter.record('placa-minimalna', session)).toEqual({ counted: false, pending: 1 });
    expect(await counter.record('placa-minimalna', randomUUID())).toEqual({ counted: true, pending: 2 });
    expect(await counter.record('placa-minimalna', undefined)).toEqual({ counted: true, pending: 3 });
    expect(await counter.record('kredyt-w-play', session)).toEqual({ counted: true, pending: 1 });
  });

  it('hands pending counts to the writer once, then starts again from zero', async () => {
    await counter.record('a', undefined);
    await counter.record('a', undefined);
    await counter.record('b', undefined);
    const batches: Record<string, number>[] = [];
    await expect(
      counter.flush((counts) => Promise.resolve(void batches.push(Object.fromEntries(counts)))),
    ).resolves.toBe(3);
    expect(batches).toEqual([{ a: 2, b: 1 }]);
    await expect(counter.flush(() => Promise.reject(new Error('nothing should be written')))).resolves.toBe(
      0,
    );
    expect(await counter.record('a', undefined)).toEqual({ counted: true, pending: 1 });
  });

  it('keeps counts pending when the write fails, adding views counted meanwhile', async () => {
    await counter.record('a', undefined);
    await expect(
      counter.flush(async () => {
        await counter.record('a', undefined);
        throw new Error('PostgreSQL is away');
      }),
    ).rejects.toThrow('PostgreSQL is away');
    const batches: Record<string, number>[] = [];
    await counter.flush((counts) => Promise.resolve(void batches.push(Object.fromEntries(counts))));
    expect(batches).toEqual([{ a: 2 }]);
  });
}

describe('MemoryViewCounter', () => {
  sharedBehaviour(() => Promise.resolve(new MemoryViewCounter()));
});

describe('RedisViewCounter (real Redis)', () => {
  let redis: TestRedis | undefined;
  let prefix = '';
  beforeAll(async () => {
    redis = await provideTestRedis();
  });
  afterAll(async () => {
    await redis?.close();
  });

  const make = () => {
    prefix = `${redis!.namespace}:views:${randomUUID()}`;
    return Promise.resolve(new RedisViewCounter(redis!.url, prefix));
  };

  describe('with Redis', () => {
    beforeEach(() => {
      if (!redis)
        console.warn(
          'Redis not reachable: skipping the Redis view counter (see README, "Tests that need Redis")',
        );
    });
    // Jest needs the tests declared synchronously; without Redis each one returns early.
    const guarded = (run: () => Promise<ViewCounter>) => async () =>
      redis ? run() : new MemoryViewCounter();
    sharedBehaviour(guarded(make));

    it('takes over a batch another process abandoned mid-flush', async () => {
      if (!redis) return;
      const counter = await make();
      const raw = new Redis(redis.url);
      try {
        const stale = `${prefix}:batch:${Date.now() - ABANDONED_BATCH_MS - 1_000}:${randomUUID()}`;
        const fresh = `${prefix}:batch:${Date.now()}:${randomUUID()}`;
        await raw.hset(stale, 'placa-minimalna', '7');
        await raw.hset(fresh, 'placa-minimalna', '100');
        const batches: Record<string, number>[] = [];
        await expect(
          counter.flush((counts) => Promise.resolve(void batches.push(Object.fromEntries(counts)))),
        ).resolves.toBe(7);
        expect(batches).toEqual([{ 'placa-minimalna': 7 }]);
        expect(await raw.exists(stale)).toBe(0);
        // A batch still being flushed by its owner is left alone.
        expect(await raw.hget(fresh, 'placa-minimalna')).toBe('100');
      } finally {
        raw.disconnect();
        await counter.close();
      }
    });
  });
});

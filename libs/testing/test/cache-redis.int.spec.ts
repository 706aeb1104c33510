// The @lib/cache behaviour that needs a real Redis lives here, beside the provider: tests inside
// libs/cache cannot import @lib/testing (it depends on @lib/cache through @lib/service-kit).
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import pino from 'pino';
import { createCache, readThrough, RedisCache } from '@lib/cache';
import { describeWithRedis, freePort, provideTestRedis, type TestRedis } from '../src';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}
const silent = pino({ level: 'silent' });

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

// Without a Redis for tests these are reported as skipped, never as passed (tools/jest/global-setup.cjs decides).
describeWithRedis('RedisCache against a real Redis', () => {
  let redis: TestRedis;
  let cache: RedisCache;
  let raw: Redis;

  beforeAll(async () => {
    redis = await provideTestRedis();
    cache = createCache({ redisUrl: redis.url, namespace: redis.namespace, logger: silent }) as RedisCache;
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    await cache?.close();
    raw?.disconnect();
    await redis?.close();
  });
  afterEach(() => jest.useRealTimers());

  /**
   * readThrough decides freshness by Date.now(); faking only Date moves that clock at the test's
   * command while ioredis keeps its real timers and sockets.
   */
  function fakeDate(): (ms: number) => void {
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    return (ms) => jest.setSystemTime(Date.now() + ms);
  }

  it('is what createCache returns for a Redis URL', async () => {
    expect(cache).toBeInstanceOf(RedisCache);
    expect(cache.kind).toBe('redis');
    await expect(cache.readinessCheck().check()).resolves.toBeUndefined();
  });

  it('stores JSON under the namespace with a millisecond expiry', async () => {
    const hour = 3_600_000;
    await cache.set('rate:EUR', { mid: 4.2711 }, hour);
    await cache.set('html:/', '<p>zł</p>', hour);
    expect(await cache.get('rate:EUR')).toEqual({ mid: 4.2711 });
    expect(await cache.get('html:/')).toBe('<p>zł</p>');
    expect(await cache.get('missing')).toBeUndefined();
    expect(await raw.get(`${redis.namespace}:rate:EUR`)).toBe('{"mid":4.2711}');
    // Milliseconds, not seconds: at most the hour asked for, and (with far more slack than any
    // test may take) not much less.
    const pttl = await raw.pttl(`${redis.namespace}:rate:EUR`);
    expect(pttl).toBeGreaterThan(hour - 120_000);
    expect(pttl).toBeLessThanOrEqual(hour);
  });

  it('expires entries after their ttl', async () => {
    await cache.set('short', 1, 50);
    await cache.set('long', 2, 60_000);
    const pttl = await raw.pttl(`${redis.namespace}:short`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(50);
    // Redis expires it on its own clock; wait for that rather than for a guessed time.
    while ((await raw.exists(`${redis.namespace}:short`)) === 1) await sleep(10);
    expect(await cache.get('short')).toBeUndefined();
    expect(await cache.get('long')).toBe(2);
  });

  it('treats an entry that is not JSON as a miss', async () => {
    await raw.set(`${redis.namespace}:garbage`, '{not json');
    expect(await cache.get('garbage')).toBeUndefined();
  });

  it('deletes single keys and, with SCAN + UNLINK, whole prefixes across many batches', async () => {
    const pipeline = raw.pipeline();
    for (let i = 0; i < 1_234; i += 1)
      pipeline.set(`${redis.namespace}:page:/oferta/${i}/`, 'x', 'PX', 60_000);
    pipeline.set(`${redis.namespace}:pages`, 'x');
    pipeline.set(`${redis.namespace}:page*[special]`, 'x');
    pipeline.set(`${redis.namespace}:page*[special]/a`, 'x');
    // A key outside this cache's namespace, yet this run's own: the Redis may be shared.
    const outside = `${redis.namespace}-other:page:/x/`;
    pipeline.set(outside, 'x');
    await pipeline.exec();

    await cache.delete('pages', 'not-there');
    expect(await raw.exists(`${redis.namespace}:pages`)).toBe(0);
    expect(await cache.deleteByPrefix('page:')).toBe(1_234);
    expect(await cache.deleteByPrefix('page:')).toBe(0);
    // Glob characters in the prefix are literal, not patterns.
    expect(await cache.deleteByPrefix('page*[special]/')).toBe(1);
    expect(await raw.exists(`${redis.namespace}:page*[special]`)).toBe(1);
    expect(await raw.get(outside)).toBe('x');
    await raw.del(outside);
  }, 30_000);

  it('readThrough: fresh, stale with one background refresh, and single-flight misses', async () => {
    const advance = fakeDate();
    const opts = { ttlMs: 80, staleMs: 5_000 };
    let calls = 0;
    let gate = deferred();
    const load = async () => {
      calls += 1;
      await gate.promise;
      return { version: calls };
    };
    const firstCallers = Array.from({ length: 10 }, () => readThrough(cache, 'offers:home', opts, load));
    gate.resolve();
    expect(await Promise.all(firstCallers)).toEqual(Array(10).fill({ version: 1 }));
    expect(calls).toBe(1);
    expect(await readThrough(cache, 'offers:home', opts, load)).toEqual({ version: 1 });
    expect(calls).toBe(1);

    advance(opts.ttlMs);
    gate = deferred();
    const stale = await Promise.all(
      Array.from({ length: 5 }, () => readThrough(cache, 'offers:home', opts, load)),
    );
    expect(stale).toEqual(Array(5).fill({ version: 1 }));
    expect(calls).toBe(2);
    gate.resolve();
    // The refresh stores version 2 in the background; it is there once a read returns it.
    while ((await cache.get<{ value: { version: number } }>('offers:home'))?.value.version !== 2)
      await sleep(5);
    expect(await readThrough(cache, 'offers:home', opts, load)).toEqual({ version: 2 });
    expect(calls).toBe(2);
    // Stored for ttl + stale.
    expect(await raw.pttl(`${redis.namespace}:offers:home`)).toBeGreaterThan(opts.ttlMs);
  });

  it('readThrough returns the stale value when the loader fails', async () => {
    const advance = fakeDate();
    const opts = { ttlMs: 30, staleMs: 5_000 };
    await readThrough(cache, 'rates:table', opts, () => Promise.resolve('table A'));
    advance(opts.ttlMs);
    expect(await readThrough(cache, 'rates:table', opts, () => Promise.reject(new Error('NBP down')))).toBe(
      'table A',
    );
  });

  describe('sharing values (shareValues)', () => {
    let shared: RedisCache;
    const hour = 3_600_000;
    const table = { no: '068/A/NBP/2025', rates: [{ code: 'EUR', mid: '4.2946' }] };

    beforeAll(() => {
      shared = createCache({
        redisUrl: redis.url,
        namespace: redis.namespace,
        logger: silent,
        shareValues: true,
      }) as RedisCache;
    });
    afterAll(() => shared?.close());

    it('hands every reader of an unchanged entry the same frozen value', async () => {
      await shared.set('shared:table', table, hour);
      const first = await shared.get<typeof table>('shared:table');
      const second = await shared.get<typeof table>('shared:table');
      expect(first).toEqual(table);
      expect(second).toBe(first);
      expect(() => {
        first!.rates[0]!.mid = '1';
      }).toThrow(TypeError);
      // without sharing, every read is a copy of its own
      const copy = await cache.get<typeof table>('shared:table');
      expect(copy).toEqual(table);
      expect(copy).not.toBe(await cache.get('shared:table'));
      expect(Object.isFrozen(copy)).toBe(false);
    });

    it('sees at once an entry changed or removed by another process', async () => {
      await shared.set('shared:changing', table, hour);
      const before = await shared.get('shared:changing');
      await raw.set(`${redis.namespace}:shared:changing`, '{"no":"069/A/NBP/2025","rates":[]}', 'PX', hour);
      const after = await shared.get('shared:changing');
      expect(after).toEqual({ no: '069/A/NBP/2025', rates: [] });
      expect(after).not.toBe(before);
      await raw.del(`${redis.namespace}:shared:changing`);
      expect(await shared.get('shared:changing')).toBeUndefined();
      // its own deletes too, by key and by prefix
      await shared.set('shared:mine', table, hour);
      await shared.get('shared:mine');
      await shared.delete('shared:mine');
      expect(await shared.get('shared:mine')).toBeUndefined();
      await shared.set('shared:mine', table, hour);
      await shared.get('shared:mine');
      await shared.deleteByPrefix('shared:');
      expect(await shared.get('shared:mine')).toBeUndefined();
    });

    it('parses an entry larger than its budget on every read, and still refuses one that is not JSON', async () => {
      const tiny = new RedisCache({
        url: redis.url,
        namespace: redis.namespace,
        logger: silent,
        shareValues: true,
        sharedBytes: 16,
      });
      try {
        await tiny.set('shared:large', table, hour);
        const first = await tiny.get('shared:large');
        expect(first).toEqual(table);
        expect(await tiny.get('shared:large')).not.toBe(first);
        await raw.set(`${redis.namespace}:shared:broken`, '{not json', 'PX', hour);
        expect(await shared.get('shared:broken')).toBeUndefined();
      } finally {
        await tiny.close();
      }
    });
  });
});

describe('RedisCache when Redis is down', () => {
  it('fails fast, reports not ready, and readThrough degrades to the loader with a warning', async () => {
    const port = await freePort(); // nothing listens there
    const { logger, lines } = capturingLogger();
    // "Fast" means without waiting for any timer: the refused connection and the disabled offline
    // queue answer at once. With timers frozen, a cache that waited for a reconnect, a retry or a
    // command timeout would hold this test until Jest's own timeout fails it.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
    const cache = createCache({ redisUrl: `redis://127.0.0.1:${port}`, namespace: 'down', logger });
    try {
      await expect(cache.get('k')).rejects.toThrow();
      await expect(cache.readinessCheck().check()).rejects.toThrow();
      const load = jest.fn(() => Promise.resolve({ offers: ['a', 'b'] }));
      const results = await Promise.all(
        [1, 2, 3].map(() => readThrough(cache, 'home', { ttlMs: 1_000, staleMs: 1_000 }, load)),
      );
      expect(results).toEqual(Array(3).fill({ offers: ['a', 'b'] }));
      expect(load).toHaveBeenCalledTimes(1);
      const warnings = lines.filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContain('cache read failed; calling the loader directly');
      expect(
        warnings.filter((m) => m === 'redis unavailable; callers fall back to their sources'),
      ).toHaveLength(1);
    } finally {
      await cache.close();
      jest.useRealTimers();
    }
  });
});

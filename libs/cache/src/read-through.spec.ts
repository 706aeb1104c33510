import { capturingLogger, deferred, nextWrite, useFakeClock } from '../test/support/helpers';
import { type Cache } from './cache';
import { MemoryCache } from './memory-cache';
import { readThrough } from './read-through';

const fresh = { ttlMs: 50, staleMs: 10_000 };

describe('readThrough', () => {
  // Freshness is Date.now(), expiry the cache's clock: both are Jest's fake clock here, so no test
  // depends on how fast the machine is.
  let clock: ReturnType<typeof useFakeClock>;
  beforeEach(() => {
    clock = useFakeClock();
  });
  afterEach(() => jest.useRealTimers());
  const memoryCache = (logger = capturingLogger().logger) => new MemoryCache({ logger, now: clock.now });

  it('loads on a miss, then serves the stored value while fresh', async () => {
    const cache = memoryCache();
    const load = jest.fn(() => Promise.resolve({ offers: 3 }));
    expect(await readThrough(cache, 'home', { ttlMs: 60_000, staleMs: 0 }, load)).toEqual({ offers: 3 });
    clock.advance(59_999);
    expect(await readThrough(cache, 'home', { ttlMs: 60_000, staleMs: 0 }, load)).toEqual({ offers: 3 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('calls the loader once for many concurrent misses of one key', async () => {
    const cache = memoryCache();
    const gate = deferred<string>();
    const load = jest.fn(() => gate.promise);
    const callers = Array.from({ length: 20 }, () => readThrough(cache, 'k', fresh, load));
    const other = readThrough(cache, 'other', fresh, () => Promise.resolve('x'));
    gate.resolve('value');
    expect(await Promise.all(callers)).toEqual(Array(20).fill('value'));
    expect(await other).toBe('x');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves a stale value at once and refreshes it once in the background', async () => {
    const cache = memoryCache();
    await readThrough(cache, 'rates', fresh, () => Promise.resolve('v1'));
    clock.advance(fresh.ttlMs);

    const refresh = deferred<string>();
    const load = jest.fn(() => refresh.promise);
    const refreshed = nextWrite(cache, 'rates');
    // Both callers get the stale value without waiting for the slow refresh.
    expect(await readThrough(cache, 'rates', fresh, load)).toBe('v1');
    expect(await readThrough(cache, 'rates', fresh, load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);

    refresh.resolve('v2');
    await refreshed;
    expect(await readThrough(cache, 'rates', fresh, () => Promise.reject(new Error('not called')))).toBe(
      'v2',
    );
  });

  it('keeps serving the stale value when the refresh fails, and logs it', async () => {
    const { logger, lines, logged } = capturingLogger();
    const cache = memoryCache(logger);
    await readThrough(cache, 'feed', fresh, () => Promise.resolve('old'));
    clock.advance(fresh.ttlMs);
    const failing = jest.fn(() => Promise.reject(new Error('feed service down')));
    expect(await readThrough(cache, 'feed', fresh, failing)).toBe('old');
    await logged('background refresh failed; stale value kept');
    expect(await readThrough(cache, 'feed', fresh, failing)).toBe('old');
    expect(failing).toHaveBeenCalledTimes(2);
    expect(lines.some((l) => l.msg === 'background refresh failed; stale value kept' && l.level === 40)).toBe(
      true,
    );
  });

  it('rethrows a loader error when there is nothing to fall back on', async () => {
    const cache = memoryCache();
    await expect(readThrough(cache, 'k', fresh, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    // A failed load is not cached: the next call tries again.
    expect(await readThrough(cache, 'k', fresh, () => Promise.resolve('ok'))).toBe('ok');
  });

  it('drops entries once ttl + stale has passed', async () => {
    const cache = memoryCache();
    const opts = { ttlMs: 20, staleMs: 20 };
    await readThrough(cache, 'k', opts, () => Promise.resolve('old'));
    clock.advance(39);
    expect(await readThrough(cache, 'k', opts, () => Promise.reject(new Error('down')))).toBe('old');
    clock.advance(2); // past ttl + stale (40 ms)
    await expect(readThrough(cache, 'k', opts, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
  });

  it('falls back to the loader when the cache itself fails, and never throws because of it', async () => {
    const { logger, lines } = capturingLogger();
    const broken: Cache = {
      kind: 'redis',
      get: () => Promise.reject(new Error('ECONNREFUSED')),
      set: () => Promise.reject(new Error('ECONNREFUSED')),
      delete: () => Promise.reject(new Error('ECONNREFUSED')),
      deleteByPrefix: () => Promise.reject(new Error('ECONNREFUSED')),
      readinessCheck: () => ({ name: 'redis', check: () => Promise.reject(new Error('ECONNREFUSED')) }),
      close: () => Promise.resolve(),
    };
    const load = jest.fn(() => Promise.resolve('from source'));
    const results = await Promise.all(
      [1, 2, 3].map(() => readThrough(broken, 'k', { ...fresh, logger }, load)),
    );
    expect(results).toEqual(['from source', 'from source', 'from source']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        'cache read failed; calling the loader directly',
        'cache write failed; serving the loaded value uncached',
      ]),
    );
  });

  it('rejects nonsensical options', async () => {
    const cache = memoryCache();
    await expect(readThrough(cache, 'k', { ttlMs: 0, staleMs: 0 }, () => Promise.resolve(1))).rejects.toThrow(
      RangeError,
    );
  });
});

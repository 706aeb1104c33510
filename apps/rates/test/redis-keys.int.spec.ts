import { type Cache, createCache } from '@lib/cache';
import { describeWithRedis, provideTestRedis, silentLogger, type TestRedis } from '@lib/testing';
import {
  BANK_CACHE_PREFIX,
  BANK_LIST_KEY,
  bankTableKey,
  historyKey,
  latestTableKey,
  RATES_CACHE_PREFIX,
} from '../src/application/rates-cache';

// The service passes its name as the cache's namespace; here this run's namespace stands in for
// it, so parallel suites never meet.
describeWithRedis('Redis keys of the rates service (real Redis)', () => {
  let redis: TestRedis;
  let cache: Cache;
  beforeAll(async () => {
    redis = await provideTestRedis();
    cache = createCache({ redisUrl: redis.url, namespace: redis.namespace, logger: silentLogger() });
  });
  afterAll(async () => {
    await cache?.close();
    await redis?.close();
  });

  const storedKeys = () => redis.keys();

  it('stores <namespace>:cache:<answer>, the namespace once, and clears banks apart from tables', async () => {
    const ns = redis.namespace;
    for (const key of [
      latestTableKey('A'),
      historyKey('A', 'USD', 'mid', '1y'),
      bankTableKey('pko-bp'),
      BANK_LIST_KEY,
    ]) {
      await cache.set(key, { value: key }, 60_000);
    }
    expect(await storedKeys()).toEqual([
      `${ns}:cache:bank:list`,
      `${ns}:cache:bank:table:pko-bp`,
      `${ns}:cache:history:A:USD:mid:1y`,
      `${ns}:cache:latest:A`,
    ]);

    await cache.deleteByPrefix(BANK_CACHE_PREFIX);
    expect(await storedKeys()).toEqual([`${ns}:cache:history:A:USD:mid:1y`, `${ns}:cache:latest:A`]);
    await cache.deleteByPrefix(RATES_CACHE_PREFIX);
    expect(await storedKeys()).toEqual([]);
  });
});

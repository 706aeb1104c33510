import { type Cache, createCache, readThrough } from '@lib/cache';
import { describeWithRedis, provideTestRedis, silentLogger, type TestRedis } from '@lib/testing';
import { FEED_HASH_CACHE, feedHashKey, OFFERS_CACHE_PREFIX } from '../src/application/offers-cache';

// The service passes its name as the cache's namespace; here this run's namespace stands in for
// it, so parallel suites never meet.
describeWithRedis('Redis keys of the offers service (real Redis)', () => {
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

  it('stores a feed hash as <namespace>:cache:feed-hash:<feed>, the namespace once', async () => {
    await readThrough(cache, feedHashKey('pl'), FEED_HASH_CACHE, () => Promise.resolve({ hash: 'abc' }));
    expect(await storedKeys()).toEqual([`${redis.namespace}:cache:feed-hash:pl`]);

    await cache.deleteByPrefix(OFFERS_CACHE_PREFIX);
    expect(await storedKeys()).toEqual([]);
  });
});

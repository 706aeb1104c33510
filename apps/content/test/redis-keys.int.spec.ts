import { randomUUID } from 'node:crypto';
import { type Cache, createCache, readThrough } from '@lib/cache';
import { describeWithRedis, provideTestRedis, silentLogger, type TestRedis } from '@lib/testing';
import { CONTENT_CACHE_POLICY, CONTENT_CACHE_PREFIX, cacheKey } from '../src/application/content-cache';
import { contentConfigSchema } from '../src/content.config';
import { contentService } from '../src/content.service-definition';
import { RedisViewCounter } from '../src/persistence/redis-view-counter';

// The service passes its name as the cache's namespace and `<name>:views` as the view counters'
// prefix; here this run's namespace stands in for the name, so parallel suites never meet.
describeWithRedis('Redis keys of the content service (real Redis)', () => {
  let redis: TestRedis;
  let cache: Cache;
  let counter: RedisViewCounter;
  beforeAll(async () => {
    redis = await provideTestRedis();
    cache = createCache({ redisUrl: redis.url, namespace: redis.namespace, logger: silentLogger() });
    counter = new RedisViewCounter(redis.url, `${redis.namespace}:views`);
  });
  afterAll(async () => {
    await counter?.close();
    await cache?.close();
    await redis?.close();
  });

  const storedKeys = () => redis.keys();

  it('counts views under the service name once, then their purpose', () => {
    expect(contentConfigSchema.parse({}).CONTENT_VIEWS_KEY_PREFIX).toBe(`${contentService.name}:views`);
  });

  it('stores <namespace>:cache:<answer> and <namespace>:views:<what>, the namespace once', async () => {
    const ns = redis.namespace;
    await readThrough(cache, cacheKey('page', '/o-nas/'), CONTENT_CACHE_POLICY, () =>
      Promise.resolve({ title: 'O nas' }),
    );
    const session = randomUUID();
    await counter.record('placa-minimalna', session);

    expect(await storedKeys()).toEqual([
      `${ns}:cache:page:/o-nas/`,
      `${ns}:views:pending`,
      `${ns}:views:visit:placa-minimalna:${session}`,
    ]);

    // An import clears the cached answers and leaves the counts that are not in PostgreSQL yet.
    await cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
    expect(await storedKeys()).toEqual([
      `${ns}:views:pending`,
      `${ns}:views:visit:placa-minimalna:${session}`,
    ]);
  });
});

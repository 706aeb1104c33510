import { closeRedisClient, createRedisClient } from '@lib/cache';
import { createLogger } from '@lib/observability';
import { type TestRedis, describeWithRedis, freePort, provideTestRedis } from '@lib/testing';
import { type Redis } from 'ioredis';
import { RedisRateLimiter } from '../src/server/rate-limit/rate-limiter';

const logger = createLogger({ name: 'test', level: 'silent' });

describeWithRedis('RedisRateLimiter (the test Redis)', () => {
  let testRedis: TestRedis;
  let redis: Redis;
  let prefix: string;

  beforeAll(async () => {
    testRedis = await provideTestRedis();
    redis = createRedisClient(testRedis.url);
    // Inside the suite's namespace, which testRedis.close() clears.
    prefix = `${testRedis.namespace}:rate:`;
  });

  afterAll(async () => {
    await closeRedisClient(redis);
    await testRedis.close();
  });

  it('counts with INCR and sets the window once (PEXPIRE NX), shared by every limiter on the key space', async () => {
    const first = new RedisRateLimiter(redis, { limit: 2, windowMs: 5_000 }, logger, prefix);
    const second = new RedisRateLimiter(redis, { limit: 2, windowMs: 5_000 }, logger, prefix);
    await expect(first.hit('comments:203.0.113.9')).resolves.toMatchObject({ allowed: true, count: 1 });
    await expect(second.hit('comments:203.0.113.9')).resolves.toMatchObject({ allowed: true, count: 2 });
    const refused = await first.hit('comments:203.0.113.9');
    expect(refused).toMatchObject({ allowed: false, count: 3 });
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(5_000);
    const ttl = await redis.pttl(`${prefix}comments:203.0.113.9`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it('gives a hit back with DECR, keeping the window, and never recreates an expired key', async () => {
    const limiter = new RedisRateLimiter(redis, { limit: 1, windowMs: 5_000 }, logger, prefix);
    await limiter.hit('comments:198.51.100.4');
    await limiter.giveBack('comments:198.51.100.4');
    await limiter.giveBack('comments:198.51.100.4');
    expect(await redis.get(`${prefix}comments:198.51.100.4`)).toBe('0');
    expect(await redis.pttl(`${prefix}comments:198.51.100.4`)).toBeGreaterThan(0);
    await expect(limiter.hit('comments:198.51.100.4')).resolves.toMatchObject({ allowed: true, count: 1 });
    await limiter.giveBack('comments:198.51.100.5');
    expect(await redis.exists(`${prefix}comments:198.51.100.5`)).toBe(0);
  });
});

describe('RedisRateLimiter without a Redis', () => {
  it('counts in process while Redis does not answer', async () => {
    // A loopback port nobody listens on: the connection is refused at once.
    const dead = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      const limiter = new RedisRateLimiter(dead, { limit: 1, windowMs: 60_000 }, logger, 'gateway-test:rate:');
      await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: true, count: 1 });
      await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: false, count: 2 });
    } finally {
      await closeRedisClient(dead);
    }
  });
});

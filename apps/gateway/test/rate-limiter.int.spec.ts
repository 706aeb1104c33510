// The rate limiters of @lib/cache against a real Redis and a dead one; they live with the gateway, whose
// budgets they are (the lib's own tests cannot use the Redis test helpers, which build on it).
import { RedisRateLimiter, closeRedisClient, createRedisClient } from '@lib/cache';
import { createLogger } from '@lib/observability';
import { type TestRedis, describeWithRedis, freePort, provideTestRedis } from '@lib/testing';
import { type Redis } from 'ioredis';

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
    const first = new RedisRateLimiter(
      redis,
      { limit: 2, windowMs: 5_000 },
      logger,
      prefix,
      'test limit',
      'local',
    );
    const second = new RedisRateLimiter(
      redis,
      { limit: 2, windowMs: 5_000 },
      logger,
      prefix,
      'test limit',
      'local',
    );
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
    const limiter = new RedisRateLimiter(
      redis,
      { limit: 1, windowMs: 5_000 },
      logger,
      prefix,
      'test limit',
      'local',
    );
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

describe('RedisRateLimiter while Redis does not answer', () => {
  const withDeadRedis = async (run: (dead: Redis) => Promise<void>) => {
    // A loopback port nobody listens on: the connection is refused at once.
    const dead = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      await run(dead);
    } finally {
      await closeRedisClient(dead);
    }
  };

  it('a `local` budget counts in process: the limit still holds', () =>
    withDeadRedis(async (dead) => {
      const limiter = new RedisRateLimiter(
        dead,
        { limit: 1, windowMs: 60_000 },
        logger,
        'test:rate:',
        'test limit',
        'local',
      );
      await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: true, count: 1 });
      await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: false, count: 2 });
      await limiter.giveBack('x');
      await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: false, count: 2 });
    }));

  it('an `open` budget lets every hit through', () =>
    withDeadRedis(async (dead) => {
      const limiter = new RedisRateLimiter(
        dead,
        { limit: 1, windowMs: 60_000 },
        logger,
        'test:rate:',
        'test limit',
        'open',
      );
      for (let i = 0; i < 3; i += 1) await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: true });
    }));

  it('a `closed` budget refuses every hit, with the window as the wait', () =>
    withDeadRedis(async (dead) => {
      const limiter = new RedisRateLimiter(
        dead,
        { limit: 5, windowMs: 60_000 },
        logger,
        'test:rate:',
        'test limit',
        'closed',
      );
      await expect(limiter.hit('x')).resolves.toEqual({ allowed: false, count: 0, retryAfterMs: 60_000 });
    }));
});

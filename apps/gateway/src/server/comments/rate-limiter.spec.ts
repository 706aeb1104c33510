import { createLogger } from '@lib/observability';
import { Redis } from 'ioredis';
import { rateLimitKey } from './client-address';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiter';

const logger = createLogger({ name: 'test', level: 'silent' });

describe('MemoryRateLimiter', () => {
  it('allows the limit per window, then refuses until the window ends', async () => {
    let now = 1_000;
    const limiter = new MemoryRateLimiter({ limit: 2, windowMs: 60_000 }, () => now);
    await expect(limiter.hit('a')).resolves.toEqual({ allowed: true, count: 1, retryAfterMs: 60_000 });
    await expect(limiter.hit('a')).resolves.toMatchObject({ allowed: true, count: 2 });
    now += 10_000;
    await expect(limiter.hit('a')).resolves.toEqual({ allowed: false, count: 3, retryAfterMs: 50_000 });
    await expect(limiter.hit('b')).resolves.toMatchObject({ allowed: true, count: 1 });
    now += 50_000;
    await expect(limiter.hit('a')).resolves.toMatchObject({ allowed: true, count: 1 });
  });
});

describe('RedisRateLimiter (Redis on 127.0.0.1:6379)', () => {
  const prefix = `gateway-test:rate:${process.pid}:${Date.now()}:`;
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
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

  it('counts in process while Redis does not answer', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on('error', () => undefined);
    const limiter = new RedisRateLimiter(dead, { limit: 1, windowMs: 60_000 }, logger, prefix);
    await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: true, count: 1 });
    await expect(limiter.hit('x')).resolves.toMatchObject({ allowed: false, count: 2 });
    dead.disconnect();
  });
});

describe('rateLimitKey', () => {
  it('keys IPv4 by address, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(rateLimitKey('2001:0db8:0000:0012:ffff:1:2:3')).toBe('2001:db8:0:12::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey(undefined)).toBe('unknown');
  });
});

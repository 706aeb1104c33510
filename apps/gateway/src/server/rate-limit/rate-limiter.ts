import { ensureRedisConnected } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Until the window ends (for Retry-After). */
  retryAfterMs: number;
}

/** A fixed-window counter per key: `limit` hits per `windowMs`. */
export interface RateLimiter {
  hit(key: string): Promise<RateDecision>;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** In-process windows (one replica, or Redis unset); expired windows are swept as keys come back. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): Promise<RateDecision> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // Bounded memory: a burst of distinct addresses cannot keep old windows alive.
      if (this.windows.size > 10_000) for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      window = { count: 0, endsAt: now + this.rule.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ allowed: window.count <= this.rule.limit, count: window.count, retryAfterMs: window.endsAt - now });
  }
}

/**
 * Shared across replicas in Redis: INCR, and PEXPIRE NX (Redis ≥ 7) so only the first hit of a
 * window sets its end, in one MULTI so a crash between the two cannot leave a key without
 * expiry. When Redis fails the hit is counted in process instead (logged once per outage), so
 * an outage neither blocks comments nor lifts the limit. The client is one from @lib/cache's
 * createRedisClient (lazy, fail-fast); the first hit connects it.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly rule: RateLimit,
    private readonly logger: Logger,
    /** Prepended to every key, e.g. 'gateway:rate:comments:'. */
    private readonly prefix: string,
  ) {
    this.fallback = new MemoryRateLimiter(rule);
  }

  async hit(key: string): Promise<RateDecision> {
    const redisKey = `${this.prefix}${key}`;
    try {
      await ensureRedisConnected(this.redis);
      const results = await this.redis.multi().incr(redisKey).pexpire(redisKey, this.rule.windowMs, 'NX').pttl(redisKey).exec();
      if (!results) throw new Error('MULTI was discarded');
      for (const [error] of results) if (error) throw error;
      const count = Number(results[0]?.[1]);
      const ttl = Number(results[2]?.[1]);
      if (this.degraded) this.logger.info('comment rate limit back on redis');
      this.degraded = false;
      return { allowed: count <= this.rule.limit, count, retryAfterMs: ttl > 0 ? ttl : this.rule.windowMs };
    } catch (error) {
      if (!this.degraded) this.logger.warn({ err: error }, 'comment rate limit: redis unavailable, counting in process');
      this.degraded = true;
      return this.fallback.hit(key);
    }
  }
}

import { ensureRedisConnected } from './redis-client';
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
  /**
   * Gives back one hit of the key's current window: the work it was counted for was not done
   * (refused for the visitor's own mistake, or not known to have been done), so a budget counts
   * accepted work only. Never below zero; nothing when the window has already ended.
   */
  giveBack(key: string): Promise<void>;
  /**
   * Drops the key's counter altogether, its window with it: for counters keyed by something that
   * names a person, whose erasure leaves no counter behind. Rejects when the store does not answer.
   */
  forget(key: string): Promise<void>;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * What a budget counted in Redis does while Redis does not answer, chosen per budget:
 * - `local`: counts in this process instead (the limit holds per replica, so the whole fleet allows
 *   up to replicas × limit): for budgets that must neither block people nor fall away;
 * - `open`: lets every hit through (no limit until Redis is back): for budgets whose refusal would
 *   lose what people came to do, with another limit in front of them;
 * - `closed`: refuses every hit: for budgets where letting through is worse than refusing.
 * Each outage and recovery is logged once.
 */
export type RedisDownPolicy = 'local' | 'open' | 'closed';

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
      if (this.windows.size > 10_000)
        for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      window = { count: 0, endsAt: now + this.rule.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({
      allowed: window.count <= this.rule.limit,
      count: window.count,
      retryAfterMs: window.endsAt - now,
    });
  }

  giveBack(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.endsAt > this.now() && window.count > 0) window.count -= 1;
    return Promise.resolve();
  }

  forget(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }
}

const OUTAGE_WORDS: Record<RedisDownPolicy, string> = {
  local: 'counting in process',
  open: 'letting every hit through',
  closed: 'refusing every hit',
};

/** DECR only a live counter above zero: a key that expired meanwhile is not recreated without its expiry. */
const GIVE_BACK_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]))
if n and n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Shared across replicas in Redis: INCR, and PEXPIRE NX (Redis ≥ 7) so only the first hit of a
 * window sets its end, in one MULTI so a crash between the two cannot leave a key without
 * expiry. While Redis fails, the budget's RedisDownPolicy decides. The client is one from
 * createRedisClient (lazy, fail-fast); the first hit connects it.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly rule: RateLimit,
    private readonly logger: Logger,
    /** Prepended to every key, e.g. 'gateway:rate:events:'. */
    private readonly prefix: string,
    /** Names the limit in its log lines. */
    private readonly label: string,
    private readonly whenRedisDown: RedisDownPolicy,
  ) {
    this.fallback = new MemoryRateLimiter(rule);
  }

  async hit(key: string): Promise<RateDecision> {
    const redisKey = `${this.prefix}${key}`;
    try {
      await ensureRedisConnected(this.redis);
      const results = await this.redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, this.rule.windowMs, 'NX')
        .pttl(redisKey)
        .exec();
      if (!results) throw new Error('MULTI was discarded');
      for (const [error] of results) if (error) throw error;
      const count = Number(results[0]?.[1]);
      const ttl = Number(results[2]?.[1]);
      if (this.degraded) this.logger.info(`${this.label} back on redis`);
      this.degraded = false;
      return { allowed: count <= this.rule.limit, count, retryAfterMs: ttl > 0 ? ttl : this.rule.windowMs };
    } catch (error) {
      if (!this.degraded)
        this.logger.warn(
          { err: error, whenRedisDown: this.whenRedisDown },
          `${this.label}: redis unavailable, ${OUTAGE_WORDS[this.whenRedisDown]}`,
        );
      this.degraded = true;
      switch (this.whenRedisDown) {
        case 'local':
          return this.fallback.hit(key);
        case 'open':
          return { allowed: true, count: 0, retryAfterMs: 0 };
        case 'closed':
          return { allowed: false, count: 0, retryAfterMs: this.rule.windowMs };
      }
    }
  }

  async giveBack(key: string): Promise<void> {
    // While Redis fails, a `local` budget counts in process: give back there; the others counted nothing.
    if (this.degraded) return this.whenRedisDown === 'local' ? this.fallback.giveBack(key) : undefined;
    try {
      await ensureRedisConnected(this.redis);
      await this.redis.eval(GIVE_BACK_SCRIPT, 1, `${this.prefix}${key}`);
    } catch (error) {
      // One hit too many for the rest of a window: not worth more than a debug line.
      this.logger.debug({ err: error }, `${this.label}: could not give a hit back`);
    }
  }

  async forget(key: string): Promise<void> {
    // Counted in process during an outage: that copy goes as well.
    await this.fallback.forget(key);
    await ensureRedisConnected(this.redis);
    await this.redis.del(`${this.prefix}${key}`);
  }
}

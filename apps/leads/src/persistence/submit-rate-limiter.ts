import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { type Redis } from 'ioredis';
import { type LeadsConfig } from '../leads.config';

const WINDOW_MS = 60 * 60 * 1000;

/**
 * Submitted applications per e-mail and per phone (their blind indexes, never the values) in a fixed
 * one-hour window: INCR + PEXPIRE in Redis, shared by every replica; this process's memory without
 * REDIS_URL. When Redis does not answer the submit goes through (the gateway's per-IP budgets still
 * hold): refusing every applicant because a counter is away would lose leads.
 */
@Injectable()
export class SubmitRateLimiter implements OnApplicationShutdown {
  private readonly redis: Redis | undefined;
  private readonly memory = new Map<string, { count: number; resetAt: number }>();
  private readonly limit: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.limit = config.LEADS_SUBMIT_LIMIT_PER_HOUR;
    this.redis = config.REDIS_URL
      ? createRedisClient(config.REDIS_URL, { keyPrefix: 'leads:submit-limit:' })
      : undefined;
  }

  /** Counts one submit for every index given; false when any of them is over the hourly limit. */
  async take(indexes: readonly string[], now = Date.now()): Promise<boolean> {
    let allowed = true;
    for (const index of indexes) {
      const count = await this.increment(index, now);
      if (count > this.limit) allowed = false;
    }
    return allowed;
  }

  private async increment(index: string, now: number): Promise<number> {
    if (this.redis) {
      try {
        await ensureRedisConnected(this.redis);
        const [[, count]] = (await this.redis.multi().incr(index).pexpire(index, WINDOW_MS, 'NX').exec()) as [
          [Error | null, number],
        ];
        return count;
      } catch (error) {
        this.logger.warn({ err: error }, 'submit rate limit unavailable (Redis); the submit is let through');
        return 0;
      }
    }
    const entry = this.memory.get(index);
    if (!entry || entry.resetAt <= now) {
      this.memory.set(index, { count: 1, resetAt: now + WINDOW_MS });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis) await closeRedisClient(this.redis);
  }
}

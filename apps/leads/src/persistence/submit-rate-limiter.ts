import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type RateBudgets, type RateLimiter, createRateBudgets } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import { type LeadsConfig } from '../leads.config';

const WINDOW_MS = 60 * 60 * 1000;
/** Self-service links sent to one address in an hour. */
export const SELF_SERVICE_LINKS_PER_HOUR = 3;

/**
 * Submitted applications per e-mail and per phone (their blind indexes, never the values) in a fixed
 * one-hour window: the `submit` budget of @lib/cache's rate budgets (Redis keys
 * `leads:rate:submit:<index>`, shared by every replica; this process's memory without REDIS_URL).
 * While Redis does not answer the budget is open and the submit goes through (the gateway's per-IP
 * budgets still hold): refusing every applicant because a counter is away would lose leads.
 */
@Injectable()
export class SubmitRateLimiter implements OnApplicationShutdown {
  private readonly budgets: RateBudgets;
  private readonly limiter: RateLimiter;
  private readonly links: RateLimiter;

  constructor(@Inject(SERVICE_CONFIG) config: LeadsConfig, @Inject(LOGGER) logger: Logger) {
    this.budgets = createRateBudgets(config.REDIS_URL, 'leads', logger);
    this.limiter = this.budgets.budget('submit', {
      limit: config.LEADS_SUBMIT_LIMIT_PER_HOUR,
      windowMs: WINDOW_MS,
      whenRedisDown: 'open',
    });
    // A stranger asking links for someone's address must not flood their inbox.
    this.links = this.budgets.budget('self-service-link', {
      limit: SELF_SERVICE_LINKS_PER_HOUR,
      windowMs: WINDOW_MS,
      whenRedisDown: 'open',
    });
  }

  /** Counts one self-service link for an address; false when it had SELF_SERVICE_LINKS_PER_HOUR already. */
  async takeLink(index: string): Promise<boolean> {
    return (await this.links.hit(index)).allowed;
  }

  /** Counts one submit for every index given; false when any of them is over the hourly limit. */
  async take(indexes: readonly string[]): Promise<boolean> {
    let allowed = true;
    for (const index of indexes) {
      const decision = await this.limiter.hit(index);
      if (!decision.allowed) allowed = false;
    }
    return allowed;
  }

  /**
   * Erasure: the counters under these blind indexes go (submits and links alike), so Redis keeps
   * nothing keyed by the person. Rejects when Redis does not answer.
   */
  async forget(indexes: readonly string[]): Promise<void> {
    for (const index of indexes) {
      await this.limiter.forget(index);
      await this.links.forget(index);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.budgets.close();
  }
}

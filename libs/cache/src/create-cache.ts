import { type Logger } from '@lib/observability';
import { type Cache } from './cache';
import { MemoryCache } from './memory-cache';
import { RedisCache } from './redis-cache';

export interface CreateCacheOptions {
  /** Redis when set; otherwise an in-process LRU. */
  redisUrl?: string;
  namespace: string;
  /** Entry limit of the in-process cache (10 000 by default). */
  maxEntries?: number;
  /**
   * Readers of an unchanged entry get the same deep-frozen value instead of a fresh copy
   * (MemoryCacheOptions.shareValues, RedisCacheOptions.shareValues): for read-only data.
   */
  shareValues?: boolean;
  logger: Logger;
}

export function createCache(opts: CreateCacheOptions): Cache {
  if (opts.redisUrl) {
    const url = new URL(opts.redisUrl);
    opts.logger.info({ cache: 'redis', host: url.host, namespace: opts.namespace }, 'cache: redis');
    return new RedisCache({
      url: opts.redisUrl,
      namespace: opts.namespace,
      logger: opts.logger,
      shareValues: opts.shareValues,
    });
  }
  opts.logger.info(
    { cache: 'memory', maxEntries: opts.maxEntries ?? 10_000 },
    'cache: in-process (REDIS_URL not set)',
  );
  return new MemoryCache({
    maxEntries: opts.maxEntries,
    logger: opts.logger,
    shareValues: opts.shareValues,
  });
}

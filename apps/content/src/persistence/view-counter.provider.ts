import { type Provider } from '@nestjs/common';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { type ContentConfig } from '../content.config';
import { MemoryViewCounter } from './memory-view-counter';
import { RedisViewCounter } from './redis-view-counter';
import { VIEW_COUNTER, type ViewCounter } from './view-counter';

/** Redis when REDIS_URL is set (every replica shares the counts), otherwise this process's memory. */
export const viewCounterProvider: Provider<ViewCounter> = {
  provide: VIEW_COUNTER,
  inject: [SERVICE_CONFIG],
  useFactory: (config: ContentConfig) =>
    config.REDIS_URL
      ? new RedisViewCounter(config.REDIS_URL, config.CONTENT_VIEWS_KEY_PREFIX)
      : new MemoryViewCounter(),
};

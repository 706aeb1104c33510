export { type Cache } from './cache';
export { MemoryCache, type MemoryCacheOptions } from './memory-cache';
export { RedisCache, type RedisCacheOptions } from './redis-cache';
export {
  createRedisClient,
  ensureRedisConnected,
  closeRedisClient,
  type RedisClientOptions,
} from './redis-client';
export { createCache, type CreateCacheOptions } from './create-cache';
export { readThrough, type ReadThroughOptions } from './read-through';
export { deepFreeze, isSharedValue } from './deep-freeze';
export { ComposedAnswers } from './composed-answers';
export {
  MemoryRateLimiter,
  RedisRateLimiter,
  type RateDecision,
  type RateLimit,
  type RateLimiter,
  type RedisDownPolicy,
} from './rate-limiter';
export {
  MemorySubmissionBudget,
  RedisSubmissionBudget,
  type SubmissionBudget,
  type SubmissionTicket,
} from './submission-budget';
export { createRateBudgets, rateBudgetPrefix, type BudgetRule, type RateBudgets } from './rate-budgets';
export { KeptDecodes, type KeptDecodesOptions } from './kept-decodes';

export { type Cache } from './cache';
export { MemoryCache, type MemoryCacheOptions } from './memory-cache';
export { RedisCache, closeRedisClient, type RedisCacheOptions } from './redis-cache';
export { createCache, type CreateCacheOptions } from './create-cache';
export { readThrough, type ReadThroughOptions } from './read-through';

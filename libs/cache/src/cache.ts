import { type Logger, type ReadinessCheck } from '@lib/observability';

/**
 * A key-value cache with per-entry expiry. Values must survive JSON (plain data): both
 * implementations store JSON, so what a test sees in memory is what production sees in Redis.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  delete(...keys: string[]): Promise<void>;
  /** Removes every key starting with prefix and returns how many went. */
  deleteByPrefix(prefix: string): Promise<number>;
  readonly kind: 'redis' | 'memory';
  readinessCheck(): ReadinessCheck;
  close(): Promise<void>;
}

/** Both of our implementations carry the logger they were created with; readThrough uses it. */
export interface LoggingCache extends Cache {
  readonly logger: Logger;
}

export function cacheLogger(cache: Cache): Logger | undefined {
  return 'logger' in cache ? (cache as LoggingCache).logger : undefined;
}

export function assertTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`cache ttlMs must be a positive number, got ${ttlMs}`);
  return Math.ceil(ttlMs);
}

export function encode(value: unknown): string {
  const json = JSON.stringify(value);
  // JSON.stringify(undefined) is undefined, which neither backend can store or tell apart from a miss.
  if (json === undefined)
    throw new TypeError('cache values must be JSON-serialisable (got undefined or a function)');
  return json;
}

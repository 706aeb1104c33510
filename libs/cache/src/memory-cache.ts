import { type Logger, type ReadinessCheck } from '@lib/observability';
import { LRUCache } from 'lru-cache';
import { assertTtl, encode, type LoggingCache } from './cache';

/**
 * Strings are kept as they are (they round-trip through JSON unchanged, and cached HTML is the
 * hot path); everything else as JSON text, so callers get a fresh copy exactly as from Redis.
 */
type Stored = { text: string } | { json: string };

export interface MemoryCacheOptions {
  maxEntries?: number;
  logger: Logger;
  /**
   * The clock entry ages are measured with, in milliseconds (default: performance.now). Tests pass
   * `() => Date.now()` under Jest's fake timers, so expiry follows the faked time.
   */
  now?: () => number;
}

/** In-process LRU for runs without Redis: bounded by entry count, each entry with its own TTL. */
export class MemoryCache implements LoggingCache {
  readonly kind = 'memory' as const;
  readonly logger: Logger;
  private readonly lru: LRUCache<string, Stored>;

  constructor(opts: MemoryCacheOptions) {
    this.logger = opts.logger;
    const now = opts.now;
    this.lru = new LRUCache<string, Stored>({
      max: opts.maxEntries ?? 10_000,
      ...(now ? { perf: { now } } : {}),
    });
  }

  get<T>(key: string): Promise<T | undefined> {
    const stored = this.lru.get(key);
    if (stored === undefined) return Promise.resolve(undefined);
    return Promise.resolve('text' in stored ? (stored.text as T) : (JSON.parse(stored.json) as T));
  }

  set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    try {
      const ttl = assertTtl(ttlMs);
      const stored: Stored = typeof value === 'string' ? { text: value } : { json: encode(value) };
      this.lru.set(key, stored, { ttl });
      return Promise.resolve();
    } catch (error) {
      // Same contract as Redis: bad input rejects the promise rather than throwing at the call.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  delete(...keys: string[]): Promise<void> {
    for (const key of keys) this.lru.delete(key);
    return Promise.resolve();
  }

  deleteByPrefix(prefix: string): Promise<number> {
    // Collect first: deleting while iterating an LRU's key list would skip entries.
    const matching = [...this.lru.keys()].filter((key) => key.startsWith(prefix));
    let removed = 0;
    for (const key of matching) if (this.lru.delete(key)) removed += 1;
    return Promise.resolve(removed);
  }

  readinessCheck(): ReadinessCheck {
    return { name: 'cache', check: () => Promise.resolve() };
  }

  close(): Promise<void> {
    this.lru.clear();
    return Promise.resolve();
  }
}

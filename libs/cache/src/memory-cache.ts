import { type Logger, type ReadinessCheck } from '@lib/observability';
import { LRUCache } from 'lru-cache';
import { assertTtl, encode, type LoggingCache } from './cache';
import { deepFreeze } from './deep-freeze';

/**
 * Strings are kept as they are (they round-trip through JSON unchanged, and cached HTML is the
 * hot path); everything else as JSON text, so callers get a fresh copy exactly as from Redis.
 */
type Stored = { text: string } | { json: string } | { shared: unknown };

export interface MemoryCacheOptions {
  maxEntries?: number;
  logger: Logger;
  /**
   * The clock entry ages are measured with, in milliseconds (default: performance.now). Tests pass
   * `() => Date.now()` under Jest's fake timers, so expiry follows the faked time.
   */
  now?: () => number;
  /**
   * Keep values as given, deep-frozen, and hand the same object to every get (no JSON round
   * trip): for read-only data shared inside one process, where a copy per read is the cost to
   * avoid. A caller that tries to change such a value gets a TypeError (modules are strict).
   */
  shareValues?: boolean;
}

/** In-process LRU for runs without Redis: bounded by entry count, each entry with its own TTL. */
export class MemoryCache implements LoggingCache {
  readonly kind = 'memory' as const;
  readonly logger: Logger;
  private readonly lru: LRUCache<string, Stored>;
  private readonly shareValues: boolean;

  constructor(opts: MemoryCacheOptions) {
    this.logger = opts.logger;
    this.shareValues = opts.shareValues ?? false;
    const now = opts.now;
    this.lru = new LRUCache<string, Stored>({
      max: opts.maxEntries ?? 10_000,
      ...(now ? { perf: { now } } : {}),
    });
  }

  get<T>(key: string): Promise<T | undefined> {
    const stored = this.lru.get(key);
    if (stored === undefined) return Promise.resolve(undefined);
    if ('shared' in stored) return Promise.resolve(stored.shared as T);
    return Promise.resolve('text' in stored ? (stored.text as T) : (JSON.parse(stored.json) as T));
  }

  set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    try {
      const ttl = assertTtl(ttlMs);
      const stored: Stored = this.shareValues
        ? { shared: deepFreeze(value) }
        : typeof value === 'string'
          ? { text: value }
          : { json: encode(value) };
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

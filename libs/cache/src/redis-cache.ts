import { type Logger, type ReadinessCheck } from '@lib/observability';
import { type Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { assertTtl, encode, type LoggingCache } from './cache';
import { deepFreeze } from './deep-freeze';
import { closeRedisClient, createRedisClient, ensureRedisConnected } from './redis-client';

export interface RedisCacheOptions {
  url: string;
  /**
   * Every key is stored as `<namespace>:<key>`: a caller's key starts with its purpose, never the
   * namespace again.
   */
  namespace: string;
  logger: Logger;
  /** A command that takes longer fails, so a stuck Redis degrades to the loader instead of hanging pages. */
  commandTimeoutMs?: number;
  /**
   * Hand every reader of an unchanged entry the same deep-frozen value, parsed once, as
   * MemoryCache's shareValues does: for read-only data, where parsing the same JSON on every read
   * is the cost to avoid. The entry is still read from Redis each time, so a change made by any
   * process is seen at once; only when its bytes equal those of the last read is the kept value
   * answered. A caller that tries to change such a value gets a TypeError (modules are strict).
   */
  shareValues?: boolean;
  /** The most entry bytes kept with their values when sharing them (16 MiB by default). */
  sharedBytes?: number;
}

/** An entry as last read and the value parsed from it. */
interface ParsedEntry {
  raw: Buffer;
  value: unknown;
}

const DEFAULT_SHARED_BYTES = 16 * 1024 * 1024;

const SCAN_BATCH = 500;

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/**
 * Redis-backed cache. Built to fail fast when Redis is away: no offline queue, one retry per
 * command, a command timeout; callers (readThrough) then fall back to the source of truth.
 */
export class RedisCache implements LoggingCache {
  readonly kind = 'redis' as const;
  readonly logger: Logger;
  readonly client: Redis;
  private readonly prefix: string;
  /** Values of entries as last read, when they are shared (shareValues). */
  private readonly parsed: LRUCache<string, ParsedEntry> | undefined;
  private reportedDown = false;

  constructor(opts: RedisCacheOptions) {
    if (!opts.namespace) throw new Error('RedisCache needs a non-empty namespace');
    this.logger = opts.logger;
    this.prefix = `${opts.namespace}:`;
    this.client = createRedisClient(opts.url, {
      keyPrefix: this.prefix,
      commandTimeoutMs: opts.commandTimeoutMs,
    });
    this.parsed = opts.shareValues
      ? new LRUCache<string, ParsedEntry>({
          maxSize: opts.sharedBytes ?? DEFAULT_SHARED_BYTES,
          // An entry larger than the whole budget is parsed per read, as without sharing.
          sizeCalculation: (entry) => Math.max(1, entry.raw.length),
        })
      : undefined;
    this.client.on('ready', () => {
      if (this.reportedDown) this.logger.info({ cache: 'redis' }, 'redis connection restored');
      this.reportedDown = false;
    });
    // ioredis emits an error per failed reconnect; one warning per outage is enough.
    this.client.on('error', (error: Error) => {
      if (this.reportedDown) return;
      this.reportedDown = true;
      this.logger.warn(
        { cache: 'redis', err: error },
        'redis unavailable; callers fall back to their sources',
      );
    });
  }

  async get<T>(key: string): Promise<T | undefined> {
    await this.ensureConnected();
    if (this.parsed) return this.getShared<T>(key, this.parsed);
    const raw = await this.client.get(key);
    return raw === null ? undefined : this.parse<T>(key, raw);
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    const ttl = assertTtl(ttlMs);
    const payload = encode(value);
    await this.ensureConnected();
    await this.client.set(key, payload, 'PX', ttl);
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    for (const key of keys) this.parsed?.delete(key);
    await this.ensureConnected();
    await this.client.unlink(...keys);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
    if (this.parsed)
      for (const key of [...this.parsed.keys()]) if (key.startsWith(prefix)) this.parsed.delete(key);
    await this.ensureConnected();
    // SCAN patterns are not key-prefixed by ioredis, while UNLINK arguments are: match on the full
    // name, then strip our prefix before deleting.
    const pattern = `${escapeGlob(this.prefix + prefix)}*`;
    let cursor = '0';
    let removed = 0;
    do {
      const [next, keys] = await this.client.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      cursor = next;
      if (keys.length > 0)
        removed += await this.client.unlink(...keys.map((k) => k.slice(this.prefix.length)));
    } while (cursor !== '0');
    return removed;
  }

  readinessCheck(): ReadinessCheck {
    return {
      name: 'redis',
      check: async () => {
        await this.ensureConnected();
        await this.client.ping();
      },
    };
  }

  close(): Promise<void> {
    this.parsed?.clear();
    return closeRedisClient(this.client);
  }

  private async getShared<T>(key: string, parsed: LRUCache<string, ParsedEntry>): Promise<T | undefined> {
    const raw = await this.client.getBuffer(key);
    if (raw === null) {
      parsed.delete(key);
      return undefined;
    }
    const kept = parsed.get(key);
    if (kept?.raw.equals(raw)) return kept.value as T;
    const value = this.parse<T>(key, raw.toString('utf8'));
    if (value === undefined) parsed.delete(key);
    else parsed.set(key, { raw, value: deepFreeze(value) });
    return value;
  }

  private parse<T>(key: string, raw: string): T | undefined {
    try {
      return JSON.parse(raw) as T;
    } catch {
      this.logger.warn({ cache: 'redis', key }, 'ignoring a cache entry that is not JSON');
      return undefined;
    }
  }

  private ensureConnected(): Promise<void> {
    return ensureRedisConnected(this.client);
  }
}

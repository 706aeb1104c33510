import { type Logger, type ReadinessCheck } from '@lib/observability';
import { type Redis } from 'ioredis';
import { assertTtl, encode, type LoggingCache } from './cache';
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
}

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
  private reportedDown = false;

  constructor(opts: RedisCacheOptions) {
    if (!opts.namespace) throw new Error('RedisCache needs a non-empty namespace');
    this.logger = opts.logger;
    this.prefix = `${opts.namespace}:`;
    this.client = createRedisClient(opts.url, {
      keyPrefix: this.prefix,
      commandTimeoutMs: opts.commandTimeoutMs,
    });
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
    const raw = await this.client.get(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      this.logger.warn({ cache: 'redis', key }, 'ignoring a cache entry that is not JSON');
      return undefined;
    }
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    const ttl = assertTtl(ttlMs);
    const payload = encode(value);
    await this.ensureConnected();
    await this.client.set(key, payload, 'PX', ttl);
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.ensureConnected();
    await this.client.unlink(...keys);
  }

  async deleteByPrefix(prefix: string): Promise<number> {
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
    return closeRedisClient(this.client);
  }

  private ensureConnected(): Promise<void> {
    return ensureRedisConnected(this.client);
  }
}

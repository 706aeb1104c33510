import { Redis } from 'ioredis';

export interface RedisClientOptions {
  /** Prepended by ioredis to every key of a command (not to SCAN patterns). */
  keyPrefix?: string;
  /** A command that takes longer fails, so a stuck Redis degrades callers instead of hanging them. */
  commandTimeoutMs?: number;
}

/**
 * The one way this project connects to Redis (cache, counters, rate limits, tests). Built to fail
 * fast when Redis is away: lazy connect, no offline queue, one retry per command, short connect and
 * command timeouts, reconnects backing off to 2 s. Callers fall back to their source of truth or
 * to an in-process substitute; errors surface on the commands, so the client's own 'error' events
 * are the caller's to log (or are ignored here when it does not listen).
 */
export function createRedisClient(url: string, opts: RedisClientOptions = {}): Redis {
  const client = new Redis(url, {
    ...(opts.keyPrefix ? { keyPrefix: opts.keyPrefix } : {}),
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // ioredis waits this long for a dead socket to close on disconnect; keep shutdown quick.
    disconnectTimeout: 500,
    commandTimeout: opts.commandTimeoutMs ?? 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Without a listener an 'error' event would crash the process; real listeners log outages.
  client.on('error', () => undefined);
  return client;
}

const connecting = new WeakMap<Redis, Promise<void>>();

/**
 * With lazy connect and no offline queue the first command would be rejected before a connection
 * exists: connect explicitly once (concurrent callers share the attempt); while ioredis reconnects
 * by itself this returns at once and the command fails fast.
 */
export async function ensureRedisConnected(client: Redis): Promise<void> {
  if (client.status === 'wait') {
    let attempt = connecting.get(client);
    if (!attempt) {
      attempt = client.connect().finally(() => connecting.delete(client));
      connecting.set(client, attempt);
    }
    await attempt;
    return;
  }
  await connecting.get(client);
}

/** Quits politely when connected (pending replies arrive), otherwise drops the socket; never throws. */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // The connection broke while quitting; disconnect below.
    }
  }
  client.disconnect();
}

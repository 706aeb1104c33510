import { randomUUID } from 'node:crypto';
import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { type Redis } from 'ioredis';
import { VISIT_WINDOW_MS } from '../domain/article-views';
import { type FlushWriter, type RecordedView, type ViewCounter } from './view-counter';

/** A batch a flusher took but never finished (process killed) is taken over after this long. */
export const ABANDONED_BATCH_MS = 5 * 60_000;

/**
 * Counts in Redis, shared by every replica: HINCRBY on one hash of pending counts, a short-lived key
 * per counted visit. A flush RENAMEs the hash to a batch key of its own (atomic: each view lands in
 * exactly one batch), writes it to PostgreSQL, then deletes it; a failed write merges it back.
 */
export class RedisViewCounter implements ViewCounter {
  readonly kind = 'redis' as const;
  private readonly client: Redis;
  private readonly pendingKey: string;
  private readonly batchPrefix: string;
  private readonly visitPrefix: string;

  constructor(url: string, keyPrefix: string) {
    this.pendingKey = `${keyPrefix}:pending`;
    this.batchPrefix = `${keyPrefix}:batch:`;
    this.visitPrefix = `${keyPrefix}:visit:`;
    this.client = createRedisClient(url);
  }

  async record(slug: string, sessionId: string | undefined): Promise<RecordedView> {
    await ensureRedisConnected(this.client);
    if (sessionId !== undefined) {
      const first = await this.client.set(
        `${this.visitPrefix}${slug}:${sessionId}`,
        '1',
        'PX',
        VISIT_WINDOW_MS,
        'NX',
      );
      if (first === null) {
        const pending = await this.client.hget(this.pendingKey, slug);
        return { counted: false, pending: Number(pending ?? 0) };
      }
    }
    return { counted: true, pending: await this.client.hincrby(this.pendingKey, slug, 1) };
  }

  async flush(write: FlushWriter): Promise<number> {
    await ensureRedisConnected(this.client);
    const batches = [...(await this.takeAbandonedBatches())];
    const own = this.newBatchKey();
    try {
      await this.client.rename(this.pendingKey, own);
      batches.push(own);
    } catch (error) {
      if (!/no such key/i.test((error as Error).message)) throw error;
    }
    let total = 0;
    for (const batch of batches) {
      const counts = new Map<string, number>();
      for (const [slug, count] of Object.entries(await this.client.hgetall(batch)))
        counts.set(slug, Number(count));
      try {
        await write(counts);
      } catch (error) {
        await this.mergeBack(batch, counts);
        throw error;
      }
      await this.client.del(batch);
      for (const count of counts.values()) total += count;
    }
    return total;
  }

  close(): Promise<void> {
    return closeRedisClient(this.client);
  }

  private newBatchKey(): string {
    return `${this.batchPrefix}${Date.now()}:${randomUUID()}`;
  }

  private async mergeBack(batch: string, counts: ReadonlyMap<string, number>): Promise<void> {
    const tx = this.client.multi();
    for (const [slug, count] of counts) tx.hincrby(this.pendingKey, slug, count);
    tx.del(batch);
    await tx.exec();
  }

  /** Batches older than ABANDONED_BATCH_MS, each renamed to a key of ours (only one flusher wins a rename). */
  private async takeAbandonedBatches(): Promise<string[]> {
    const taken: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.client.scan(cursor, 'MATCH', `${this.batchPrefix}*`, 'COUNT', 100);
      cursor = next;
      for (const key of keys) {
        const startedAt = Number(key.slice(this.batchPrefix.length).split(':')[0]);
        if (!(Date.now() - startedAt > ABANDONED_BATCH_MS)) continue;
        const mine = this.newBatchKey();
        try {
          await this.client.rename(key, mine);
          taken.push(mine);
        } catch {
          // Another replica took it first.
        }
      }
    } while (cursor !== '0');
    return taken;
  }
}

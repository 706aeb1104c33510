import { randomUUID } from 'node:crypto';
import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { ABANDONED_BATCH_MS, RedisViewCounter } from '../src/persistence/redis-view-counter';
import { viewCounterBehaviour } from './support/view-counter-behaviour';

describeWithRedis('RedisViewCounter (real Redis)', () => {
  let redis: TestRedis;
  let prefix = '';
  beforeAll(async () => {
    redis = await provideTestRedis();
  });
  afterAll(async () => {
    await redis?.close();
  });

  const make = () => {
    prefix = `${redis.namespace}:views:${randomUUID()}`;
    return Promise.resolve(new RedisViewCounter(redis.url, prefix));
  };

  viewCounterBehaviour(make);

  it('takes over a batch another process abandoned mid-flush', async () => {
    const counter = await make();
    const raw = createRedisClient(redis.url);
    try {
      const stale = `${prefix}:batch:${Date.now() - ABANDONED_BATCH_MS - 1_000}:${randomUUID()}`;
      const fresh = `${prefix}:batch:${Date.now()}:${randomUUID()}`;
      await ensureRedisConnected(raw);
      await raw.hset(stale, 'placa-minimalna', '7');
      await raw.hset(fresh, 'placa-minimalna', '100');
      const batches: Record<string, number>[] = [];
      await expect(
        counter.flush((counts) => Promise.resolve(void batches.push(Object.fromEntries(counts)))),
      ).resolves.toBe(7);
      expect(batches).toEqual([{ 'placa-minimalna': 7 }]);
      expect(await raw.exists(stale)).toBe(0);
      // A batch still being flushed by its owner is left alone.
      expect(await raw.hget(fresh, 'placa-minimalna')).toBe('100');
    } finally {
      await closeRedisClient(raw);
      await counter.close();
    }
  });
});

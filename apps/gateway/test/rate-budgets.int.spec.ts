import { closeRedisClient, createRedisClient, ensureRedisConnected } from '@lib/cache';
import { createLogger } from '@lib/observability';
import { type TestRedis, describeWithRedis, provideTestRedis } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { RATE_BUDGET_PREFIX, createRateBudgets } from '../src/server/rate-limit/rate-budgets';

const logger = createLogger({ name: 'test', level: 'silent' });

describeWithRedis('named rate budgets (the test Redis)', () => {
  let testRedis: TestRedis;

  beforeAll(async () => {
    testRedis = await provideTestRedis();
  });

  afterAll(async () => {
    await testRedis.close();
  });

  it('keeps each budget its own counter and rule in Redis, shared by every gateway', async () => {
    // A client key of this run only: the budgets' key space is the gateway's own, not the suite's namespace.
    const client = `test-${randomUUID()}`;
    const [first, second] = [
      createRateBudgets(testRedis.url, logger),
      createRateBudgets(testRedis.url, logger),
    ];
    const redis = createRedisClient(testRedis.url);
    await ensureRedisConnected(redis);
    try {
      const views = first.budget('views', { limit: 3, windowMs: 60_000 });
      const visits = first.budget('visits', { limit: 1, windowMs: 60_000 });
      const viewsElsewhere = second.budget('views', { limit: 3, windowMs: 60_000 });
      await expect(visits.hit(client)).resolves.toMatchObject({ allowed: true, count: 1 });
      await expect(visits.hit(client)).resolves.toMatchObject({ allowed: false, count: 2 });
      // The visits spent nothing of the views budget; another replica counts into the same one.
      await expect(views.hit(client)).resolves.toMatchObject({ allowed: true, count: 1 });
      await expect(viewsElsewhere.hit(client)).resolves.toMatchObject({ allowed: true, count: 2 });
      expect(await redis.get(`${RATE_BUDGET_PREFIX}views:${client}`)).toBe('2');
      expect(await redis.get(`${RATE_BUDGET_PREFIX}visits:${client}`)).toBe('2');
    } finally {
      await redis.del(`${RATE_BUDGET_PREFIX}views:${client}`, `${RATE_BUDGET_PREFIX}visits:${client}`);
      await closeRedisClient(redis);
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('counts in process without Redis', async () => {
    const budgets = createRateBudgets(undefined, logger);
    const views = budgets.budget('views', { limit: 1, windowMs: 60_000 });
    await expect(views.hit('a')).resolves.toMatchObject({ allowed: true });
    await expect(views.hit('a')).resolves.toMatchObject({ allowed: false });
    await budgets.close();
  });
});

// The rate budgets of @lib/cache against a real Redis; they live with the gateway, whose budgets they are
// (the lib's own tests cannot use the Redis test helpers, which build on it).
import {
  type BudgetRule,
  closeRedisClient,
  createRateBudgets,
  createRedisClient,
  ensureRedisConnected,
  rateBudgetPrefix,
} from '@lib/cache';
import { createLogger } from '@lib/observability';
import { type TestRedis, describeWithRedis, provideTestRedis } from '@lib/testing';
import { randomUUID } from 'node:crypto';

const logger = createLogger({ name: 'test', level: 'silent' });
const rule = (limit: number): BudgetRule => ({ limit, windowMs: 60_000, whenRedisDown: 'local' });

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
      createRateBudgets(testRedis.url, 'gateway', logger),
      createRateBudgets(testRedis.url, 'gateway', logger),
    ];
    const redis = createRedisClient(testRedis.url);
    await ensureRedisConnected(redis);
    try {
      const views = first.budget('views', rule(3));
      const visits = first.budget('visits', rule(1));
      const viewsElsewhere = second.budget('views', rule(3));
      await expect(visits.hit(client)).resolves.toMatchObject({ allowed: true, count: 1 });
      await expect(visits.hit(client)).resolves.toMatchObject({ allowed: false, count: 2 });
      // The visits spent nothing of the views budget; another replica counts into the same one.
      await expect(views.hit(client)).resolves.toMatchObject({ allowed: true, count: 1 });
      await expect(viewsElsewhere.hit(client)).resolves.toMatchObject({ allowed: true, count: 2 });
      expect(await redis.get(`${rateBudgetPrefix('gateway')}views:${client}`)).toBe('2');
      expect(await redis.get(`${rateBudgetPrefix('gateway')}visits:${client}`)).toBe('2');
    } finally {
      await redis.del(
        `${rateBudgetPrefix('gateway')}views:${client}`,
        `${rateBudgetPrefix('gateway')}visits:${client}`,
      );
      await closeRedisClient(redis);
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('keeps each form budget its own hash of submissions in Redis, never counting another name’s hits', async () => {
    const client = `test-${randomUUID()}`;
    const budgets = createRateBudgets(testRedis.url, 'gateway', logger);
    const redis = createRedisClient(testRedis.url);
    await ensureRedisConnected(redis);
    const key = `${rateBudgetPrefix('gateway')}form-test:${client}`;
    try {
      const form = budgets.submissions('form-test', rule(1));
      const ticket = await form.take(client, 'submission-1');
      expect(ticket).toMatchObject({ allowed: true, count: 1 });
      await form.settle(ticket, 'stored');
      expect(await redis.hgetall(key)).toEqual({ 'submission-1': '1' });
      // The other forms' budgets are untouched; one name is one kind of budget.
      await expect(budgets.submissions('form-other', rule(1)).take(client, 's')).resolves.toMatchObject({
        allowed: true,
      });
      expect(() => budgets.budget('form-test', rule(1))).toThrow(/counts submissions/);
    } finally {
      await redis.del(key, `${rateBudgetPrefix('gateway')}form-other:${client}`);
      await closeRedisClient(redis);
      await budgets.close();
    }
  });

  it('counts in process without Redis', async () => {
    const budgets = createRateBudgets(undefined, 'gateway', logger);
    const views = budgets.budget('views', rule(1));
    await expect(views.hit('a')).resolves.toMatchObject({ allowed: true });
    await expect(views.hit('a')).resolves.toMatchObject({ allowed: false });
    await budgets.close();
  });
});

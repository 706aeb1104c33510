// The submission budgets of @lib/cache against a real Redis and a dead one; they live with the gateway,
// whose form budgets they are (the lib's own tests cannot use the Redis test helpers, which build on it).
import { RedisSubmissionBudget, closeRedisClient, createRedisClient } from '@lib/cache';
import { createLogger } from '@lib/observability';
import { type TestRedis, describeWithRedis, freePort, provideTestRedis } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { type Redis } from 'ioredis';

const logger = createLogger({ name: 'test', level: 'silent' });

describeWithRedis('RedisSubmissionBudget (the test Redis)', () => {
  let testRedis: TestRedis;
  let redis: Redis;
  let prefix: string;

  beforeAll(async () => {
    testRedis = await provideTestRedis();
    redis = createRedisClient(testRedis.url);
    // Inside the suite's namespace, which testRedis.close() clears.
    prefix = `${testRedis.namespace}:rate:form-test:`;
  });

  afterAll(async () => {
    await closeRedisClient(redis);
    await testRedis.close();
  });

  const budgetOf = (limit: number) =>
    new RedisSubmissionBudget(redis, { limit, windowMs: 60_000 }, logger, prefix, 'test budget', 'local');

  it('gives ten posts of one submission at once one place, and the limit to concurrent different ones', async () => {
    const budget = budgetOf(3);
    const client = `198.51.100.${Math.floor(Math.random() * 200)}-${randomUUID()}`;
    const same = await Promise.all(Array.from({ length: 10 }, () => budget.take(client, 'k-1')));
    expect(same.map((ticket) => [ticket.allowed, ticket.count])).toEqual(Array(10).fill([true, 1]));
    // One of them stored it, the nine others were repeats.
    await Promise.all(same.map((ticket, i) => budget.settle(ticket, i === 3 ? 'stored' : 'not-stored')));
    expect(await redis.hgetall(`${prefix}${client}`)).toEqual({ 'k-1': '1' });
    const ttl = await redis.pttl(`${prefix}${client}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);

    // Twenty different submissions at once: exactly the two places left, no more.
    const different = await Promise.all(
      Array.from({ length: 20 }, (_, i) => budget.take(client, `k-${i + 2}`)),
    );
    expect(different.filter((ticket) => ticket.allowed)).toHaveLength(2);
    const refused = different.find((ticket) => !ticket.allowed)!;
    expect(refused.count).toBe(4);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    // Neither was stored: both places are given back; the stored one stays.
    await Promise.all(different.map((ticket) => budget.settle(ticket, 'not-stored')));
    expect(await redis.hkeys(`${prefix}${client}`)).toEqual(['k-1']);
    // A later repeat of the stored submission is let through and changes nothing.
    const repeat = await budget.take(client, 'k-1');
    expect(repeat).toMatchObject({ allowed: true, count: 1 });
    await budget.settle(repeat, 'not-stored');
    expect(await redis.hgetall(`${prefix}${client}`)).toEqual({ 'k-1': '1' });
  });

  it('keeps a place stored by a post that ended before the other post of the same submission', async () => {
    const budget = budgetOf(1);
    const client = `client-${randomUUID()}`;
    const [first, second] = await Promise.all([budget.take(client, 'k'), budget.take(client, 'k')]);
    await budget.settle(second, 'stored');
    await budget.settle(first, 'not-stored');
    await expect(budget.take(client, 'other')).resolves.toMatchObject({ allowed: false, count: 2 });
  });
});

describe('RedisSubmissionBudget while Redis does not answer', () => {
  const withDeadRedis = async (run: (dead: Redis) => Promise<void>) => {
    // A loopback port nobody listens on: the connection is refused at once.
    const dead = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    try {
      await run(dead);
    } finally {
      await closeRedisClient(dead);
    }
  };
  const budgetOn = (dead: Redis, whenRedisDown: 'local' | 'open' | 'closed') =>
    new RedisSubmissionBudget(
      dead,
      { limit: 1, windowMs: 60_000 },
      logger,
      'test:rate:',
      'test budget',
      whenRedisDown,
    );

  it('a `local` budget holds places in process: the limit still holds, a refused post gives its place back', () =>
    withDeadRedis(async (dead) => {
      const budget = budgetOn(dead, 'local');
      const refused = await budget.take('x', 'k1');
      expect(refused).toMatchObject({ allowed: true, countedIn: 'local' });
      await budget.settle(refused, 'not-stored');
      const stored = await budget.take('x', 'k2');
      await budget.settle(stored, 'stored');
      await expect(budget.take('x', 'k3')).resolves.toMatchObject({ allowed: false, count: 2 });
      await expect(budget.take('x', 'k2')).resolves.toMatchObject({ allowed: true });
    }));

  it('an `open` budget lets every submission through; a `closed` one refuses every one', () =>
    withDeadRedis(async (dead) => {
      const open = budgetOn(dead, 'open');
      for (let i = 0; i < 3; i += 1)
        await expect(open.take('x', `k${i}`)).resolves.toMatchObject({ allowed: true, countedIn: 'nowhere' });
      await expect(budgetOn(dead, 'closed').take('x', 'k')).resolves.toMatchObject({
        allowed: false,
        retryAfterMs: 60_000,
      });
    }));
});

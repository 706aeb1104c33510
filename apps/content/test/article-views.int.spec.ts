import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { provideTestRedis, startTestService, type TestRedis, type TestService } from '@lib/testing';
import { contentService } from '../src/content.service-definition';
import { FIXTURE_CONTENT_DIR, setEnv } from './support/content-dir';

async function storedViews(url: string, slug: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ views: number }>(
      `SELECT views::int AS views FROM "content"."articles" WHERE slug = $1`,
      [slug],
    );
    return result.rows[0]?.views ?? -1;
  } finally {
    await client.end();
  }
}

const databaseUrl = (t: TestService<'content'>) => (t.service.dataSource.options as { url: string }).url;

describe('article views reach PostgreSQL (real PostgreSQL)', () => {
  it('on the periodic flush, counted in memory when REDIS_URL is unset', async () => {
    const restoreEnv = setEnv({ CONTENT_DIR: FIXTURE_CONTENT_DIR, CONTENT_VIEWS_FLUSH_MS: '100' });
    const t = await startTestService(contentService);
    try {
      await t.client.recordArticleView({ slug: 'placa-minimalna', sessionId: randomUUID() });
      await t.client.recordArticleView({ slug: 'placa-minimalna', sessionId: randomUUID() });
      const url = databaseUrl(t);
      const deadline = Date.now() + 5_000;
      while ((await storedViews(url, 'placa-minimalna')) !== 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await storedViews(url, 'placa-minimalna')).toBe(2);
    } finally {
      await t.stop();
      restoreEnv();
    }
  });

  describe('counted in Redis', () => {
    let redis: TestRedis | undefined;
    beforeAll(async () => {
      redis = await provideTestRedis();
    });
    afterAll(async () => {
      await redis?.close();
    });

    it('shares the counts between replicas and flushes them when the service shuts down', async () => {
      if (!redis) {
        console.warn(
          'Redis not reachable: skipping the Redis view counter (see README, "Tests that need Redis")',
        );
        return;
      }
      // No periodic flush during the test: only the shutdown hook may write.
      const restoreEnv = setEnv({
        CONTENT_DIR: FIXTURE_CONTENT_DIR,
        CONTENT_VIEWS_FLUSH_MS: '3600000',
        CONTENT_VIEWS_KEY_PREFIX: `${redis.namespace}:views`,
      });
      const t = await startTestService(contentService, { redisUrl: redis.url });
      const replica = await startTestService(contentService, {
        redisUrl: redis.url,
        databaseUrl: databaseUrl(t),
      });
      try {
        const session = randomUUID();
        await expect(
          t.client.recordArticleView({ slug: 'jak-sprawdzic-bik-za-darmo', sessionId: session }),
        ).resolves.toEqual({ views: 1, counted: true });
        // The same visit reaching another replica is still one visit.
        await expect(
          replica.client.recordArticleView({ slug: 'jak-sprawdzic-bik-za-darmo', sessionId: session }),
        ).resolves.toEqual({ views: 1, counted: false });
        await expect(
          replica.client.recordArticleView({ slug: 'jak-sprawdzic-bik-za-darmo', sessionId: randomUUID() }),
        ).resolves.toEqual({ views: 2, counted: true });

        const url = databaseUrl(t);
        expect(await storedViews(url, 'jak-sprawdzic-bik-za-darmo')).toBe(0);
        await replica.service.close();
        await t.service.close();
        expect(await storedViews(url, 'jak-sprawdzic-bik-za-darmo')).toBe(2);
      } finally {
        await replica.stop();
        await t.stop();
        restoreEnv();
      }
    });
  });
});

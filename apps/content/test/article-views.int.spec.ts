import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  CONTENT_FIXTURE_DIR,
  describeWithRedis,
  provideTestRedis,
  startTestService,
  type TestRedis,
  type TestService,
} from '@lib/testing';
import { ArticleViewsUseCases } from '../src/application/article-views.use-cases';
import { contentService } from '../src/content.service-definition';

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

/** Resolves once the service's own flushes (not the test's) have written `views` views in all. */
function flushedByTheJob(t: TestService<'content'>, views: number): Promise<void> {
  const useCases = t.service.app.get(ArticleViewsUseCases);
  const flush = useCases.flush.bind(useCases);
  let written = 0;
  return new Promise((resolve) => {
    jest.spyOn(useCases, 'flush').mockImplementation(async () => {
      const flushed = await flush();
      written += flushed;
      if (written >= views) resolve();
      return flushed;
    });
  });
}

describe('article views reach PostgreSQL (real PostgreSQL)', () => {
  it('on the periodic flush, counted in memory when REDIS_URL is unset', async () => {
    const t = await startTestService(contentService, {
      env: { CONTENT_DIR: CONTENT_FIXTURE_DIR, CONTENT_VIEWS_FLUSH_MS: '100' },
    });
    try {
      const flushed = flushedByTheJob(t, 2);
      await t.client.recordArticleView({ slug: 'placa-minimalna', sessionId: randomUUID() });
      await t.client.recordArticleView({ slug: 'placa-minimalna', sessionId: randomUUID() });
      await flushed;
      expect(await storedViews(databaseUrl(t), 'placa-minimalna')).toBe(2);
    } finally {
      await t.stop();
    }
  });
});

describeWithRedis('article views counted in Redis (real PostgreSQL and Redis)', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await provideTestRedis();
  });
  afterAll(async () => {
    await redis?.close();
  });

  it('shares the counts between replicas and flushes them when the service shuts down', async () => {
    // No periodic flush during the test: only the shutdown hook may write.
    const env = {
      CONTENT_DIR: CONTENT_FIXTURE_DIR,
      CONTENT_VIEWS_FLUSH_MS: '3600000',
      CONTENT_VIEWS_KEY_PREFIX: `${redis.namespace}:views`,
    };
    const t = await startTestService(contentService, { redisUrl: redis.url, env });
    const replica = await startTestService(contentService, {
      redisUrl: redis.url,
      databaseUrl: databaseUrl(t),
      env,
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
    }
  });
});

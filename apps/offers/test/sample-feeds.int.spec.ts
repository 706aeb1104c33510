import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { loadConfig } from '@lib/config';
import { createServiceClient, offersV1, type ServiceClient } from '@lib/contracts';
import { createLogger } from '@lib/observability';
import { type RunningService, startService } from '@lib/service-kit';
import {
  describeWithRedis,
  freePort,
  provideTestDatabase,
  provideTestRedis,
  type TestDatabase,
  type TestRedis,
} from '@lib/testing';
import { warsawDay } from '@lib/pl-calendar';
import { SAMPLE_FEEDS_REFUSED } from '../src/application/feed-ingestion.sample-readiness';
import { FeedIngestionUseCases } from '../src/application/feed-ingestion.use-cases';
import { offersService } from '../src/offers.service-definition';

/*
 * The bundled sample feeds under NODE_ENV=production: the service starts, stays up and NOT ready
 * (grpc.health.v1 NOT_SERVING, /readyz 503), answers no sample offer, and says once which stored
 * copies are sample data and where they came from. With partner feeds it is ready; a copy stored
 * from the bundled folder stays sample after a restart with another base URL, until replaced.
 * Real service in this process, real PostgreSQL and Redis, feeds over HTTP from a local server.
 */

const BUNDLED_FEEDS = path.resolve(__dirname, '../feeds');

interface Started {
  service: RunningService;
  client: ServiceClient<'offers'>;
  lines: string[];
  readyz(): Promise<number>;
  stop(): Promise<void>;
}

async function start(
  database: TestDatabase,
  redis: TestRedis,
  env: Record<string, string>,
  nodeEnv: 'production' | 'test' = 'production',
): Promise<Started> {
  const grpcPort = await freePort();
  const lines: string[] = [];
  const config = loadConfig(offersService.configSchema, {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: String(grpcPort),
    OPS_PORT: '0',
    LOG_LEVEL: 'info',
    NODE_ENV: nodeEnv,
    ...env,
  });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const service = await startService(
    offersService,
    config,
    createLogger({ name: 'offers', level: 'info', destination }),
  );
  await service.databaseReady;
  const client = createServiceClient('offers', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 5_000 });
  return {
    service,
    client,
    lines,
    readyz: async () => (await fetch(`http://127.0.0.1:${service.opsPort}/readyz`)).status,
    stop: async () => {
      client.close();
      await service.close();
    },
  };
}

const messages = (lines: string[]) => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
const refusals = (lines: string[]) => messages(lines).filter((msg) => msg.startsWith(SAMPLE_FEEDS_REFUSED));

describeWithRedis(
  'offers: bundled sample feeds under NODE_ENV=production (real PostgreSQL and Redis)',
  () => {
    let redis: TestRedis;
    let server: Server;
    let feedsUrl: string;
    /** Feed files the local server answers with 503 instead. */
    const down = new Set<string>();
    /** Feed files the local server has (404 for the others). */
    const served = new Set<string>(['pl_feed.json']);
    const databases: TestDatabase[] = [];
    const database = async () => {
      const db = await provideTestDatabase();
      databases.push(db);
      return db;
    };

    beforeAll(async () => {
      redis = await provideTestRedis();
      // A partner's CDN, at first with only the PL feed: each file the partner's own (the sample's
      // offers written out again, so not a bundled file byte for byte, which would be sample data).
      server = createServer((req, res) => {
        const name = path.basename(req.url ?? '');
        if (down.has(name)) {
          res.writeHead(503).end('down');
          return;
        }
        if (!served.has(name)) {
          res.writeHead(404).end();
          return;
        }
        readFile(path.join(BUNDLED_FEEDS, name), 'utf8').then(
          (body) =>
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify(JSON.parse(body) as unknown)),
          () => res.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      feedsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feeds/`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await redis?.close();
      for (const db of databases) await db.drop();
    });

    it('stays up but NOT ready on the bundled feeds, serves none of their offers, and names them in one log line', async () => {
      const t = await start(await database(), redis, {});
      try {
        await expect(t.client.healthCheck()).resolves.toBe('NOT_SERVING');
        // Asked again and again (kubelet, balancers): still unready, and the log line is not repeated.
        for (let i = 0; i < 3; i += 1) await expect(t.readyz()).resolves.toBe(503);
        await t.service.health.probe();

        const { feeds } = await t.client.getFeedIngestionStatus({ feedKeys: [] });
        expect(feeds).toHaveLength(10);
        for (const feed of feeds)
          expect(feed).toMatchObject({
            state: offersV1.FeedIngestionState.SUCCEEDED,
            sample: true,
            sourceUrl: `${pathToFileURL(BUNDLED_FEEDS).href}/${feed.feedKey}_feed.json`,
          });
        // Up and answering, but not with sample offers.
        await expect(
          t.client.listOffers({ country: 'PL', limit: 100, offset: 0, pagePath: '/' }),
        ).resolves.toMatchObject({ offers: [], total: 0 });

        const refused = refusals(t.lines);
        expect(refused).toHaveLength(1);
        for (const feed of feeds) expect(refused[0]).toContain(`${feed.feedKey} from ${feed.sourceUrl}`);
        const line = JSON.parse(t.lines.find((l) => l.includes(SAMPLE_FEEDS_REFUSED))!) as { level: string };
        expect(line.level).toBe('error');
      } finally {
        await t.stop();
      }
    });

    it('is ready on partner feeds from another location, with each offer dated by its fetch', async () => {
      const t = await start(await database(), redis, { OFFERS_FEED_BASE_URL: feedsUrl });
      try {
        await expect(t.client.healthCheck()).resolves.toBe('SERVING');
        await expect(t.readyz()).resolves.toBe(200);
        const { offers } = await t.client.listOffers({ country: 'PL', limit: 100, offset: 0, pagePath: '/' });
        expect(offers).toHaveLength(28);
        const today = warsawDay(new Date());
        expect(offers.every((o) => !o.sample && o.asOf === today)).toBe(true);
        const [pl] = (await t.client.getFeedIngestionStatus({ feedKeys: ['pl'] })).feeds;
        expect(pl).toMatchObject({ sample: false, sourceUrl: `${feedsUrl}pl_feed.json` });
        expect(refusals(t.lines)).toEqual([]);
      } finally {
        await t.stop();
      }
    });

    it('keeps a copy stored from the bundled folder sample after a restart elsewhere, until a partner feed replaces it', async () => {
      const db = await database();
      // A development start on the bundled feeds stores sample copies of every feed.
      const first = await start(db, redis, {}, 'test');
      try {
        const { offers } = await first.client.listOffers({
          country: 'PL',
          limit: 1,
          offset: 0,
          pagePath: '/',
        });
        expect(offers[0]).toMatchObject({ sample: true, asOf: warsawDay(new Date()) });
      } finally {
        await first.stop();
      }

      // In production against the partner's CDN, which is down: the stored PL copy is still sample data.
      down.add('pl_feed.json');
      const second = await start(db, redis, { OFFERS_FEED_BASE_URL: feedsUrl });
      try {
        await expect(second.client.healthCheck()).resolves.toBe('NOT_SERVING');
        const [pl] = (await second.client.getFeedIngestionStatus({ feedKeys: ['pl'] })).feeds;
        expect(pl).toMatchObject({ state: offersV1.FeedIngestionState.FAILED, sample: true });
        expect(refusals(second.lines)).toHaveLength(1);

        // The CDN is back and has every feed: each sample copy is replaced, and the service is ready.
        down.delete('pl_feed.json');
        for (const feed of await readdir(BUNDLED_FEEDS)) served.add(feed);
        await second.client.triggerFeedIngestion({ feedKeys: [] });
        await second.service.app.get(FeedIngestionUseCases).settle();
        const after = (await second.client.getFeedIngestionStatus({ feedKeys: [] })).feeds;
        expect(after.map((f) => [f.feedKey, f.state, f.sample])).toEqual(
          after.map((f) => [f.feedKey, offersV1.FeedIngestionState.SUCCEEDED, false]),
        );
        await expect(second.service.health.probe()).resolves.toBe('SERVING');
        await expect(second.client.healthCheck()).resolves.toBe('SERVING');
        await expect(
          second.client.listOffers({ country: 'PL', limit: 100, offset: 0, pagePath: '/' }),
        ).resolves.toMatchObject({ total: 28 });
        expect(refusals(second.lines)).toHaveLength(1);
      } finally {
        down.delete('pl_feed.json');
        served.clear();
        served.add('pl_feed.json');
        await second.stop();
      }
    });
  },
);

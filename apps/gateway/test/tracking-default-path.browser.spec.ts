import { freePort, provideTestDatabase, type TestDatabase } from '@lib/testing';
import path from 'node:path';
import { Client } from 'pg';
import { type Browser } from 'playwright-core';
import { OFFERS_HANDLERS, createFakeContent } from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { RATE_TABLE } from './support/fixtures';
import { describeWithChromium, launchChromium, openRecordingPage } from './support/browser';
import { ChildRun } from './support/stack';
import { type TestClient, buildTestClient } from './support/test-client';
import { type TestGateway, startTestGateway } from './support/test-gateway';

const workspaceRoot = path.resolve(__dirname, '../../..');

/** Resolves once `condition` holds (checked every 100 ms); fails with `what()` after boundMs. */
async function within(boundMs: number, what: () => string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs / 1000} s: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Row {
  event_id: number;
  page_path: string;
  sub4: string;
  sub5: string | null;
  consent: string;
  client_id: string | null;
}

/**
 * The tracking pipeline as it runs without Kafka (KAFKA_BROKERS unset, the default): the browser
 * tracker posts to the gateway's POST /api/event, the gateway calls IngestEvents over gRPC on the
 * events service (the real process, from its build, on a real PostgreSQL), which writes the rows of
 * events.tracking_events. Pages come from fake content, offers and rates services.
 */
describeWithChromium(
  'tracking without Kafka: browser → POST /api/event → events service → PostgreSQL',
  () => {
    let database: TestDatabase;
    let events: ChildRun;
    let services: FakeGrpcServer[];
    let client: TestClient;
    let gateway: TestGateway;
    let browser: Browser;
    let db: Client;

    beforeAll(async () => {
      client = buildTestClient();
      database = await provideTestDatabase();
      const [grpcPort, opsPort] = [await freePort(), await freePort()];
      events = new ChildRun('events', path.join(workspaceRoot, 'dist/apps/events/src/main.js'), {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(grpcPort),
        OPS_PORT: String(opsPort),
        LOG_LEVEL: 'warn',
      });
      await events.waitUntilReady(`http://127.0.0.1:${opsPort}/readyz`);
      services = await Promise.all([
        startFakeService('content', createFakeContent().handlers),
        startFakeService('offers', OFFERS_HANDLERS),
        startFakeService('rates', { GetLatestTable: () => RATE_TABLE }),
      ]);
      const [content, offers, rates] = services;
      gateway = await startTestGateway({
        targets: {
          content: content!.target,
          offers: offers!.target,
          rates: rates!.target,
          events: `127.0.0.1:${grpcPort}`,
        },
        client,
        ownOrigin: true,
      });
      browser = await launchChromium();
      db = new Client({ connectionString: database.url });
      await db.connect();
    }, 120_000);

    afterAll(async () => {
      await db?.end();
      await browser?.close();
      await gateway?.stop();
      await Promise.all((services ?? []).map((s) => s.stop()));
      await events?.stop();
      await database?.drop();
      client?.remove();
    });

    const rowsOf = async (sessionId: string): Promise<Row[]> =>
      (
        await db.query<Row>(
          `SELECT event_id, page_path, sub4, sub5, consent, client_id
           FROM events.tracking_events WHERE session_id = $1::uuid ORDER BY event_id, page_path`,
          [sessionId],
        )
      ).rows;

    it('stores the page views and the consent of a visit, exactly, in events.tracking_events', async () => {
      const { page, context, errors } = await openRecordingPage(browser);
      // A variant cookie left from an earlier consent: without an answer to the notice now it is not
      // reported (no event 60), and the first answer of POST /api/event deletes it.
      await context.addCookies([{ name: 'exp_0300.1', value: 'B', url: gateway.url }]);
      await page.goto(`${gateway.url}/`);
      await page.waitForSelector('html[data-client="ready"]');
      // The HttpOnly cookie the first answer of POST /api/event sets.
      let sessionId: string | undefined;
      await within(
        20_000,
        () => 'the session_id cookie',
        async () =>
          (sessionId = (await context.cookies()).find((c) => c.name === 'session_id')?.value) !== undefined,
      );

      const notice = page.getByRole('region', { name: 'Zgoda na pliki cookie' });
      await notice.getByRole('button', { name: 'Akceptuję' }).click();
      await page.locator('footer a[href="/o-nas/"]').click();
      await page.waitForSelector('h1:text-is("O nas")');

      let clientId: string | undefined;
      await within(
        20_000,
        () => 'the client_id cookie after consent',
        async () =>
          (clientId = (await context.cookies()).find((c) => c.name === 'client_id')?.value) !== undefined,
      );
      // Ordered by event id and page: a batch's rows share their received_at.
      const expected: Row[] = [
        { event_id: 5, page_path: '/', sub4: 'pageView', sub5: null, consent: '', client_id: null },
        {
          event_id: 5,
          page_path: '/o-nas/',
          sub4: 'pageView',
          sub5: null,
          consent: 'granted',
          client_id: clientId!,
        },
        {
          event_id: 80,
          page_path: '/',
          sub4: 'cookies',
          sub5: 'accepted',
          consent: 'granted',
          client_id: clientId!,
        },
      ];
      let rows: Row[] = [];
      await within(
        20_000,
        () => `${expected.length} rows of the session; found ${JSON.stringify(rows)}; ${events.describe()}`,
        async () => (rows = await rowsOf(sessionId!)).length >= expected.length,
      );
      // Another moment for any row that should not be there.
      await new Promise((resolve) => setTimeout(resolve, 500));
      rows = await rowsOf(sessionId!);
      expect(rows).toEqual(expected);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);

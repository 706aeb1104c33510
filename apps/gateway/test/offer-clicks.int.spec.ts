import { freePort, provideTestDatabase, type TestDatabase, until } from '@lib/testing';
import path from 'node:path';
import { Client } from 'pg';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { OFFERS } from './support/fixtures';
import { type RawResponse, rawRequest } from './support/raw-http';
import { ChildRun } from './support/stack';
import { type TestGateway, startTestGateway } from './support/test-gateway';

const workspaceRoot = path.resolve(__dirname, '../../..');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const OFFER = OFFERS[0]!;

/**
 * Offer clicks counted once, whoever clicks, and server-only events kept server-only: the gateway
 * (in process, its offers from a fake GetOffer) in front of the real events service (the process
 * from its build) on a fresh PostgreSQL database, counted in the table itself.
 */
describe('offer clicks into the real events service', () => {
  let database: TestDatabase;
  let events: ChildRun;
  let startEvents: () => Promise<ChildRun>;
  let offers: FakeGrpcServer;
  let gateway: TestGateway;
  let db: Client;
  /** Each test's requests come from an address of its own (X-Forwarded-For behind TRUST_PROXY). */
  let address = 0;

  beforeAll(async () => {
    database = await provideTestDatabase();
    const [grpcPort, opsPort] = [await freePort(), await freePort()];
    startEvents = async () => {
      const run = new ChildRun('events', path.join(workspaceRoot, 'dist/apps/events/src/main.js'), {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(grpcPort),
        OPS_PORT: String(opsPort),
        LOG_LEVEL: 'warn',
      });
      await run.waitUntilReady(`http://127.0.0.1:${opsPort}/readyz`);
      return run;
    };
    events = await startEvents();
    offers = await startFakeService('offers', {
      GetOffer: (request) => {
        const { offerId } = request as { offerId: number };
        return { ...OFFER, offerId, lenderSlug: 'vivus' };
      },
    });
    gateway = await startTestGateway({
      targets: { events: `127.0.0.1:${grpcPort}`, offers: offers.target },
      env: { TRUST_PROXY: 'loopback', TRACKING_IP_SALT: 'a-test-salt-that-is-long-enough-for-it' },
    });
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await gateway?.stop();
    await offers?.stop();
    await events?.stop();
    await database?.drop();
  });

  beforeEach(() => {
    address += 1;
  });

  const from = () => `198.51.100.${address}`;
  const click = (offerId: number, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(gateway.port, {
      method,
      path: `/przejdz/${offerId}/?z=offers&p=1`,
      headers: { 'user-agent': 'Mozilla/5.0 TestBrowser/1.0', 'x-forwarded-for': from(), ...headers },
    });
  const stored = async (offerId: number) =>
    (
      await db.query<{ session_id: string }>(
        `SELECT session_id FROM events.tracking_events WHERE event_id = 50 AND sub4 = $1`,
        [String(offerId)],
      )
    ).rows;
  const counted = async (outcome: string) => {
    const metrics = (await rawRequest(gateway.opsPort, { path: '/metrics' })).body;
    const line = new RegExp(`^gateway_offer_clicks_total\\{outcome="${outcome}"[^}]*\\} (\\d+)$`, 'm').exec(
      metrics,
    );
    return Number(line?.[1] ?? -1);
  };
  const sessionCookie = (res: RawResponse) =>
    [res.headers['set-cookie'] ?? []]
      .flat<(string | string[])[]>()
      .find((line) => line.startsWith('session_id='))
      ?.split(';')[0];

  it('stores a cookieless click once, with the session it sets on the redirect; a repeat with that cookie or from the same browser adds nothing', async () => {
    const refusedBefore = await counted('refused');
    const first = await click(201);
    expect(first.status).toBe(302);
    expect(first.headers['location']).toBe(OFFER.lenderLink);
    const cookie = sessionCookie(first);
    expect(cookie).toMatch(/^session_id=/);
    const session = cookie!.slice('session_id='.length);
    expect(session).toMatch(UUID_V4);
    // Stored before the answer: in the table as soon as the redirect arrives, with that session.
    expect(await stored(201)).toEqual([{ session_id: session }]);
    expect(await counted('refused')).toBe(refusedBefore);
    expect(gateway.logs.filter((line) => line['offerId'] === '201')).toEqual([
      expect.objectContaining({ level: 'info', msg: 'offer click', outcome: 'stored', recorded: true }),
    ]);

    const withCookie = await click(201, { cookie: cookie! });
    expect(withCookie.status).toBe(302);
    expect(withCookie.headers['location']).toBe(OFFER.lenderLink);
    const cookieless = await click(201);
    expect(cookieless.status).toBe(302);
    expect(await stored(201)).toHaveLength(1);
    expect(await counted('refused')).toBe(refusedBefore);
    expect(await counted('repeat')).toBeGreaterThanOrEqual(2);
  });

  it('answers HEAD like GET and records nothing, with or without a session', async () => {
    const head = await click(202, {}, 'HEAD');
    expect(head.status).toBe(302);
    expect(head.headers['location']).toBe(OFFER.lenderLink);
    const withSession = await click(
      202,
      { cookie: 'session_id=3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab' },
      'HEAD',
    );
    expect(withSession.status).toBe(302);
    expect(await stored(202)).toEqual([]);
    // The HEADs spent no window: the first GET of that browser is still its click.
    expect((await click(202)).status).toBe(302);
    expect(await stored(202)).toHaveLength(1);
  });

  it('refuses an offer click sent to POST /api/event with 400 naming the event, and stores nothing of that batch', async () => {
    const origin = gateway.deps.config.PUBLIC_ORIGIN;
    const post = (body: unknown) =>
      rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/event',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': from() },
        body: JSON.stringify(body),
      });
    const forged = await post([
      { event_id: 5, sub4: 'pageView', page_path: '/forged-batch/' },
      { event_id: 50, sub4: '203', sub5: 'vivus', page_path: '/offers/' },
    ]);
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({
      error: {
        status: 400,
        message:
          'events[1]: event_id 50 (offerClick) is recorded by the server only, never accepted from a browser',
        fields: {
          'events[1].event_id':
            'events[1]: event_id 50 (offerClick) is recorded by the server only, never accepted from a browser',
        },
      },
    });
    // A valid batch sent after it arrives; the refused one never does.
    expect((await post({ event_id: 5, sub4: 'pageView', page_path: '/after-forged/' })).status).toBe(202);
    const paths = async () =>
      (
        await db.query<{ page_path: string }>(
          `SELECT page_path FROM events.tracking_events WHERE page_path IN ('/forged-batch/', '/after-forged/')`,
        )
      ).rows.map((row) => row.page_path);
    await until(async () => (await paths()).includes('/after-forged/'));
    expect(await paths()).toEqual(['/after-forged/']);
    expect(await stored(203)).toEqual([]);
  });

  it('holds an address to EVENT_RATE_LIMIT requests a window: the one beyond gets 429 and is not stored', async () => {
    const limit = gateway.deps.config.EVENT_RATE_LIMIT;
    expect(limit).toBe(120);
    const origin = gateway.deps.config.PUBLIC_ORIGIN;
    const post = (n: number) =>
      rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/event',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': from() },
        body: JSON.stringify({ event_id: 5, sub4: 'pageView', page_path: `/burst/${n}/` }),
      });
    const answers: number[] = [];
    for (let n = 0; n <= limit; n += 1) answers.push((await post(n)).status);
    expect(answers.slice(0, limit).every((status) => status === 202)).toBe(true);
    expect(answers[limit]).toBe(429);
    const burst = async () =>
      (
        await db.query<{ page_path: string }>(
          `SELECT page_path FROM events.tracking_events WHERE page_path LIKE '/burst/%'`,
        )
      ).rows.map((row) => row.page_path);
    await until(async () => (await burst()).length >= limit);
    expect(await burst()).toHaveLength(limit);
    expect(await burst()).not.toContain(`/burst/${limit}/`);
  });

  it('queues a click while the events service is down and stores it once when it is back; the visitor is redirected at once', async () => {
    await events.stop();
    const queuedBefore = await counted('queued');
    const res = await click(204);
    expect(res.status).toBe(302);
    expect(res.elapsedMs).toBeLessThan(gateway.deps.config.OFFER_CLICK_DEADLINE_MS);
    expect(res.headers['location']).toBe(OFFER.lenderLink);
    expect(await counted('queued')).toBe(queuedBefore + 1);
    const logged = gateway.logs.filter((line) => line['offerId'] === '204');
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', outcome: 'queued', recorded: false })]);

    events = await startEvents();
    await until(async () => (await stored(204)).length > 0);
    expect((await stored(204))[0]!.session_id).toBe(sessionCookie(res)!.slice('session_id='.length));
    // Once, also after more retries had the chance to run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stored(204)).toHaveLength(1);
  });
});

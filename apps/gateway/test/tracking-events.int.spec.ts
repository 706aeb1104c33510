import { status as GrpcStatus } from '@grpc/grpc-js';
import { until } from '@lib/testing';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { type RawResponse, expectNoStack, rawRequest, setCookies } from './support/raw-http';
import { acceptedBatch } from './support/site-services';
import { type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';

const ORIGIN = 'http://localhost:3000';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SESSION = '3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab';

interface IngestedEvent {
  eventId: number;
  sub4: string;
  sub8: string;
  sessionId: string;
  clientId: string;
  utmSource: string;
  referer: string;
  receivedAt: string;
  userAgent: string;
  ipHash: string;
  ingestId: string;
  consent: string;
  pagePath: string;
  domain: string;
}

const cookieLine = (res: RawResponse, name: string) =>
  setCookies(res).find((line) => line.startsWith(`${name}=`));

describe('POST /api/event', () => {
  let events: FakeGrpcServer;
  let gateway: TestGateway;
  let ingested: IngestedEvent[];
  /** Answers of IngestEvents to fail before the next ones succeed (a brief outage). */
  let failNext = 0;
  let failDomain = '';
  /** The domains of each IngestEvents call's events, in call order. */
  const attempts: string[][] = [];
  let clientNo = 0;

  beforeAll(async () => {
    events = await startFakeService('events', {
      IngestEvents: (request) => {
        const batch = (request as { events: IngestedEvent[] }).events;
        attempts.push(batch.map((event) => event.domain));
        // Only this test's batches fail (an earlier test's late delivery must not take the failures).
        if (failNext > 0 && batch.some((event) => event.domain === failDomain)) {
          failNext -= 1;
          throw new FakeGrpcError(GrpcStatus.UNAVAILABLE, 'events service restarting');
        }
        ingested.push(...batch);
        return acceptedBatch(batch);
      },
    });
    gateway = await startTestGateway({
      targets: { events: events.target },
      env: {
        TRUST_PROXY: 'loopback',
        EVENT_RATE_LIMIT: '5',
        TRACKING_IP_SALT: 'a-test-salt-that-is-long-enough-for-it',
      },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await events.stop();
  });

  beforeEach(() => {
    ingested = [];
    failNext = 0;
    clientNo += 1;
  });

  /** Each test's events carry its own domain, so a late delivery of an earlier test is not counted. */
  const domain = () => `test${clientNo}.localhost`;
  const pageView = (extra: Record<string, unknown> = {}) => ({
    event_id: 5,
    sub4: 'pageView',
    page_path: '/',
    domain: domain(),
    ...extra,
  });
  const mine = () => ingested.filter((event) => event.domain === domain());

  const send = (body: unknown, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/event',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'sec-fetch-site': 'same-origin',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0',
        'x-forwarded-for': `198.51.100.${clientNo}`,
        ...headers,
      },
      body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });

  it('answers 202 and delivers the events with what the gateway adds', async () => {
    const res = await send([
      pageView({ utm_source: 'newsletter', referer: 'https://www.google.com/' }),
      { event_id: 40, sub4: 'contact', sub5: 'email', sub8: 1, page_path: '/kontakt/', domain: domain() },
    ]);
    expect(res.status).toBe(202);
    expect(JSON.parse(res.body)).toEqual({ accepted: 2 });
    expect(res.headers['cache-control']).toBe('no-store');
    await until(() => mine().length === 2);
    const [view, focus] = mine();
    const sessionId = cookieLine(res, 'session_id')!.split(';')[0]!.split('=')[1];
    // No answer to the cookie notice yet: no client id and no traffic source, whatever the browser sent.
    expect(view).toMatchObject({
      eventId: 5,
      sub4: 'pageView',
      sessionId,
      clientId: '',
      consent: '',
      utmSource: '',
      referer: '',
      pagePath: '/',
    });
    expect(view!.sessionId).toMatch(UUID_V4);
    expect(view!.userAgent).toBe('Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0');
    expect(new Date(view!.receivedAt).toISOString()).toBe(view!.receivedAt);
    expect(view!.ipHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(view!.ipHash).not.toContain('198.51.100');
    expect(view!.ingestId).toMatch(UUID_V4);
    expect(focus).toMatchObject({ eventId: 40, sub8: '1', sessionId, utmSource: '' });
    expect(focus!.ingestId).not.toBe(view!.ingestId);
    // The delivery on the ops port's /metrics.
    const metrics = async () => (await rawRequest(gateway.opsPort, { path: '/metrics' })).body;
    // Counted once the events service's answer is back (a moment after it stored them).
    await until(async () =>
      /^gateway_tracking_events_delivered\{sink="grpc",service="gateway"\} [1-9]\d*$/m.test(await metrics()),
    );
    expect(await metrics()).toMatch(
      /^gateway_tracking_events_pending\{sink="grpc",service="gateway"\} \d+$/m,
    );
  });

  it('sets the session id alone before a choice (30 min); the client id and the source only with consent', async () => {
    const first = await send(pageView({ utm_source: 'google', referer: 'https://www.google.com/' }));
    expect(setCookies(first)).toEqual([
      expect.stringMatching(/^session_id=[0-9a-f-]{36}; Max-Age=1800; Path=\/; SameSite=Lax; HttpOnly$/),
    ]);

    const session = cookieLine(first, 'session_id')!.split(';')[0]!;
    const consented = await send(pageView({ utm_source: 'google', utm_medium: 'cpc' }), {
      cookie: `${session}; cookie_consent=granted`,
    });
    expect(consented.status).toBe(202);
    expect(cookieLine(consented, 'session_id')!.split(';')[0]).toBe(session);
    expect(cookieLine(consented, 'client_id')).toMatch(
      /^client_id=[0-9a-f-]{36}; Max-Age=15552000; Path=\/; SameSite=Lax; HttpOnly$/,
    );
    expect(cookieLine(consented, 'utm_medium')).toBe(
      'utm_medium=cpc; Max-Age=15811200; Path=/; SameSite=Lax; HttpOnly',
    );
    expect(cookieLine(consented, 'utm_medium_session')).toBe(
      'utm_medium_session=cpc; Max-Age=1800; Path=/; SameSite=Lax; HttpOnly',
    );
    await until(() => mine().length === 2);
    expect(mine()[1]).toMatchObject({
      consent: 'granted',
      clientId: cookieLine(consented, 'client_id')!.split(';')[0]!.split('=')[1],
      utmSource: 'google',
    });
  });

  it('after "Tylko niezbędne": events keep no utm_* or referer, and the cookies consent allowed are deleted', async () => {
    const res = await send(
      pageView({
        utm_source: 'google',
        utm_campaign: 'lato',
        referer: 'https://www.google.com/search?q=pozyczka',
      }),
      {
        cookie: `session_id=${SESSION}; cookie_consent=denied; client_id=7d1e2f30-4a5b-4c6d-8e9f-a0b1c2d3e4f5; utm_source_session=newsletter; exp_0300.1=B`,
      },
    );
    expect(res.status).toBe(202);
    expect(setCookies(res).map((line) => line.slice(0, line.indexOf(';')))).toEqual([
      `session_id=${SESSION}`,
      'client_id=',
      'utm_source_session=',
      'exp_0300.1=',
    ]);
    await until(() => mine().length === 1);
    expect(mine()[0]).toMatchObject({ consent: 'denied', clientId: '', utmSource: '', referer: '' });
  });

  it('replaces a session id that is no UUID v4 and keeps one that is, with or without hyphens', async () => {
    const replaced = await send(pageView(), { cookie: 'session_id=3f2b8c1e-9d4a-1e7b-a5c6-0123456789ab' });
    expect(cookieLine(replaced, 'session_id')).not.toContain('3f2b8c1e-9d4a-1e7b');
    const kept = await send(pageView(), { cookie: `session_id=${SESSION.replace(/-/g, '')}` });
    expect(cookieLine(kept, 'session_id')).toContain(`session_id=${SESSION};`);
  });

  it('refuses malformed JSON and wrong types with 400 naming the field, without a stack', async () => {
    const broken = await send('{"event_id": 5,');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({
      error: { status: 400, fields: { body: expect.any(String) } },
    });
    const wrongType = await send([pageView(), pageView({ sub8: { index: 1 } })]);
    expect(wrongType.status).toBe(400);
    expect(JSON.parse(wrongType.body)).toMatchObject({
      error: { fields: { 'events[1].sub8': expect.any(String) } },
    });
    const unknown = await send({ event_id: 12345 });
    expect(JSON.parse(unknown.body)).toMatchObject({
      error: { status: 400, fields: { event_id: expect.any(String) } },
    });
    for (const res of [broken, wrongType, unknown]) expectNoStack(res.body);
    // Nothing of the refused bodies is delivered: a valid event sent after them arrives alone.
    expect((await send(pageView({ page_path: '/after/' }))).status).toBe(202);
    await until(() => mine().length > 0);
    expect(mine().map((event) => event.pagePath)).toEqual(['/after/']);
  });

  it('refuses bodies over 64 KB and batches over 100 events with 413', async () => {
    const tooMany = await send(Array.from({ length: 101 }, () => pageView()));
    expect(tooMany.status).toBe(413);
    const hundred = await send(Array.from({ length: 100 }, () => pageView()));
    expect(hundred.status).toBe(202);
    const big = await send(Buffer.alloc(64 * 1024 + 1, 0x20));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ error: { status: 413 } });
  });

  it('refuses events from another origin (403) and over the client budget (429 with Retry-After)', async () => {
    expect((await send(pageView(), { origin: 'https://evil.example' })).status).toBe(403);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await send(pageView())).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    const over = await send(pageView());
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('loses nothing while the events service is briefly down: the batch is sent again with the same ingest ids', async () => {
    failNext = 2;
    failDomain = domain();
    const res = await send([pageView(), pageView({ page_path: '/blog/' })]);
    expect(res.status).toBe(202);
    await until(() => mine().length === 2);
    // Two attempts refused (the client's own UNAVAILABLE retry, then the buffer's after its back-off), the third stored.
    expect(attempts.filter((domains) => domains.includes(domain()))).toHaveLength(3);
    expect(mine().map((e) => e.pagePath)).toEqual(['/', '/blog/']);
    expect(gateway.logs.some((line) => line.msg === 'tracking events not delivered yet; will retry')).toBe(
      true,
    );
  });
});

describe('POST /api/event while the sink stays down', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    // The events service is not there at all; the buffer holds at most 100 events.
    gateway = await startTestGateway({
      targets: { events: await deadTarget() },
      env: { EVENT_BUFFER_LIMIT: '100' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it('accepts what the buffer can keep, then answers 503 with Retry-After instead of losing events', async () => {
    const send = (count: number) =>
      rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/event',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(
          Array.from({ length: count }, () => ({ event_id: 5, sub4: 'pageView', page_path: '/' })),
        ),
      });
    expect((await send(100)).status).toBe(202);
    const full = await send(1);
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('5');
    expect(JSON.parse(full.body)).toMatchObject({ error: { status: 503 } });
    expect(cookieLine(full, 'session_id')).toBeUndefined();
  });
});

import {
  ARTICLE_SLUG,
  OFFERS_HANDLERS,
  createFakeContent,
  type FakeContent,
} from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { type RawResponse, expectNoStack, rawRequest, setCookies } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

const ORIGIN = 'http://localhost:3000';
const ARTICLE = `/${ARTICLE_SLUG}/`;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A visitor who chose 'Akceptuję': only they are given a visit cookie. */
const ACCEPTED = 'cookie_consent=granted';
/** The Cookie header of a visitor who accepted, with the cookies given. */
const withConsent = (cookie?: string) => (cookie ? `${ACCEPTED}; ${cookie}` : ACCEPTED);

/** `pp_visit=<value>` as a browser sends it back, from the answer's Set-Cookie. */
function visitCookieOf(res: RawResponse): string {
  const line = setCookies(res).find((cookie) => cookie.startsWith('pp_visit='));
  if (!line) throw new Error(`no pp_visit cookie in ${JSON.stringify(res.headers)}`);
  return line.split(';')[0]!;
}

describe('POST /api/views: own origin, one visit cookie, its own budget', () => {
  let fake: FakeContent;
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let gateway: TestGateway;
  let clientNo = 0;

  beforeAll(async () => {
    fake = createFakeContent();
    [content, offers] = await Promise.all([
      startFakeService('content', fake.handlers),
      startFakeService('offers', OFFERS_HANDLERS),
    ]);
    // Each test reports as its own client (X-Forwarded-For behind a trusted loopback proxy): budgets never cross tests.
    gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target },
      env: { PAGE_CACHE: 'false', TRUST_PROXY: 'loopback', VIEW_RATE_LIMIT: '8', VISIT_RATE_LIMIT: '3' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([content.stop(), offers.stop()]);
  });

  beforeEach(() => {
    clientNo += 1;
  });

  const clientIp = () => `198.51.100.${clientNo}`;
  /** A report from a visitor who accepted cookies; `consent: false` sends the Cookie header as given. */
  const report = (
    headers: Record<string, string> = {},
    body: unknown = { path: ARTICLE },
    { consent = true }: { consent?: boolean } = {},
  ) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/views',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: ORIGIN,
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': clientIp(),
        ...headers,
        ...(consent ? { cookie: withConsent(headers['cookie']) } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** A visit as the beacon starts it: the first report, answered with the cookie. */
  async function startVisit(): Promise<string> {
    const first = await report();
    expect(first.status).toBe(200);
    return visitCookieOf(first);
  }

  it('adds no view for 300 reports from a foreign origin, even with a valid visit cookie', async () => {
    const cookie = await startVisit();
    const before = fake.views.length;
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'null' },
      { origin: 'https://localhost:3000' },
      { origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
    ];
    const answers: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const res = await report({ ...foreign[i % foreign.length]!, cookie });
      answers.push(res.status);
      expect(setCookies(res)).toEqual([]);
    }
    expect(new Set(answers)).toEqual(new Set([403]));
    // Without Origin, Referer or Sec-Fetch-Site (curl): not ours either.
    const bare = await rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/views',
      headers: { 'content-type': 'text/plain', cookie },
      body: JSON.stringify({ path: ARTICLE }),
    });
    expect(bare.status).toBe(403);
    expect(JSON.parse(bare.body)).toEqual({ error: { status: 403, message: expect.any(String) } });
    expect(fake.views.length).toBe(before);
  });

  it('counts every report and sets no cookie for a visitor who has not accepted cookies', async () => {
    const earlierVisit = await startVisit();
    for (const cookie of [undefined, 'cookie_consent=denied']) {
      const before = fake.views.length;
      for (let i = 0; i < 2; i += 1) {
        const res = await report(cookie ? { cookie } : {}, { path: ARTICLE }, { consent: false });
        expect(res.status).toBe(204);
        expect(setCookies(res)).toEqual([]);
      }
      // A visit cookie left from before consent was withdrawn names no visit any more.
      const left = await report(
        { cookie: [cookie, earlierVisit].filter(Boolean).join('; ') },
        { path: ARTICLE },
        { consent: false },
      );
      expect(left.status).toBe(204);
      expect(setCookies(left)).toEqual(['pp_visit=; Max-Age=0; Path=/api/views; SameSite=Lax; HttpOnly']);
      expect(fake.views.slice(before)).toEqual([
        { slug: ARTICLE_SLUG, sessionId: '' },
        { slug: ARTICLE_SLUG, sessionId: '' },
        { slug: ARTICLE_SLUG, sessionId: '' },
      ]);
    }
  });

  it('counts nothing without a visit: the first report sets the cookie and asks to be sent again', async () => {
    const before = fake.views.length;
    const first = await report();
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ counted: false, resend: true });
    expect(first.headers['cache-control']).toBe('no-store');
    const line = setCookies(first).find((cookie) => cookie.startsWith('pp_visit='))!;
    expect(line).toMatch(/; Max-Age=1800;/);
    expect(line).toMatch(/; Path=\/api\/views;/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/Secure/); // plain http here; see the https gateway below
    expect(fake.views.length).toBe(before);
  });

  it('reports repeated within one visit all carry the one visit id (the service counts it once)', async () => {
    const cookie = await startVisit();
    const before = fake.views.length;
    for (let i = 0; i < 5; i += 1) {
      // A page of an older build may still send a sessionId of its own: the cookie's visit wins.
      const res = await report(
        { cookie },
        { path: ARTICLE, sessionId: `3f2504e0-4f89-41d3-9a0c-0305e82c330${i}` },
      );
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
      // Each counted report renews the cookie (rolling 30 minutes).
      expect(
        setCookies(res).some((line) => line.startsWith('pp_visit=') && line.includes('Max-Age=1800')),
      ).toBe(true);
    }
    const sent = fake.views.slice(before);
    expect(sent).toHaveLength(5);
    expect(sent.every((view) => view.slug === ARTICLE_SLUG)).toBe(true);
    const ids = new Set(sent.map((view) => view.sessionId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(UUID_V4);
  });

  it('takes a cookie it did not sign for no visit', async () => {
    const before = fake.views.length;
    for (const cookie of [
      'pp_visit=3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      'pp_visit=3f2504e0-4f89-41d3-9a0c-0305e82c3301.abc.abc.AAAAAAAAAAAAAAAAAAAAAA',
      'pp_visit=',
    ]) {
      const res = await report({ cookie });
      expect(res.status).toBe(200);
      expect(visitCookieOf(res)).not.toBe(cookie);
    }
    expect(fake.views.length).toBe(before);
  });

  it('keeps the views budget per client address, apart from the visits budget; refused reports are not counted', async () => {
    const cookie = await startVisit(); // 1 of 8
    const before = fake.views.length;
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) statuses.push((await report({ cookie })).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 204, 204, 429, 429]);
    expect(fake.views.length).toBe(before + 7);
    const refused = await report({ cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectNoStack(refused.body);
    // Another address has its own budget.
    expect((await report({ cookie, 'x-forwarded-for': '198.51.100.250' })).status).toBe(204);
  });

  it('starts at most VISIT_RATE_LIMIT visits per client address and window', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await report()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses a bad body with 400 and a JSON reason, before spending a budget or calling the service', async () => {
    const before = content.calls.get('RecordArticleView') ?? 0;
    const bodies = [
      '',
      'nie json',
      '[]',
      '{"path":"placa-minimalna"}',
      '{"path":"/a/b/"}',
      '{"path":"/<script>/"}',
      JSON.stringify({ path: `/${'a'.repeat(1100)}/` }),
    ];
    for (const body of bodies) {
      const res = await report({}, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(JSON.parse(res.body).error.status).toBe(400);
      expectNoStack(res.body);
    }
    expect(content.calls.get('RecordArticleView') ?? 0).toBe(before);
    // Nothing of the 7 bad bodies was spent: a visit still starts and counts.
    const cookie = await startVisit();
    expect((await report({ cookie })).status).toBe(204);
  });

  it('answers 204 and logs one line when the service cannot record the view', async () => {
    const cookie = await startVisit();
    const res = await report({ cookie }, { path: '/nie-ma-takiego-artykulu/' });
    expect(res.status).toBe(204);
    const line = gateway.logs.find(
      (entry) => entry.msg === 'article view not recorded' && entry['grpcCode'] === 'NOT_FOUND',
    );
    expect(line).toMatchObject({
      level: 'warn',
      path: '/nie-ma-takiego-artykulu/',
      err: { method: 'content.v1.ContentService/RecordArticleView', code: 'NOT_FOUND' },
    });
    expect(line?.['err']).not.toHaveProperty('stack');
  });

  it('sets no cookie on pages: their HTML stays the same for every visitor and cacheable', async () => {
    const page = await rawRequest(gateway.port, { path: ARTICLE });
    expect(page.status).toBe(200);
    expect(setCookies(page)).toEqual([]);
    expect(page.body).toContain(`data-article-path="${ARTICLE}"`);
  });
});

describe('POST /api/views behind https', () => {
  let fake: FakeContent;
  let content: FakeGrpcServer;
  let gateway: TestGateway;
  const PUBLIC = 'https://www.porownywarka-pozyczek.pl';

  beforeAll(async () => {
    fake = createFakeContent();
    content = await startFakeService('content', fake.handlers);
    gateway = await startTestGateway({
      targets: { content: content.target },
      env: { PAGE_CACHE: 'false', PUBLIC_ORIGIN: PUBLIC },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await content.stop();
  });

  const report = (headers: Record<string, string>) =>
    rawRequest(gateway.port, {
      method: 'POST',
      path: '/api/views',
      headers: { 'content-type': 'text/plain', ...headers, cookie: withConsent(headers['cookie']) },
      body: JSON.stringify({ path: ARTICLE }),
    });

  it('marks the cookie Secure, and accepts the configured origin only, never the forged Host', async () => {
    const first = await report({ origin: PUBLIC });
    expect(first.status).toBe(200);
    expect(setCookies(first).find((line) => line.startsWith('pp_visit='))).toMatch(/; Secure/);
    const before = fake.views.length;
    expect((await report({ origin: PUBLIC, cookie: visitCookieOf(first) })).status).toBe(204);
    expect(fake.views.length).toBe(before + 1);

    // The address the request was sent to, or a Host it names, never counts.
    expect((await report({ origin: `http://127.0.0.1:${gateway.port}` })).status).toBe(403);
    expect((await report({ host: 'evil.example', origin: 'http://evil.example' })).status).toBe(403);
    expect((await report({ origin: 'http://www.porownywarka-pozyczek.pl' })).status).toBe(403);
  });
});

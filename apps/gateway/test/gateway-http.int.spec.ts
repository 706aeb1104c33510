import { status } from '@grpc/grpc-js';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { ABOUT_PAGE, HOME_PAGE, OFFERS_HANDLERS } from './support/content-fixtures';
import { RATE_TABLE } from './support/fixtures';
import { expectNoStack, rawRequest } from './support/raw-http';
import { REAL_TIMERS, until } from './support/clock';
import { TEST_BUILD_ID, type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';

const NOT_FOUND_TEXT = 'Nie mogliśmy znaleźć żądanej strony';

async function startContent(): Promise<FakeGrpcServer> {
  return startFakeService('content', {
    GetPage: (request) => {
      const { path } = request as { path: string };
      if (path === '/') return HOME_PAGE;
      if (path === '/o-nas/') return ABOUT_PAGE;
      throw new FakeGrpcError(status.NOT_FOUND, `no page at ${path}`);
    },
  });
}

/** An amount the fake offers service fails to match (UNAVAILABLE), for the example's outage. */
const FAILING_AMOUNT_ZL = 4_242;

const startOffers = () =>
  startFakeService('offers', {
    ...OFFERS_HANDLERS,
    MatchOffers: (request, ...rest) => {
      if ((request as { amountGrosze: number }).amountGrosze === FAILING_AMOUNT_ZL * 100)
        throw new FakeGrpcError(status.UNAVAILABLE, 'offers are restarting');
      return OFFERS_HANDLERS['MatchOffers']!(request, ...rest);
    },
  });

const startRates = () =>
  startFakeService('rates', {
    GetLatestTable: (request) => {
      if ((request as { table: number }).table !== 1)
        throw new FakeGrpcError(status.INVALID_ARGUMENT, 'table A expected');
      return RATE_TABLE;
    },
  });

describe('gateway over HTTP with real gRPC services', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let rates: FakeGrpcServer;
  let gateway: TestGateway;

  beforeAll(async () => {
    [content, offers, rates] = await Promise.all([startContent(), startOffers(), startRates()]);
    gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target, rates: rates.target },
      env: { PAGE_CACHE: 'false' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([content.stop(), offers.stop(), rates.stop()]);
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, { path, headers });
  const logMessages = () => gateway.logs.map((line) => line.msg);

  describe('trailing-slash rule', () => {
    it('redirects a path without the slash with 301, keeping the query string', async () => {
      const plain = await get('/o-nas');
      expect(plain.status).toBe(301);
      expect(plain.headers.location).toBe('/o-nas/');

      const withQuery = await get('/kursy-walut-w-bankach/pko?waluta=eur&zakres=1m');
      expect(withQuery.status).toBe(301);
      expect(withQuery.headers.location).toBe('/kursy-walut-w-bankach/pko/?waluta=eur&zakres=1m');

      const head = await rawRequest(gateway.port, { method: 'HEAD', path: '/o-nas' });
      expect(head.status).toBe(301);
    });

    it('leaves paths with a dot or a client-api segment alone', async () => {
      for (const path of ['/mapa.xml', '/plik.php', '/client-api/leads', '/v1/client-api/feed']) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(res.headers.location).toBeUndefined();
      }
    });

    it('never redirects to another host', async () => {
      const res = await get('//evil-host');
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe('/evil-host/');
      const backslash = await get('/\\evil-host');
      expect(backslash.headers.location).toBe('/evil-host/');
    });
  });

  describe('404 page', () => {
    it('answers 404 with the text, the application button and the five links', async () => {
      const res = await get('/nie-ma-takiej-strony/');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(NOT_FOUND_TEXT);
      expect(res.body).toMatch(/<a class="button button--large" href="\/application\/">Złóż wniosek<\/a>/);
      for (const href of [
        '/',
        '/kredyt-gotowkowy/',
        '/darmowe-pozyczki/',
        '/pozyczki-bez-bik-baz-krd-erif-big/',
        '/kalkulator-walutowy/',
      ]) {
        expect(res.body).toContain(`href="${href}"`);
      }
      expect(res.body).toContain('<meta name="robots" content="noindex, follow">');
      expect(logMessages()).toContain('Page not found: /nie-ma-takiej-strony/');
    });

    it("logs unmatched routes as 'Page not found' and rejected parameters as 'Page Not Found'", async () => {
      const unmatched = await get('/stary-plik.html');
      expect(unmatched.status).toBe(404);
      expect(unmatched.body).toContain(NOT_FOUND_TEXT);
      expect(logMessages()).toContain('Page not found: /stary-plik.html');

      const calls = content.calls.get('GetPage') ?? 0;
      const rejected = await get('/Wielkie_Litery/');
      expect(rejected.status).toBe(404);
      expect(rejected.body).toContain(NOT_FOUND_TEXT);
      expect(logMessages()).toContain('Page Not Found: /Wielkie_Litery/');
      expect(content.calls.get('GetPage')).toBe(calls); // rejected before any gRPC call
    });
  });

  describe('GET /api/loan-example: the example the home sliders ask for', () => {
    const example = (search: string, headers: Record<string, string> = {}) =>
      rawRequest(gateway.port, { path: `/api/loan-example${search}`, headers });

    it('answers the top-ranked offer’s representative example for the amount and period, shareable for a minute', async () => {
      const res = await example('?amount=5000&period=120');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      const answer = JSON.parse(res.body) as {
        example: { lender: string; rows: { key: string; value: string }[] };
      };
      // 5 000 zł is Szybka Gotówka's largest amount: still its offer, first in the fake ranking.
      expect(answer.example.lender).toBe('Szybka Gotówka');
      expect(
        Object.fromEntries(answer.example.rows.map((r) => [r.key, r.value.replace(/\u00a0/g, ' ')])),
      ).toMatchObject({
        amount: '5 000,00 zł',
        period: '120 dni',
        total: '5 500,00 zł',
      });
      // An amount no offer lends: no example, never one from another amount.
      expect(JSON.parse((await example('?amount=200000&period=90')).body)).toEqual({ example: null });
    });

    it('refuses bad parameters with 400 naming them, and answers an outage with 503, never a made-up example', async () => {
      const bad = await example('?amount=2000.5&period=99999');
      expect(bad.status).toBe(400);
      expect(bad.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(bad.body)).toEqual({
        error: {
          status: 400,
          message: 'amount and period must be whole numbers within the limits',
          fields: { amount: 'must be whole złoty', period: 'must be whole days' },
        },
      });
      expect((await example('')).status).toBe(400);
      const down = await example(`?amount=${FAILING_AMOUNT_ZL}&period=90`);
      expect(down.status).toBe(503);
      expect(JSON.parse(down.body)).toMatchObject({
        error: { status: 503, message: 'loan example unavailable' },
      });
    });

    // Last in this block: it spends the loopback address's budget.
    it('spends a per-address budget: past it, 429 with Retry-After', async () => {
      let last = await example('?amount=1000&period=90');
      for (let i = 0; i < 130 && last.status === 200; i += 1) last = await example('?amount=1000&period=90');
      expect(last.status).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('home page', () => {
    it('renders data from the content, offers and rates services', async () => {
      const res = await get('/');
      expect(res.status).toBe(200);
      expect(res.body.startsWith('<!DOCTYPE html><html lang="pl">')).toBe(true);
      expect(res.body).toContain(`<title>${HOME_PAGE.title}</title>`);
      expect(res.body).toContain(`<h1>${HOME_PAGE.h1}</h1>`);
      expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/">');
      // offers service
      expect(res.body).toContain('Szybka Gotówka');
      expect(res.body).toContain('Kredyt Plus');
      // 'Przejdź do oferty' goes through the gateway's click-recording redirect, never straight to the lender
      expect(res.body).toContain('href="/przejdz/101/?z=home&amp;p=1"');
      expect(res.body).not.toContain('href="https://lender.example/szybka?utm=porownywarka"');
      expect(res.body).toContain('Porównujemy 27 ofert. ');
      // rates service: EUR, USD, CHF, GBP in that order, Polish decimals, no JPY
      const codes = [...res.body.matchAll(/<abbr title="[^"]+">([A-Z]{3})<\/abbr>/g)].map((m) => m[1]);
      expect(codes).toEqual(['EUR', 'USD', 'CHF', 'GBP']);
      expect(res.body).toContain('4,2813');
      expect(res.body).toContain('012/A/NBP/2025');
      // the sliders span the catalogue's range (ListLenderFacts): 100–15 000 zł, 61–730 days
      expect(res.body).toMatch(/<input [^>]*type="range" min="100" max="15000" step="100"[^>]*name="amount"/);
      expect(res.body).toContain('data-stops="61,90,120,150,180,270,360,540,730"');
      // the example is the top-ranked offer's for the sliders' start (2 000 zł, 90 days), named
      expect(res.body).toContain('<strong data-example="lender">Szybka Gotówka</strong>');
      expect(res.body).toContain('<dd data-example-row="amount">2\u00a0000,00\u00a0zł</dd>');
      expect(res.body).toContain('<dd data-example-row="total">2\u00a0200,00\u00a0zł</dd>');
      expect(res.body).toContain('<dd data-example-row="rrso">12,34\u00a0%</dd>');
      expect(res.body).toContain('href="/application/?amount=2000&amp;period=90"');
      expect(res.body).not.toContain('data-indicator=');
      // the bundle: entry module and its import, stylesheet; the calculator is an island marked
      // in the HTML, so neither React nor the home chunk is preloaded (they load only for navigation)
      expect(res.body).toContain('<script type="module" src="/assets/entry-TEST.js"></script>');
      expect(res.body).toContain('<link rel="modulepreload" href="/assets/chunks/shared-TEST.js">');
      expect(res.body).not.toContain('renderer-TEST.js');
      expect(res.body).not.toContain('home-page-TEST.js');
      expect(res.body).toMatch(/<form class="calculator"[^>]* data-island="loan-sliders"[^>]*>/);
      expect(res.body).toContain('<link rel="stylesheet" href="/assets/styles-TEST.css">');
    });

    it('inlines the page state once, as JSON that cannot break out of its script element', async () => {
      const res = await get('/o-nas/');
      expect(res.status).toBe(200);
      const scripts = [
        ...res.body.matchAll(/<script id="__STATE__" type="application\/json">([\s\S]*?)<\/script>/g),
      ];
      expect(scripts).toHaveLength(1);
      const json = scripts[0]![1]!;
      expect(json).not.toContain('</script');
      expect(json).not.toContain('<');
      const state = JSON.parse(json);
      expect(state).toMatchObject({
        buildId: TEST_BUILD_ID,
        route: 'content',
        page: 'content',
        layout: 'default',
        status: 200,
      });
      expect(state.locale).toEqual({
        country: 'PL',
        code: 'pl-PL',
        language: 'pl',
        host: 'localhost:3000',
        countryCode: 'PL',
        timezone: 'Europe/Warsaw',
        currency: 'PLN',
        currencySign: 'zł',
      });
      // no page hydrates, so no state carries a copy of the data or the navigation; the body is printed once
      expect(state).not.toHaveProperty('data');
      expect(state).not.toHaveProperty('navigation');
      expect(res.body.split('Jesteśmy serwisem porównawczym').length).toBe(2);
      // the home page too (its calculator is an island): the state is the runtime's, not the page's
      const home = (await get('/')).body;
      const homeState = JSON.parse(
        /<script id="__STATE__" type="application\/json">([\s\S]*?)<\/script>/.exec(home)![1]!,
      );
      expect(homeState).toMatchObject({
        page: 'home',
        route: 'home',
        today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(homeState).not.toHaveProperty('data');
      expect(home.split('<h2 id="sekcja-numer-1">Sekcja numer 1</h2>').length).toBe(2);
      // a page without interactive parts does not preload React
      expect(res.body).not.toContain('renderer-TEST.js');
      expect(res.body).toContain('<nav class="breadcrumbs" aria-label="Okruszki">');
      expect(res.body).toContain('<h2 id="nasze-zasady-redakcyjne">Nasze zasady redakcyjne</h2>');
    });

    it('sends security and caching headers, compresses, and revalidates with the ETag', async () => {
      // '/' runs an A/B experiment: a visitor in it (consent given) who has their variant cookie (every
      // visit after the first, whose answer sets it and is private) shares the page with everyone in
      // that variant.
      const variant = { Cookie: 'cookie_consent=granted; exp_0300.1=A' };
      const res = await get('/', variant);
      // The same page for everyone: a CDN may keep it as long as the page data counts as fresh.
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=600');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
      // Every inline script the page executes is allowed by its hash, and nothing else inline.
      const inline = [...res.body.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      const scriptSources = /script-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)![1]!;
      expect(scriptSources.split(' ').sort()).toEqual(
        [
          "'self'",
          ...inline.map(([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`),
        ].sort(),
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);

      const again = await get('/', { ...variant, 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');

      const br = await get('/', { ...variant, 'Accept-Encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.raw).toString()).toContain(HOME_PAGE.h1);
      const gzip = await get('/o-nas/', { 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.raw).toString()).toContain('Jesteśmy serwisem porównawczym');
    });

    it('gives crawlers the same complete document', async () => {
      const res = await get('/', {
        'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      });
      expect(res.status).toBe(200);
      expect(res.body).toContain('Kredyt Plus');
      expect(res.body.endsWith('</body></html>')).toBe(true);
    });
  });

  describe('page payloads', () => {
    it('answers <path>_payload.json with the same data as the page, as JSON', async () => {
      const res = await get(`/o-nas/_payload.json?v=${TEST_BUILD_ID}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const payload = JSON.parse(res.body);
      expect(payload).toMatchObject({
        buildId: TEST_BUILD_ID,
        route: 'content',
        page: 'content',
        layout: 'default',
        status: 200,
        params: { path: '/o-nas/' },
        head: { title: ABOUT_PAGE.title, canonical: 'http://localhost:3000/o-nas/' },
      });
      expect(payload.data.page.bodyHtml).toBe(ABOUT_PAGE.bodyHtml);

      const home = JSON.parse((await get(`/_payload.json?v=${TEST_BUILD_ID}`)).body);
      expect(home.route).toBe('home');
      expect(home.data.offers.status).toBe('ok');
      expect(home.data.rates.value.rates).toHaveLength(4);
    });

    it('answers unknown pages with a 404 payload', async () => {
      const res = await get('/nie-ma/_payload.json?v=x');
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ page: 'not-found', status: 404 });
    });
  });

  describe('bad input', () => {
    it('answers malformed query strings and paths with a Polish 400 page', async () => {
      for (const path of ['/?q=%E0%A4%A', '/o-nas/?a=%zz', '/%E0%A4%A/', '/o%00nas/']) {
        const res = await get(path);
        expect(res.status).toBe(400);
        expect(res.body).toContain('Nieprawidłowy adres strony');
        expectNoStack(res.body);
      }
      const json = await get('/o-nas/_payload.json?v=%zz');
      expect(json.status).toBe(400);
      expect(JSON.parse(json.body)).toEqual({
        error: { status: 400, message: 'Nieprawidłowy adres strony' },
      });
    });

    it('refuses bodies over 100 kB with 413, declared or chunked', async () => {
      const big = 'x'.repeat(150 * 1024);
      // A form page: the address takes posts, read by the shared parsers.
      const declared = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/kontakt/',
        headers: { 'Content-Type': 'text/plain', 'Content-Length': String(big.length) },
        body: big,
      });
      expect(declared.status).toBe(413);
      expect(declared.body).toContain('Przesłane dane są zbyt duże');
      expectNoStack(declared.body);

      const chunked = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/kontakt/',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        body: JSON.stringify({ text: big }),
      });
      expect(chunked.status).toBe(413);
      expectNoStack(chunked.body);
    });

    it('allows only GET and HEAD on pages; a post to the address without the slash is sent on to it', async () => {
      const res = await rawRequest(gateway.port, { method: 'DELETE', path: '/o-nas/' });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      const form = { body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
      const post = await rawRequest(gateway.port, { method: 'POST', path: '/o-nas/', ...form });
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe('GET, HEAD');
      const slashless = await rawRequest(gateway.port, { method: 'POST', path: '/o-nas', ...form });
      expect(slashless.status).toBe(308);
      expect(slashless.headers.location).toBe('/o-nas/');
    });

    it('answers oversized headers with 431 and nothing else', async () => {
      const res = await rawRequest(gateway.port, { path: '/', headers: { 'X-Big': 'a'.repeat(20_000) } });
      expect(res.status).toBe(431);
      expect(res.body).toBe('');
    });

    it('answers malformed JSON bodies with 400 and no parser message', async () => {
      const res = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/kontakt/',
        headers: { 'Content-Type': 'application/json' },
        body: '{"broken": ',
      });
      expect(res.status).toBe(400);
      expectNoStack(res.body);
      expect(res.body).not.toContain('Unexpected end of JSON');
    });
  });

  describe('build files, assets and probes', () => {
    it('serves the build id and the build meta', async () => {
      const latest = await get('/builds/latest.json?t=123');
      expect(JSON.parse(latest.body)).toEqual({ buildId: TEST_BUILD_ID, time: '2025-01-20T08:00:00.000Z' });
      expect(latest.headers['cache-control']).toBe('no-cache');
      const meta = await get(`/builds/meta/${TEST_BUILD_ID}.json`);
      expect(meta.status).toBe(200);
      expect(meta.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(JSON.parse(meta.body).buildId).toBe(TEST_BUILD_ID);
      expect((await get('/builds/meta/other.json')).status).toBe(404);
    });

    it('serves hashed assets as immutable and answers missing ones with a short 404', async () => {
      const asset = await get('/assets/entry-TEST.js');
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-type']).toMatch(/javascript/);
      const gz = await rawRequest(gateway.port, {
        path: '/assets/entry-TEST.js',
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const missing = await get('/assets/entry-OLD.js');
      expect(missing.status).toBe(404);
      expect(missing.body).toBe('Nie znaleziono pliku');
      const favicon = await get('/favicon.svg');
      expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('answers /healthz and /readyz on the public port with a bare status: no summary, no error text, no metrics', async () => {
      expect(JSON.parse((await get('/healthz')).body)).toEqual({ status: 'ok' });
      const ready = await get('/readyz');
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
      expect(ready.body).not.toMatch(/UNAVAILABLE|127\.0\.0\.1|No connection/);

      const metrics = await get('/metrics');
      expect(metrics.status).not.toBe(200);
      expect(metrics.body).not.toMatch(/http_server_request_duration_seconds|nodejs_version_info|process_/);
    });

    it('answers /readyz with a service summary and /metrics by route pattern on the ops port', async () => {
      const ops = (path: string) => rawRequest(gateway.opsPort, { path });
      expect(JSON.parse((await ops('/healthz')).body)).toEqual({ status: 'ok' });
      const ready = await ops('/readyz');
      expect(ready.status).toBe(200);
      const body = JSON.parse(ready.body);
      expect(body.status).toBe('ready');
      expect(body.dependencies).toMatchObject({ content: 'ok', offers: 'ok', rates: 'ok', cache: 'ok' });
      expect(body.dependencies.leads).toMatch(/UNAVAILABLE|No connection/i);

      await get('/o-nas/');
      const metrics = (await ops('/metrics')).body;
      expect(metrics).toMatch(
        /http_server_request_duration_seconds_count\{[^}]*route="\/"[^}]*status_code="200"[^}]*\} \d+/,
      );
      expect(metrics).toMatch(/route="\/:path\+\/"/);
      expect(metrics).toMatch(/route="trailing-slash-redirect"/);
      expect(metrics).not.toMatch(/route="\/o-nas\/"/);
    });
  });
});

describe('gateway when services fail', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let rates: FakeGrpcServer;

  beforeAll(async () => {
    [content, offers, rates] = await Promise.all([startContent(), startOffers(), startRates()]);
  });

  afterAll(async () => {
    await Promise.all([content.stop(), offers.stop(), rates.stop()]);
  });

  it('answers 503 with a clear Polish message, without waiting for the deadline, when the content service is down', async () => {
    const gateway = await startTestGateway({
      targets: { content: await deadTarget(), offers: offers.target, rates: rates.target },
      env: { PAGE_CACHE: 'false' },
    });
    try {
      const res = await rawRequest(gateway.port, { path: '/' });
      expect(res.status).toBe(503);
      expect(res.body).toContain('Usługa chwilowo niedostępna');
      expectNoStack(res.body);
      const payload = await rawRequest(gateway.port, { path: '/o-nas/_payload.json?v=x' });
      expect(payload.status).toBe(503);
      // The refused connection ended each call (UNAVAILABLE); a call left to wait for a channel
      // would have ended at its deadline instead (DEADLINE_EXCEEDED).
      const codes = gateway.logs
        .filter((l) => l.level === 'error' && l['grpcCode'] !== undefined)
        .map((l) => l['grpcCode']);
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes)).toEqual(new Set(['UNAVAILABLE']));
    } finally {
      await gateway.stop();
    }
  });

  it('never hangs past the deadline when a service accepts the call but does not answer', async () => {
    const received: { at: number; deadline: number; cancelled: Promise<void> }[] = [];
    const stuck = await startFakeService('content', {
      GetPage: (_request, call) => {
        if (!call) throw new Error('the fake server passes the call');
        received.push({
          at: Date.now(),
          deadline: new Date(call.getDeadline()).getTime(),
          cancelled: new Promise((resolve) => call.once('cancelled', () => resolve())),
        });
        return new Promise(() => undefined);
      },
    });
    const gateway = await startTestGateway({
      targets: { content: stuck.target, offers: offers.target, rates: rates.target },
      env: { PAGE_CACHE: 'false', GRPC_DEADLINE_MS: '300' },
    });
    try {
      const res = await rawRequest(gateway.port, { path: '/o-nas/' });
      expect(res.status).toBe(503);
      // The call carried GRPC_DEADLINE_MS (set when it was sent, so at most 300 ms after it arrived),
      // the gateway gave it up at that deadline (the service saw it cancelled), and answered then.
      expect(received).toHaveLength(1);
      expect(received[0]!.deadline).toBeLessThanOrEqual(received[0]!.at + 300);
      await received[0]!.cancelled;
      expect(gateway.logs.some((l) => l.level === 'error' && l['grpcCode'] === 'DEADLINE_EXCEEDED')).toBe(
        true,
      );
    } finally {
      await gateway.stop();
      await stuck.stop();
    }
  });

  it('still shows the page when only an optional section fails, without caching that page', async () => {
    const gateway = await startTestGateway({
      targets: { content: content.target, offers: await deadTarget(), rates: rates.target },
    });
    try {
      const res = await rawRequest(gateway.port, { path: '/' });
      expect(res.status).toBe(200);
      expect(res.body).toContain(HOME_PAGE.h1);
      expect(res.body).toContain('Oferty pożyczkodawców są chwilowo niedostępne');
      expect(res.body).toContain('4,2813');
      expect(await gateway.deps.cache.get('page:v1:home:{}')).toBeUndefined();
    } finally {
      await gateway.stop();
    }
  });

  it('with PAGE_CACHE, answers a repeat request with the same bytes and ETag, and 304 on revalidation', async () => {
    const gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target, rates: rates.target },
      env: { PAGE_CACHE: 'true' },
    });
    try {
      // a visitor in the A/B experiment with their variant cookie ('/' runs one; without the cookie a
      // consenting visitor's answer draws)
      const variant = { Cookie: 'cookie_consent=granted; exp_0300.1=B' };
      const first = await rawRequest(gateway.port, { path: '/', headers: variant });
      const second = await rawRequest(gateway.port, { path: '/', headers: variant });
      expect(first.status).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['etag']).toBe(first.headers['etag']);
      expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
      const revalidated = await rawRequest(gateway.port, {
        path: '/',
        headers: { ...variant, 'If-None-Match': String(first.headers['etag']) },
      });
      expect(revalidated.status).toBe(304);
    } finally {
      await gateway.stop();
    }
  });

  it('serves cached data while the service is down, fresh and then stale', async () => {
    const ownContent = await startContent();
    const gateway = await startTestGateway({
      targets: { content: ownContent.target, offers: offers.target, rates: rates.target },
      env: { PAGE_CACHE: 'true', PAGE_CACHE_TTL_MS: '300', PAGE_CACHE_STALE_MS: '60000' },
    });
    try {
      const warm = await rawRequest(gateway.port, { path: '/o-nas/' });
      expect(warm.status).toBe(200);
      const callsAfterWarm = ownContent.calls.get('GetPage');
      await ownContent.stop();

      const fresh = await rawRequest(gateway.port, { path: '/o-nas/' });
      expect(fresh.status).toBe(200);
      expect(fresh.body).toContain('Jesteśmy serwisem porównawczym');

      // Past the TTL without waiting for it: only the clock moves (Date, which the cache's
      // freshness reads); timers and sockets stay real.
      jest.useFakeTimers({ doNotFake: REAL_TIMERS, now: Date.now() + 400 });
      try {
        const stale = await rawRequest(gateway.port, { path: '/o-nas/' });
        expect(stale.status).toBe(200);
        expect(stale.body).toContain('Jesteśmy serwisem porównawczym');
        // Served stale, so one refresh ran behind the answer (and failed: the service is down).
        await until(() =>
          gateway.logs.some((line) => line.msg === 'background refresh failed; stale value kept'),
        );
      } finally {
        jest.useRealTimers();
      }
      const payload = await rawRequest(gateway.port, { path: '/o-nas/_payload.json?v=x' });
      expect(JSON.parse(payload.body).data.page.h1).toBe('O nas');
      expect(ownContent.calls.get('GetPage')).toBe(callsAfterWarm);

      const uncached = await rawRequest(gateway.port, { path: '/kredyt-gotowkowy/' });
      expect(uncached.status).toBe(503);
    } finally {
      await gateway.stop();
    }
  });
});

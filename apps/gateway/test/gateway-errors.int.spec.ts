import { status } from '@grpc/grpc-js';
import { defineRoute } from '../src/app/route-types';
import { contentRoute, homeRoute } from '../src/app/routes';
import { renderRouteToString } from '../src/server/app';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { ABOUT_PAGE, HOME_PAGE } from './support/content-fixtures';
import { OFFERS, RATE_TABLE } from './support/fixtures';
import { expectNoStack, rawRequest } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

const SECRET = 'db password is hunter2';

/** Routes that fail on purpose, in front of the real table. */
const brokenRoutes = [
  defineRoute({
    name: 'broken-render',
    page: 'content',
    pattern: '/test/zepsuty-widok/',
    layout: 'default',
    params: () => ({}),
    // Data that does not fit the page: the component throws while rendering the shell.
    load: () => Promise.resolve({ page: null } as never),
    head: () => ({ title: 'x', description: 'x', canonical: 'http://localhost:3000/test/zepsuty-widok/' }),
  }),
  defineRoute({
    name: 'broken-loader',
    page: 'content',
    pattern: '/test/zepsute-dane/',
    layout: 'default',
    params: () => ({}),
    load: () => Promise.reject<never>(new Error(SECRET)),
    head: (data) => ({ title: data.page.title, description: '', canonical: '' }),
  }),
  defineRoute({
    name: 'rate-limited',
    page: 'content',
    pattern: '/test/limit/',
    layout: 'default',
    params: () => ({}),
    load: (ctx) =>
      ctx.services.content
        .getPage({ path: '/test/limit/' })
        .then(() => ({ kind: 'page' as const, page: null as never })),
    head: () => ({ title: '', description: '', canonical: '' }),
  }),
  homeRoute,
  contentRoute,
];

describe('gateway error pages', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let rates: FakeGrpcServer;
  let gateway: TestGateway;

  beforeAll(async () => {
    [content, offers, rates] = await Promise.all([
      startFakeService('content', {
        GetPage: (request) => {
          const { path } = request as { path: string };
          if (path === '/') return HOME_PAGE;
          if (path === '/o-nas/') return ABOUT_PAGE;
          if (path === '/test/limit/') throw new FakeGrpcError(status.RESOURCE_EXHAUSTED, 'slow down');
          if (path === '/zly-argument/')
            throw new FakeGrpcError(status.INVALID_ARGUMENT, `bad path ${SECRET}`);
          if (path === '/awaria/') throw new FakeGrpcError(status.INTERNAL, `stack of ${SECRET}`);
          throw new FakeGrpcError(status.NOT_FOUND, 'none');
        },
      }),
      startFakeService('offers', { ListOffers: () => ({ offers: OFFERS, total: 2 }) }),
      startFakeService('rates', { GetLatestTable: () => RATE_TABLE }),
    ]);
    gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target, rates: rates.target },
      routes: brokenRoutes,
      env: { PAGE_CACHE: 'false', BENCH_STATIC: 'true' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([content.stop(), offers.stop(), rates.stop()]);
  });

  it('sends the static 500 page when the render itself fails, with nothing of the error', async () => {
    const res = await rawRequest(gateway.port, { path: '/test/zepsuty-widok/' });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="pl">');
    expect(res.body).toContain('Wystąpił błąd');
    expect(res.body).not.toContain('breadcrumbs');
    expectNoStack(res.body);
    expect(gateway.logs.some((line) => line.msg === 'page render failed' && line.level === 'error')).toBe(
      true,
    );
  });

  it('answers a loader crash with the 500 page in the layout, never with its message', async () => {
    const res = await rawRequest(gateway.port, { path: '/test/zepsute-dane/' });
    expect(res.status).toBe(500);
    expect(res.body).toContain('Wystąpił błąd');
    expect(res.body).toContain('class="site-footer"');
    expect(res.body).not.toContain(SECRET);
    expectNoStack(res.body);
    const payload = await rawRequest(gateway.port, { path: '/test/zepsute-dane/_payload.json' });
    expect(payload.status).toBe(500);
    expect(payload.body).not.toContain(SECRET);
  });

  it('maps gRPC codes to HTTP in one place', async () => {
    const cases: [string, number, string][] = [
      ['/test/limit/', 429, 'Zbyt wiele zapytań'],
      ['/zly-argument/', 400, 'Nieprawidłowy adres strony'],
      ['/awaria/', 502, 'Wystąpił błąd'],
      ['/nie-istnieje/', 404, 'Nie mogliśmy znaleźć żądanej strony'],
    ];
    for (const [path, expected, text] of cases) {
      const res = await rawRequest(gateway.port, { path });
      expect({ path, status: res.status }).toEqual({ path, status: expected });
      expect(res.body).toContain(text);
      expect(res.body).not.toContain(SECRET);
      expectNoStack(res.body);
    }
  });

  it('renders a route to the same bytes as the server, and serves them under /__static/ when BENCH_STATIC is on', async () => {
    const rendered = await renderRouteToString(gateway.deps, '/o-nas/');
    expect(rendered.status).toBe(200);
    const live = await rawRequest(gateway.port, { path: '/o-nas/' });
    expect(rendered.html).toBe(live.body);

    const first = await rawRequest(gateway.port, { path: '/__static/o-nas/' });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.body).toBe(live.body);
    const calls = content.calls.get('GetPage');
    const second = await rawRequest(gateway.port, { path: '/__static/o-nas/' });
    expect(second.body).toBe(first.body);
    expect(content.calls.get('GetPage')).toBe(calls); // rendered once, then sent from memory
    const home = await rawRequest(gateway.port, { path: '/__static/' });
    expect(home.body).toContain(HOME_PAGE.h1);
  });
});

describe('BENCH_STATIC off', () => {
  it('does not expose /__static/: the address is an unknown page while the page itself renders', async () => {
    const content = await startFakeService('content', {
      GetPage: (request) => {
        if ((request as { path: string }).path === '/o-nas/') return ABOUT_PAGE;
        throw new FakeGrpcError(status.NOT_FOUND, 'none');
      },
    });
    const gateway = await startTestGateway({
      targets: { content: content.target },
      env: { PAGE_CACHE: 'false' },
    });
    try {
      // The same page is served under /__static/ when BENCH_STATIC is on (the suite above).
      const page = await rawRequest(gateway.port, { path: '/o-nas/' });
      expect(page.status).toBe(200);
      expect(page.body).toContain('Jesteśmy serwisem porównawczym');
      const res = await rawRequest(gateway.port, { path: '/__static/o-nas/' });
      expect(res.status).toBe(404);
      expect(res.body).toContain('Nie mogliśmy znaleźć żądanej strony');
      expect(res.body).not.toContain('Jesteśmy serwisem porównawczym');
    } finally {
      await gateway.stop();
      await content.stop();
    }
  });
});

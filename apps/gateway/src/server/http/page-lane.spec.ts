import { gunzipSync } from 'node:zlib';
import {
  createMetricsRegistry,
  shutdownTelemetry,
  startTelemetry,
  traceServerRequests,
} from '@lib/observability';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { HttpProblem } from '../../kit/http/http-problem';
import { type LabelledResponse } from '../../kit/http/labelled-response';
import { type StepServer, startStepServer } from '../../../test/support/listener-step';
import { rawRequest } from '../../../test/support/raw-http';
import { compressWhereAccepted } from './compression';
import { createGatewayMetrics } from './metrics';
import { type PageLaneDeps, pageLane } from './page-lane';

const DOCUMENT = `<!DOCTYPE html><html lang="pl"><body>${'<p>Kredyt gotówkowy bez tajemnic</p>'.repeat(80)}</body></html>`;

describe('the page lane', () => {
  let server: StepServer;
  let port: number;
  let draining = false;
  const tracked: { route: unknown; status: number }[] = [];
  const pages: { url: string; pathname: string; search: string }[] = [];
  const baselineCalls: { pagePath: string; search: string }[] = [];
  const errors: { error: unknown; url: string }[] = [];
  /** What the page answer does for the next request. */
  let pageBehaviour: 'document' | 'reject' | 'throw-late' = 'document';
  /** Whether the error answer itself fails. */
  let errorAnswerFails = false;

  beforeAll(async () => {
    const deps: PageLaneDeps = {
      fixedHeaders: [
        ['X-Frame-Options', 'DENY'],
        ['Content-Security-Policy', "default-src 'self'"],
      ],
      leftToStack: (pagePath) => pagePath === '/kontakt/' || pagePath.startsWith('/api/'),
      track: (_req, res) =>
        res.once('finish', () => tracked.push({ route: res.locals['routeLabel'], status: res.statusCode })),
      compress: compressWhereAccepted(),
      isDraining: () => draining,
      page: async (_req, res, target) => {
        pages.push(target);
        await Promise.resolve();
        if (pageBehaviour === 'reject') throw new HttpProblem(503, 'content service down');
        res.locals['routeLabel'] = 'seo-page';
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        if (pageBehaviour === 'throw-late') {
          res.write(DOCUMENT.slice(0, 100));
          throw new Error('render failed half-way');
        }
        res.end(DOCUMENT);
      },
      baselines: [
        {
          prefix: '/__static',
          answer: (_req, res, target) => {
            baselineCalls.push(target);
            res.locals['routeLabel'] = '/__static/*';
            res.end('static');
            return Promise.resolve();
          },
        },
      ],
      answerError: (error, _req, res: LabelledResponse, url) => {
        errors.push({ error, url });
        if (errorAnswerFails) throw new Error('the status page cannot be drawn');
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.locals['routeLabel'] ??= 'error';
        res.statusCode = error instanceof HttpProblem ? error.status : 500;
        res.end('error page');
      },
    };
    const lane = pageLane(deps);
    server = await startStepServer(lane);
    port = server.port;
  });

  afterAll(() => server.close());

  beforeEach(() => {
    server.fellThrough.length = 0;
    tracked.length = 0;
    pages.length = 0;
    baselineCalls.length = 0;
    errors.length = 0;
    draining = false;
    pageBehaviour = 'document';
    errorAnswerFails = false;
  });

  const send = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
    rawRequest(port, { path, headers, method, ...(body === undefined ? {} : { body }) });

  it('answers a page address itself: the fixed headers, Vary, the page answer and the metric with its route', async () => {
    const res = await send('/pozyczki-dla-studentow/?kwota=2000');
    expect(server.fellThrough).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.body).toBe(DOCUMENT);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'self'",
      'content-type': 'text/html; charset=utf-8',
      vary: 'Accept-Encoding',
    });
    expect(pages).toEqual([
      {
        url: '/pozyczki-dla-studentow/?kwota=2000',
        pathname: '/pozyczki-dla-studentow/',
        search: '?kwota=2000',
      },
    ]);
    expect(tracked).toEqual([{ route: 'seo-page', status: 200 }]);
  });

  it('compresses the page for a client that accepts it, as the stack does', async () => {
    const res = await send('/pozyczki-dla-studentow/', { 'Accept-Encoding': 'gzip' });
    expect(server.fellThrough).toEqual([]);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.raw).toString()).toBe(DOCUMENT);
  });

  it('answers HEAD with the head alone', async () => {
    const res = await send('/pozyczki-dla-studentow/', {}, 'HEAD');
    expect(server.fellThrough).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.raw.length).toBe(0);
  });

  it.each([
    ['a post', 'POST', '/pozyczki-dla-studentow/', {}, 'kwota=1'],
    ['OPTIONS', 'OPTIONS', '/pozyczki-dla-studentow/', {}, undefined],
    ['a GET with a body', 'GET', '/pozyczki-dla-studentow/', { 'Content-Length': '1' }, 'x'],
    ['an address without its slash', 'GET', '/pozyczki-dla-studentow', {}, undefined],
    ['a file', 'GET', '/favicon.ico', {}, undefined],
    ['a malformed path', 'GET', '/po%zzyczki/', {}, undefined],
    ['a NUL byte in the path', 'GET', '/a%00/', {}, undefined],
    ['a malformed query', 'GET', '/pozyczki-dla-studentow/?kwota=%E0%A4%A', {}, undefined],
    ['an address the stack answers', 'GET', '/kontakt/', {}, undefined],
    ['an API address', 'GET', '/api/nic/', {}, undefined],
    ['the baseline of an address the stack answers', 'GET', '/__static/kontakt/', {}, undefined],
  ])('leaves %s to the stack', async (_what, method, path, headers, body) => {
    const res = await send(path, headers, method, body);
    expect(res.status).toBe(299);
    expect(server.fellThrough).toEqual([`${method} ${path}`]);
    expect(pages).toEqual([]);
    expect(tracked).toEqual([]);
  });

  it('leaves an absolute-form target to the stack, which rewrites or refuses it', async () => {
    const res = await send('http://localhost:3000/pozyczki-dla-studentow/');
    expect(res.status).toBe(299);
    expect(server.fellThrough).toEqual(['GET http://localhost:3000/pozyczki-dla-studentow/']);
  });

  it('leaves everything to the stack while the server drains (it closes the connections)', async () => {
    draining = true;
    const res = await send('/pozyczki-dla-studentow/');
    expect(res.status).toBe(299);
    expect(server.fellThrough).toEqual(['GET /pozyczki-dla-studentow/']);
  });

  it('answers a page’s benchmark baseline where the page itself is answered, with the page’s path', async () => {
    const res = await send('/__static/pozyczki-dla-studentow/?a=1');
    expect(server.fellThrough).toEqual([]);
    expect(res.body).toBe('static');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(baselineCalls).toEqual([{ pagePath: '/pozyczki-dla-studentow/', search: '?a=1' }]);
    expect(tracked).toEqual([{ route: '/__static/*', status: 200 }]);
    await send('/__static/');
    expect(baselineCalls.at(-1)).toEqual({ pagePath: '/', search: '' });
  });

  it('hands a failed page to the error answer with the address as sent', async () => {
    pageBehaviour = 'reject';
    const res = await send('/pozyczki-dla-studentow/?kwota=1');
    expect(res.status).toBe(503);
    expect(res.body).toBe('error page');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(errors).toEqual([{ error: expect.any(HttpProblem), url: '/pozyczki-dla-studentow/?kwota=1' }]);
    expect(tracked).toEqual([{ route: 'error', status: 503 }]);
  });

  it('answers the static fallback page when the error answer itself fails', async () => {
    pageBehaviour = 'reject';
    errorAnswerFails = true;
    const res = await send('/pozyczki-dla-studentow/');
    expect(res.status).toBe(500);
    expect(res.body).toContain('Wystąpił błąd');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(errors).toHaveLength(1);
  });

  it('cuts off an answer that fails after its head went out, never sending a second one', async () => {
    pageBehaviour = 'throw-late';
    await expect(send('/pozyczki-dla-studentow/')).rejects.toThrow();
    expect(errors).toHaveLength(1);
  });
});

describe('the page lane in a traced server', () => {
  const exporter = new InMemorySpanExporter();
  let server: StepServer;
  /** A page sent in several writes, gzipped on the way: its end comes from the compressor's callbacks. */
  const LONG = DOCUMENT.repeat(40);

  beforeAll(async () => {
    startTelemetry({
      serviceName: 'page-lane-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const metrics = createGatewayMetrics(createMetricsRegistry({ serviceName: 'page-lane-test' }));
    const lane = pageLane({
      fixedHeaders: [],
      leftToStack: () => false,
      track: metrics.track,
      compress: compressWhereAccepted(),
      isDraining: () => false,
      page: async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        res.locals['routeLabel'] = '/:path+/';
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        for (let at = 0; at < LONG.length; at += 4096) res.write(LONG.slice(at, at + 4096));
        res.end();
      },
      answerError: (_error, _req, res) => res.destroy(),
    });
    const traced = traceServerRequests((req, res) => {
      if (!lane(req, res)) res.writeHead(599).end();
    });
    server = await startStepServer((req, res) => {
      traced(req, res);
      return true;
    });
  });

  afterAll(async () => {
    await server.close();
    await shutdownTelemetry();
  });

  it.each(['identity', 'gzip'])(
    'names the request’s server span after the page’s route (%s)',
    async (encoding) => {
      exporter.reset();
      const res = await rawRequest(server.port, {
        path: '/pozyczki-dla-studentow/',
        headers: { 'Accept-Encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(encoding === 'gzip' ? gunzipSync(res.raw).toString() : res.body).toBe(LONG);
      for (let tries = 0; tries < 100 && exporter.getFinishedSpans().length === 0; tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(exporter.getFinishedSpans().map((span) => [span.name, span.attributes['http.route']])).toEqual([
        ['GET /:path+/', '/:path+/'],
      ]);
    },
  );
});

import { type IncomingMessage, type Server, createServer, request as httpRequest } from 'node:http';
import { type AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  createMetricsRegistry,
  shutdownTelemetry,
  startTelemetry,
  traceServerRequests,
} from '@lib/observability';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { KeptAnswers, readyEncoding } from '../render/kept-answers';
import { type StepServer, startStepServer } from '../../../test/support/listener-step';
import { createGatewayMetrics } from './metrics';
import { type FastPathDeps, keptAnswerFastPath } from './kept-answer-fast-path';

const PAGE = '/pozyczki-dla-studentow/';
const KEY = `shell  ${PAGE}`;
const ETAG = 'W/"abc"';
const SHARED = 'public, max-age=0, s-maxage=30, stale-while-revalidate=600';
const DOCUMENT = `<!DOCTYPE html><html lang="pl"><body>${'<p>Pożyczki dla studentów</p>'.repeat(100)}</body></html>`;

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

describe('the kept answers’ fast path', () => {
  let server: StepServer;
  let port: number;
  let answers: KeptAnswers;
  let draining = false;
  const observed: { route: string; status: number }[] = [];

  beforeAll(async () => {
    answers = new KeptAnswers(60_000);
    const deps: FastPathDeps = {
      answers,
      fixedHeaders: [
        ['X-Frame-Options', 'DENY'],
        ['Content-Security-Policy', "default-src 'self'"],
      ],
      keyOf: (req, pathname, search) =>
        req.headers['x-assigns-variant'] ? undefined : `shell  ${pathname}${search}`,
      observe: (_req, route, status) => observed.push({ route, status }),
      isDraining: () => draining,
    };
    const fastPath = keptAnswerFastPath(deps);
    server = await startStepServer(fastPath);
    port = server.port;
  });

  afterAll(() => server.close());

  beforeEach(() => {
    server.fellThrough.length = 0;
    observed.length = 0;
    draining = false;
  });

  function send(
    path: string,
    headers: Record<string, string> = {},
    method = 'GET',
    body?: string,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Keeps the page and waits until its compressed copies are made (in the thread pool). */
  async function keepPage(): Promise<void> {
    answers.set(KEY, {
      status: 200,
      routeLabel: 'seo-page',
      cacheControl: SHARED,
      etag: ETAG,
      body: Buffer.from(DOCUMENT),
    });
    while (!answers.get(KEY)?.br || !answers.get(KEY)?.gzip) await new Promise((r) => setTimeout(r, 5));
  }

  it('answers a kept page itself: status, the fixed headers, caching headers, the document and the metric', async () => {
    await keepPage();
    const res = await send(PAGE);
    expect(server.fellThrough).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(DOCUMENT);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'self'",
      'content-type': 'text/html; charset=utf-8',
      'cache-control': SHARED,
      etag: ETAG,
      vary: 'Accept-Encoding',
      'content-length': String(Buffer.byteLength(DOCUMENT)),
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(observed).toEqual([{ route: 'seo-page', status: 200 }]);
  });

  it('answers any address its keys name, not only a page address: the sitemap, with its own type', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex/>\n';
    answers.set('shell  /sitemap.xml', {
      status: 200,
      routeLabel: '/sitemap.xml',
      cacheControl: 'public, max-age=900',
      etag: 'W/"mapa"',
      body: Buffer.from(xml),
      contentType: 'application/xml; charset=utf-8',
    });
    const res = await send('/sitemap.xml');
    expect(server.fellThrough).toEqual([]);
    expect(res.body.toString()).toBe(xml);
    expect(res.headers).toMatchObject({ 'content-type': 'application/xml; charset=utf-8', etag: 'W/"mapa"' });
    expect(observed).toEqual([{ route: '/sitemap.xml', status: 200 }]);
  });

  it('sends the precompressed copy the client accepts, brotli before gzip', async () => {
    await keepPage();
    const br = await send(PAGE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(DOCUMENT);
    const gzip = await send(PAGE, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(DOCUMENT);
    expect(gzip.headers['content-length']).toBe(String(gzip.body.length));
    expect(server.fellThrough).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    await keepPage();
    const notModified = await send(PAGE, { 'if-none-match': ETAG });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect((await send(PAGE, { 'if-none-match': 'W/"other"' })).status).toBe(200);
    const head = await send(PAGE, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(DOCUMENT)));
    expect(head.body.length).toBe(0);
    expect(observed.map((o) => o.status)).toEqual([304, 200, 200]);
  });

  it('leaves everything else to the stack', async () => {
    await keepPage();
    await send('/nie-ma-jej/');
    await send(PAGE, {}, 'POST');
    await send(PAGE, { 'content-type': 'text/plain', 'content-length': '3' }, 'GET', 'abc');
    await send(PAGE, { 'x-assigns-variant': '1' });
    await send('/pozyczki-dla-studentow');
    await send(`http://127.0.0.1:${port}${PAGE}`);
    draining = true;
    await send(PAGE);
    expect(server.fellThrough).toEqual([
      'GET /nie-ma-jej/',
      `POST ${PAGE}`,
      `GET ${PAGE}`,
      `GET ${PAGE}`,
      'GET /pozyczki-dla-studentow',
      `GET http://127.0.0.1:${port}${PAGE}`,
      `GET ${PAGE}`,
    ]);
    expect(observed).toEqual([]);
  });

  it('leaves a compressing client to the stack while the copies are still being made', () => {
    const entry = {
      status: 200,
      routeLabel: 'seo-page',
      cacheControl: SHARED,
      etag: ETAG,
      body: Buffer.from(DOCUMENT),
      expiresAt: Number.MAX_SAFE_INTEGER,
    };
    expect(readyEncoding(entry, 'br')).toBe('not-ready');
    expect(readyEncoding(entry, undefined)).toBe('identity');
    expect(readyEncoding(entry, 'identity')).toBe('identity');
    expect(readyEncoding({ ...entry, gzip: Buffer.from('') }, 'gzip, br')).toBe('gzip');
    expect(readyEncoding({ ...entry, gzip: Buffer.from(''), br: Buffer.from('') }, 'gzip, br')).toBe('br');
    // Too small to be worth compressing: sent as it is whatever the client accepts.
    expect(readyEncoding({ ...entry, body: Buffer.from('<p>krótko</p>') }, 'br')).toBe('identity');
  });
});

describe('the kept answers’ fast path in a traced server', () => {
  const exporter = new InMemorySpanExporter();
  let server: Server;
  let port: number;

  beforeAll(async () => {
    startTelemetry({
      serviceName: 'fast-path-test',
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const answers = new KeptAnswers(60_000);
    answers.set(KEY, {
      status: 200,
      routeLabel: 'seo-page',
      cacheControl: SHARED,
      etag: ETAG,
      body: Buffer.from(DOCUMENT.repeat(50)),
    });
    const fastPath = keptAnswerFastPath({
      answers,
      fixedHeaders: [],
      keyOf: (_req, pathname, search) => `shell  ${pathname}${search}`,
      observe: createGatewayMetrics(createMetricsRegistry({ serviceName: 'fast-path-test' })).observe,
      isDraining: () => false,
    });
    server = createServer(
      traceServerRequests((req, res) => {
        if (!fastPath(req, res)) res.writeHead(599).end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await shutdownTelemetry();
  });

  // A document larger than one socket write: 'finish' comes after the write completes, and must still
  // run in the request's context, which the fast path does not bind to the response. Asked for
  // uncompressed, so that the answer is sent whole, and from the memo at once rather than after its
  // compressed copies are made in the thread pool (until then the fast path leaves it to the stack).
  it('names the request’s server span after the kept answer’s route, as the stack does', async () => {
    const res = await fetch(`http://127.0.0.1:${port}${PAGE}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(DOCUMENT.repeat(50));
    for (let tries = 0; tries < 100 && exporter.getFinishedSpans().length === 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(exporter.getFinishedSpans().map((span) => [span.name, span.attributes['http.route']])).toEqual([
      ['GET seo-page', 'seo-page'],
    ]);
  });
});

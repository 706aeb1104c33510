import { status } from '@grpc/grpc-js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { ABOUT_PAGE, HOME_PAGE, OFFERS_HANDLERS } from './support/content-fixtures';
import { RATE_TABLE } from './support/fixtures';
import { type RawRequest, type RawResponse, rawRequest } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/**
 * The page lane answers page reads before Express; the Express stack answers the same addresses
 * whenever the lane leaves them to it (here: a second gateway that drains, which leaves every
 * request to its stack). Both must give the same answer, header for header and byte for byte,
 * whatever the page, encoding or validator.
 */

/** Headers that differ between two answers by nature, not by the path that made them. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive']);

interface Seen {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function seen(res: RawResponse): Seen {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.has(name)));
  const encoding = res.headers['content-encoding'];
  const body =
    encoding === 'gzip'
      ? gunzipSync(res.raw).toString('utf8')
      : encoding === 'br'
        ? brotliDecompressSync(res.raw).toString('utf8')
        : res.body;
  // A compressed body's length depends on how its chunks were flushed, not on what they say.
  if (encoding !== undefined) delete headers['content-length'];
  return { status: res.status, headers, body };
}

describe('page reads answered before Express and through it', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let rates: FakeGrpcServer;
  let gateway: TestGateway;
  /** The same gateway, draining: every request goes through its Express stack. */
  let stackOnly: TestGateway;

  beforeAll(async () => {
    [content, offers, rates] = await Promise.all([
      startFakeService('content', {
        GetPage: (request) => {
          const { path } = request as { path: string };
          if (path === '/') return HOME_PAGE;
          if (path === '/o-nas/') return ABOUT_PAGE;
          if (path === '/awaria/') throw new FakeGrpcError(status.UNAVAILABLE, 'content is restarting');
          throw new FakeGrpcError(status.NOT_FOUND, `no page at ${path}`);
        },
      }),
      startFakeService('offers', OFFERS_HANDLERS),
      startFakeService('rates', {
        GetLatestTable: () => RATE_TABLE,
      }),
    ]);
    const options = {
      targets: { content: content.target, offers: offers.target, rates: rates.target },
      // Every request renders: the lane's answer and the stack's are both made, not remembered.
      env: { PAGE_CACHE: 'false' },
    };
    [gateway, stackOnly] = await Promise.all([startTestGateway(options), startTestGateway(options)]);
    stackOnly.deps.readiness!.markDraining();
  });

  afterAll(async () => {
    await Promise.all([gateway.stop(), stackOnly.stop()]);
    await Promise.all([content.stop(), offers.stop(), rates.stop()]);
  });

  const requests: [string, RawRequest][] = [
    ['the home page', { path: '/' }],
    ['a content page with a query', { path: '/o-nas/?utm_source=test' }],
    ['a page gzipped', { path: '/o-nas/', headers: { 'Accept-Encoding': 'gzip' } }],
    ['a page in brotli', { path: '/', headers: { 'Accept-Encoding': 'br, gzip' } }],
    ['a page for a crawler', { path: '/o-nas/', headers: { 'User-Agent': 'Googlebot/2.1' } }],
    ['HEAD of a page', { method: 'HEAD', path: '/o-nas/' }],
    ['an address with no page (404)', { path: '/nie-ma-takiej-strony/' }],
    ['a page whose content service is down', { path: '/awaria/' }],
  ];

  it.each(requests)('answers %s the same either way', async (_what, request) => {
    const lane = await rawRequest(gateway.port, request);
    const stack = await rawRequest(stackOnly.port, request);
    expect(stack.headers.connection).toBe('close');
    expect(lane.headers.connection).not.toBe('close');
    expect(seen(lane)).toEqual(seen(stack));

    // The validator the client sends next: answered the same again (304 for a page that is there).
    const etag = lane.headers.etag;
    expect(typeof etag).toBe('string');
    const revalidation = { ...request, headers: { ...request.headers, 'If-None-Match': String(etag) } };
    const laneAgain = await rawRequest(gateway.port, revalidation);
    expect(laneAgain.status).toBe(lane.status === 200 ? 304 : lane.status);
    expect(seen(laneAgain)).toEqual(seen(await rawRequest(stackOnly.port, revalidation)));
  });

  it.each([
    ['a build file address', '/builds/nie-ma/'],
    ['an API address', '/api/nie-ma/'],
  ])('leaves %s ending with a slash to the stack, which answers it', async (_what, path) => {
    const lane = await rawRequest(gateway.port, { path });
    const stack = await rawRequest(stackOnly.port, { path });
    expect(lane.status).toBe(404);
    expect(seen(lane)).toEqual(seen(stack));
  });

  it('leaves a form drawn per visitor to the stack (its form cookie is set there)', async () => {
    const lane = await rawRequest(gateway.port, { path: '/kontakt/' });
    const stack = await rawRequest(stackOnly.port, { path: '/kontakt/' });
    expect(lane.status).toBe(stack.status);
    expect(lane.headers['set-cookie']).toBeDefined();
    expect(stack.headers['set-cookie']).toBeDefined();
  });

  it('records the page’s route in the request metric', async () => {
    await rawRequest(gateway.port, { path: '/o-nas/' });
    const metrics = await rawRequest(gateway.opsPort, { path: '/metrics' });
    const counts = metrics.body
      .split('\n')
      .filter((line) => line.startsWith('http_server_request_duration_seconds_count'));
    expect(counts.some((line) => /method="GET",route="\/:path\+\/",status_code="200"/.test(line))).toBe(true);
    expect(counts.filter((line) => line.includes('route="unmatched"'))).toEqual([]);
  });
});

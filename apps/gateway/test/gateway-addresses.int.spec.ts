import { leadsV1 } from '@lib/contracts';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { FORM_POST_TEXTS } from '../src/kit/forms/form-post';
import { createFakeContent } from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { type RawResponse, rawRequest } from './support/raw-http';
import { type TestGateway, startTestGateway } from './support/test-gateway';

/*
 * One origin and one rule for addresses and methods, over HTTP against the real app: the Host
 * header never stands for our origin (same-origin checks, absolute links), a page address without
 * its slash redirects whatever answers it, OPTIONS / HEAD / other methods follow one rule with the
 * address's true Allow, and an absolute-form request target is answered as the path it names.
 */

/** The test gateway's origin: PUBLIC_ORIGIN unset outside production is localhost on PORT (3000). */
const ORIGIN = 'http://localhost:3000';
const DRAFT_ID = randomUUID();

const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** A request written byte for byte on a socket: fetch and node:http cannot send an absolute-form target. */
function rawSocketRequest(port: number, head: string, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
  });
}

describe('one origin and one rule for addresses and methods', () => {
  let content: FakeGrpcServer;
  let leads: FakeGrpcServer;
  let gateway: TestGateway;

  beforeAll(async () => {
    [content, leads] = await Promise.all([
      startFakeService('content', createFakeContent().handlers),
      startFakeService('leads', {
        GetApplication: (request) => ({
          applicationId: (request as { applicationId: string }).applicationId,
          status: leadsV1.ApplicationStatus.DRAFT,
          amountGrosze: 200_000,
          periodDays: 90,
          purpose: 3,
          email: 'anna@example.pl',
          phone: '+48600100200',
          consents: [],
          createdAt: '2026-11-28T17:00:00Z',
          formVersion: 0,
          firstName: 'Anna',
          lastName: 'Nowak',
          step: leadsV1.ApplicationStep.CONTACT_DETAILS,
        }),
      }),
    ]);
    gateway = await startTestGateway({
      targets: { content: content.target, leads: leads.target },
      env: { PAGE_CACHE: 'false' },
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([content?.stop(), leads?.stop()]);
  });

  const request = (method: string, path: string, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, { method, path, headers });

  describe('one origin', () => {
    const forged = { host: 'evil.example', origin: 'http://evil.example' };

    it('refuses a form post whose Origin matches a forged Host', async () => {
      const res = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/kontakt/',
        headers: { ...forged, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Ewa&email=ewa%40example.pl&message=Dzie%C5%84%20dobry',
      });
      expect(res.status).toBe(403);
      // The page's script asks for JSON: the message says why.
      const json = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/kontakt/',
        headers: { ...forged, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ name: 'Ewa', email: 'ewa@example.pl', message: 'Dzień dobry' }),
      });
      expect(json.status).toBe(403);
      expect(JSON.parse(json.body)).toMatchObject({
        error: { status: 403, message: FORM_POST_TEXTS.crossOrigin },
      });
      const event = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/api/event',
        headers: { ...forged, 'content-type': 'text/plain' },
        body: JSON.stringify({ events: [] }),
      });
      expect(event.status).toBe(403);
    });

    it('builds the resume link on the configured origin, never on the Host the request names', async () => {
      const res = await request('GET', '/reg/', {
        host: 'evil.example',
        cookie: `pp_application=${DRAFT_ID}`,
      });
      expect(res.status).toBe(200);
      const input = /<input [^>]*data-resume-url[^>]*>/.exec(res.body)?.[0] ?? '';
      const link = decode(/ value="([^"]*)"/.exec(input)?.[1] ?? '');
      expect(link).toMatch(new RegExp(`^${ORIGIN}/application/wznow/${DRAFT_ID}\\.[A-Za-z0-9_-]{22}/$`));
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/reg/">`);
    });
  });

  describe('the trailing-slash rule', () => {
    it('answers the form pages and the offer redirect without their slash 301 to the slashed path, keeping the query', async () => {
      for (const [path, location] of [
        ['/kontakt', '/kontakt/'],
        ['/wspolpraca?ref=stopka', '/wspolpraca/?ref=stopka'],
        ['/unsubscribe?sms=niedostepny', '/unsubscribe/?sms=niedostepny'],
        ['/przejdz/123?z=oferty&p=2', '/przejdz/123/?z=oferty&p=2'],
        ['/moje-dane', '/moje-dane/'],
        ['/process', '/process/'],
      ]) {
        for (const method of ['GET', 'HEAD']) {
          const res = await request(method, path!);
          expect([path, method, res.status, res.headers.location]).toEqual([path, method, 301, location]);
        }
      }
    });

    it('answers a post to a page without its slash 308 to the slashed path, which keeps the method and the body', async () => {
      const res = await rawRequest(gateway.port, {
        method: 'POST',
        path: '/kontakt?x=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: 'name=Ewa',
      });
      expect(res.status).toBe(308);
      expect(res.headers.location).toBe('/kontakt/?x=1');
    });

    it('leaves the API’s and the probes’ addresses as they are', async () => {
      expect((await request('GET', '/api/lead-feed')).status).toBe(200);
      expect((await request('GET', '/healthz')).status).toBe(200);
      const unknown = await request('GET', '/api/nie-ma');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.location).toBeUndefined();
      expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  describe('one rule for methods', () => {
    const cases: { address: string; path: string; allow: string; head: number }[] = [
      { address: 'a page', path: '/o-nas/', allow: 'GET, HEAD', head: 200 },
      { address: 'a form page', path: '/kontakt/', allow: 'GET, HEAD, POST', head: 200 },
      { address: 'POST-only /api/event', path: '/api/event', allow: 'POST', head: 405 },
      { address: 'read-only /api/lead-feed', path: '/api/lead-feed', allow: 'GET, HEAD', head: 200 },
    ];

    it.each(cases)('$address: OPTIONS 204 with its Allow, PUT 405 with it, HEAD as GET or 405', async (c) => {
      const options = await request('OPTIONS', c.path);
      expect([options.status, options.headers.allow, options.body]).toEqual([204, c.allow, '']);
      const put = await rawRequest(gateway.port, {
        method: 'PUT',
        path: c.path,
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect([put.status, put.headers.allow]).toEqual([405, c.allow]);
      const head = await request('HEAD', c.path);
      expect(head.status).toBe(c.head);
      expect(head.headers.location).toBeUndefined();
      expect(head.headers.allow).toBe(c.head === 405 ? c.allow : undefined);
    });

    it('answers GET of a POST-only API 405 with its Allow, a JSON error and no redirect', async () => {
      const res = await request('GET', '/api/event');
      expect([res.status, res.headers.allow, res.headers.location]).toEqual([405, 'POST', undefined]);
      expect(JSON.parse(res.body)).toMatchObject({ error: { status: 405 } });
    });

    it('answers an unknown address 404 whatever the method', async () => {
      for (const path of ['/nie-ma-takiej-strony/', '/api/nie-ma', '/nie-ma.png']) {
        for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'POST']) {
          const res = await request(method, path);
          expect([path, method, res.status, res.headers.allow]).toEqual([path, method, 404, undefined]);
        }
      }
    });
  });

  describe('absolute-form request targets', () => {
    const pathForm = (path: string) => request('GET', path);
    const get = (target: string) =>
      rawSocketRequest(gateway.port, `GET ${target} HTTP/1.1\r\nHost: evil.example`);

    it('answers our own authority as the path it names, for a page and for a form page', async () => {
      for (const path of ['/o-nas/', '/kontakt/']) {
        const absolute = await get(`${ORIGIN}${path}`);
        const plain = await pathForm(path);
        expect(absolute.status).toBe(200);
        expect(plain.status).toBe(200);
        expect(absolute.text).toContain(`<link rel="canonical" href="${ORIGIN}${path}">`);
        expect(absolute.text).not.toContain('evil.example');
      }
      // The same rules after the rewrite: the slash, and the form page's methods.
      expect((await get(`${ORIGIN}/kontakt?a=1`)).text).toMatch(/\r\nLocation: \/kontakt\/\?a=1\r\n/i);
      const options = await rawSocketRequest(gateway.port, `OPTIONS ${ORIGIN}/kontakt/ HTTP/1.1\r\nHost: x`);
      expect(options.status).toBe(204);
      expect(options.text).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
    });

    it('refuses another authority with 400, for a page and for a form post alike', async () => {
      expect((await get('http://evil.example/o-nas/')).status).toBe(400);
      expect((await get('http://localhost:3001/kontakt/')).status).toBe(400);
      const body = 'name=Ewa';
      const post = await rawSocketRequest(
        gateway.port,
        `POST http://evil.example/kontakt/ HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}`,
        body,
      );
      expect(post.status).toBe(400);
    });

    it('answers OPTIONS * with 204 and the methods the server takes', async () => {
      const res = await rawSocketRequest(gateway.port, 'OPTIONS * HTTP/1.1\r\nHost: localhost:3000');
      expect(res.status).toBe(204);
      expect(res.text).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
    });
  });

  it('the error answers of the rule carry no stack', async () => {
    const answers: RawResponse[] = await Promise.all([
      request('PUT', '/o-nas/'),
      request('DELETE', '/api/event'),
      request('PUT', '/nie-ma-takiej-strony/'),
    ]);
    for (const res of answers) expect(res.body).not.toMatch(/\n\s+at\s/);
  });
});

import express from 'express';
import { type AddressInfo } from 'node:net';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { compressWhereAccepted } from './compression';

const PAGE = `<!doctype html><html lang="pl"><body>${'<p>Pożyczka krok po kroku.</p>'.repeat(200)}</body></html>`;

/** One raw GET (node:http sends no Accept-Encoding of its own, unlike fetch). */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ headers: res.headers, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

describe('compressWhereAccepted', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.use(compressWhereAccepted());
    app.get('/strona/', (_req, res) => void res.type('html').send(PAGE));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/strona/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('compresses for a client that accepts gzip or br', async () => {
    const gzip = await get(url, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['vary']).toBe('Accept-Encoding');
    expect(gzip.bytes).toBeLessThan(Buffer.byteLength(PAGE) / 4);
    const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it.each<Record<string, string>>([
    {},
    { 'Accept-Encoding': 'identity' },
    { 'Accept-Encoding': 'gzip;q=0, br;q=0' },
  ])(
    'sends the plain body with Vary to a request without Accept-Encoding or accepting no compression (%o)',
    async (headers) => {
      const plain = await get(url, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toBe('Accept-Encoding');
      expect(plain.bytes).toBe(Buffer.byteLength(PAGE));
    },
  );
});

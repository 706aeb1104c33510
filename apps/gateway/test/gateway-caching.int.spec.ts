import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ARTICLE_SLUG, OFFERS_HANDLERS, SEO_PAGE, createFakeContent } from './support/content-fixtures';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { rawRequest } from './support/raw-http';
import { type TestGateway, fakeClient, startTestGateway } from './support/test-gateway';

// Compression and caching headers of pages and assets, with the page cache and the
// answer memo on (PAGE_MEMO_MS long enough that nothing expires during the test).
const SHARED = 'public, max-age=0, s-maxage=30, stale-while-revalidate=600';
const ARTICLE = `/${ARTICLE_SLUG}/`;

describe('gateway caching and compression headers', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let gateway: TestGateway;
  const client = fakeClient();
  const script = 'console.log("precompressed entry");\n'.repeat(200);
  let sitemapLoads = 0;

  beforeAll(async () => {
    // Precompressed copies beside a hashed asset, as precompress-assets.mjs writes them; the .br
    // holds different text from the original so the test sees which file was sent.
    mkdirSync(path.join(client.publicDir, 'assets', 'chunks'), { recursive: true });
    writeFileSync(path.join(client.publicDir, 'assets', 'chunks', 'island-TEST.js'), script);
    writeFileSync(
      path.join(client.publicDir, 'assets', 'chunks', 'island-TEST.js.br'),
      brotliCompressSync(`${script}//br`),
    );
    writeFileSync(
      path.join(client.publicDir, 'assets', 'chunks', 'island-TEST.js.gz'),
      gzipSync(`${script}//gz`),
    );
    const fake = createFakeContent();
    const listSitemapEntries = fake.handlers['ListSitemapEntries']!;
    fake.handlers['ListSitemapEntries'] = (request) => {
      sitemapLoads += 1;
      return listSitemapEntries(request);
    };
    [content, offers] = await Promise.all([
      startFakeService('content', fake.handlers),
      startFakeService('offers', OFFERS_HANDLERS),
    ]);
    gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target },
      env: { PAGE_CACHE: 'true', PAGE_MEMO_MS: '60000' },
      client,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([content?.stop(), offers?.stop()]);
  });

  const get = (p: string, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, { path: p, headers });

  it('lets a CDN keep a page everyone gets (s-maxage, stale-while-revalidate) and revalidate it with the ETag', async () => {
    const first = await get(SEO_PAGE.path);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(SHARED);
    expect(first.headers['etag']).toMatch(/^W\/"/);
    expect(first.headers['vary']).toBe('Accept-Encoding');
    expect(first.headers['set-cookie']).toBeUndefined();

    // The second answer comes from the memo: the same headers and bytes.
    const second = await get(SEO_PAGE.path);
    expect(second.headers['cache-control']).toBe(SHARED);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.body).toBe(first.body);

    const notModified = await get(SEO_PAGE.path, { 'If-None-Match': first.headers['etag'] as string });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    const changed = await get(SEO_PAGE.path, { 'If-None-Match': 'W/"other"' });
    expect(changed.status).toBe(200);
  });

  it('answers a kept page with exactly the headers and bytes the stack rendered it with', async () => {
    const framing = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    const comparable = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !framing.has(name)));
    // An address nothing has asked for yet: the first answer is rendered, the next ones are kept.
    const path = `${ARTICLE}?strona-testu=naglowki`;
    const rendered = await get(path);
    expect(rendered.status).toBe(200);
    expect(rendered.headers['transfer-encoding']).toBe('chunked');
    for (const kept of [await get(path), await get(path)]) {
      expect(kept.headers['content-length']).toBe(String(Buffer.byteLength(rendered.body)));
      expect(comparable(kept.headers)).toEqual(comparable(rendered.headers));
      expect(kept.body).toBe(rendered.body);
    }
  });

  it('sends pages compressed by Accept-Encoding: brotli, gzip, or plain', async () => {
    const plain = await get(SEO_PAGE.path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const decode = (raw: Buffer) =>
        (encoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString();
      let res = await get(SEO_PAGE.path, { 'Accept-Encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toBe('Accept-Encoding');
      expect(decode(res.raw)).toBe(plain.body);
      // A kept answer is compressed once in the thread pool; until then the middleware compresses
      // it per response (chunked). Once the copy exists it goes out as is, with its length.
      while (res.headers['content-length'] === undefined)
        res = await get(SEO_PAGE.path, { 'Accept-Encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe(SHARED);
      expect(decode(res.raw)).toBe(plain.body);
    }
  });

  it('shares pages with the comment form like any page: nothing in them is per visitor', async () => {
    const [a, b] = [await get(ARTICLE), await get(ARTICLE)];
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.body).toContain('name="idempotency_key" value=""');
      expect(res.headers['cache-control']).toBe(SHARED);
      expect(res.headers['etag']).toBeDefined();
    }
    expect(b.body).toBe(a.body);
    expect(b.headers['etag']).toBe(a.headers['etag']);
    expect((await get(ARTICLE, { 'If-None-Match': String(a.headers['etag']) })).status).toBe(304);
  });

  it('keeps the sitemap index and files like pages: one load of each part, then the same XML with its ETag, 304 and precompressed copies', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-strony-1.xml']) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=900');
      expect(first.headers['etag']).toMatch(/^W\/"/);
      const again = await get(path);
      expect(again.body).toBe(first.body);
      expect(again.headers['etag']).toBe(first.headers['etag']);
      expect(again.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect((await get(path, { 'If-None-Match': String(first.headers['etag']) })).status).toBe(304);
    }
    // The index, a few hundred bytes, goes out as it is; a file's brotli copy (made once in the
    // background) goes out as is, with its length.
    const index = await get('/sitemap.xml', { 'Accept-Encoding': 'br' });
    expect(index.body.length).toBeLessThan(1024);
    expect(index.headers['content-encoding']).toBeUndefined();
    const file = (await get('/sitemap-strony-1.xml')).body;
    let res = await get('/sitemap-strony-1.xml', { 'Accept-Encoding': 'br' });
    while (res.headers['content-length'] === undefined)
      res = await get('/sitemap-strony-1.xml', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.raw).toString('utf8')).toBe(file);
    // One call for the pages section (the index and its file share it), one for the blog's outline.
    expect(sitemapLoads).toBe(2);
  });

  it('never lets a page with form state into any cache', async () => {
    const res = await get(`${ARTICLE}?komentarz=oczekuje`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['etag']).toBeUndefined();
  });

  it('sends precompressed assets by Accept-Encoding, immutable for a year, and the file itself otherwise', async () => {
    const asset = '/assets/chunks/island-TEST.js';
    const br = await get(asset, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.raw).toString()).toBe(`${script}//br`);

    const gz = await get(asset, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.raw).toString()).toBe(`${script}//gz`);

    const plain = await get(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(script);

    const css = await get('/assets/styles-TEST.css', { 'Accept-Encoding': 'br' });
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

import { cpSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import {
  ARTICLE_SLUG,
  ARTICLES,
  AUTHOR,
  OFFERS_HANDLERS,
  SEO_PAGE,
  TAGS,
  createFakeContent,
} from './support/content-fixtures';
import { createFakeRates, TABLE_A } from './support/rates-fixtures';
import { rawRequest } from './support/raw-http';
import { type TestGateway, fakeClient, startTestGateway } from './support/test-gateway';
import { DEFAULT_OG_IMAGE } from '../src/app/seo/og-image';

/*
 * Images, Open Graph and small page details: every image a page names answers 200,
 * every page type carries og:image (with size and alt) of an asset that answers, the 404 page
 * names no canonical, teams are Organizations in JSON-LD, the blog list shows the date it is
 * ordered by, the calendar says when a year's winter breaks are not known, and the rates box
 * says when its table is older than the last working day.
 */

const ORIGIN = 'http://localhost:3000';
const workspaceRoot = path.resolve(__dirname, '../../..');
const STATIC_DIR = path.join(workspaceRoot, 'apps/gateway/static');

type JsonLd = Record<string, unknown> & { '@type': string };
const jsonLd = (html: string): JsonLd[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const decode = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"');

/** Every image address of a document: <img src>, srcset candidates and url() in inline styles. */
function imageRefs(html: string): string[] {
  const refs = [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((m) => decode(m[1]!));
  for (const m of html.matchAll(/\ssrcset="([^"]+)"/g))
    refs.push(
      ...decode(m[1]!)
        .split(',')
        .map((candidate) => candidate.trim().split(/\s+/)[0]!),
    );
  for (const m of html.matchAll(/url\((['"]?)([^'")]+)\1\)/g)) refs.push(decode(m[2]!));
  return refs.filter((ref) => !ref.startsWith('data:'));
}

/** url() references of a stylesheet (data: URIs and fragments excepted). */
const cssUrls = (css: string) =>
  [...css.matchAll(/url\((['"]?)([^'")]+)\1\)/g)]
    .map((m) => m[2]!)
    .filter((ref) => !ref.startsWith('data:') && !ref.startsWith('#'));

const PAGE_TYPES: Record<string, string> = {
  home: '/',
  'SEO page': SEO_PAGE.path,
  article: `/${ARTICLE_SLUG}/`,
  blog: '/blog/',
  tag: `/blog/${TAGS.find((tag) => tag.articlesCount > 0)!.slug}/`,
  author: `/autor/${AUTHOR.slug}/`,
  calendar: '/kalendarz-2026/',
  'lender reviews': '/opinie-o-pozyczkach/',
  converter: '/kalkulator-walutowy/',
  'loan calculator': '/kalkulator-kredytowy/',
  '404': '/nie-ma-takiej-strony/',
};

describe('gateway images, Open Graph and details', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let rates: FakeGrpcServer;
  let gateway: TestGateway;
  let staleGateway: TestGateway;

  beforeAll(async () => {
    [content, offers, rates] = await Promise.all([
      startFakeService('content', createFakeContent().handlers),
      startFakeService('offers', OFFERS_HANDLERS),
      startFakeService('rates', createFakeRates().handlers),
    ]);
    const targets = { content: content.target, offers: offers.target, rates: rates.target };
    // The real static files beside the stand-in client: what the build copies to public/.
    const client = fakeClient();
    cpSync(STATIC_DIR, client.publicDir, { recursive: true });
    // The fixture table A is of Friday 17.01.2025: current on Monday 20.01 (the default clock), stale by Wednesday 22.01.
    [gateway, staleGateway] = await Promise.all([
      startTestGateway({ targets, client, env: { PAGE_CACHE: 'false' } }),
      startTestGateway({
        targets,
        env: { PAGE_CACHE: 'false' },
        now: () => new Date('2025-01-22T13:00:00Z'),
      }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([gateway?.stop(), staleGateway?.stop()]);
    await Promise.all([content?.stop(), offers?.stop(), rates?.stop()]);
  });

  const get = (target: TestGateway, path: string) => rawRequest(target.port, { path });
  /** The path of a same-site address (absolute on PUBLIC_ORIGIN, or a path). */
  const ownPath = (ref: string) => (ref.startsWith(ORIGIN) ? ref.slice(ORIGIN.length) : ref);

  it.each(Object.entries(PAGE_TYPES))(
    '%s: every image and stylesheet url() answers 200',
    async (_type, pagePath) => {
      const res = await get(gateway, pagePath);
      expect([200, 404]).toContain(res.status);
      const refs = imageRefs(res.body);
      for (const href of [...res.body.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map(
        (m) => m[1]!,
      )) {
        const css = await get(gateway, href);
        expect(css.status).toBe(200);
        refs.push(...cssUrls(css.body));
      }
      const missing: string[] = [];
      for (const ref of new Set(refs)) {
        if (/^https?:\/\//.test(ref) && !ref.startsWith(ORIGIN)) continue;
        const answer = await get(gateway, ownPath(ref));
        if (answer.status !== 200) missing.push(`${ref} → ${answer.status}`);
      }
      expect(missing).toEqual([]);
    },
  );

  it('renders the menu illustrations and partner wordmarks of the navigation as images that exist', async () => {
    const res = await get(gateway, '/');
    const refs = imageRefs(res.body);
    expect(refs.filter((ref) => ref.startsWith('/assets/menu/')).length).toBeGreaterThan(0);
    expect(refs.filter((ref) => ref.startsWith('/assets/partners/')).length).toBeGreaterThan(0);
  });

  it.each(Object.entries(PAGE_TYPES))(
    '%s: og:image with its size and alt text, answering 200 as an image',
    async (_type, pagePath) => {
      const res = await get(gateway, pagePath);
      const image = meta(res.body, 'og:image');
      expect(image).toBe(`${ORIGIN}${DEFAULT_OG_IMAGE.path}`);
      expect(meta(res.body, 'og:image:width')).toBe(String(DEFAULT_OG_IMAGE.width));
      expect(meta(res.body, 'og:image:height')).toBe(String(DEFAULT_OG_IMAGE.height));
      expect(meta(res.body, 'og:image:alt')).toBe(DEFAULT_OG_IMAGE.alt);
      const asset = await get(gateway, ownPath(image!));
      expect(asset.status).toBe(200);
      expect(asset.headers['content-type']).toBe('image/png');
    },
  );

  it('ships the default og:image as a PNG of the size the head announces', () => {
    const png = readFileSync(path.join(STATIC_DIR, DEFAULT_OG_IMAGE.path));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20
    expect(png.readUInt32BE(16)).toBe(DEFAULT_OG_IMAGE.width);
    expect(png.readUInt32BE(20)).toBe(DEFAULT_OG_IMAGE.height);
  });

  it('has every image that content/navigation.yaml (and the test site’s copy) names in static/', () => {
    for (const file of [
      path.join(workspaceRoot, 'content/navigation.yaml'),
      path.join(workspaceRoot, 'libs/testing/fixtures/content/navigation.yaml'),
    ]) {
      const navigation = parseYaml(readFileSync(file, 'utf8')) as {
        header: { image?: string }[];
        partners: { image?: string }[];
      };
      const images = [...navigation.header, ...navigation.partners]
        .map((item) => item.image)
        .filter((image): image is string => !!image);
      expect(images.length).toBeGreaterThan(0);
      const missing = images.filter(
        (image) => !readdirSync(path.join(STATIC_DIR, path.dirname(image))).includes(path.basename(image)),
      );
      expect(missing).toEqual([]);
    }
  });

  it('the 404 page names no canonical address (nor og:url) and is noindex', async () => {
    const res = await get(gateway, '/nie-ma-takiej-strony/');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('rel="canonical"');
    expect(meta(res.body, 'og:url')).toBeUndefined();
    expect(res.body).not.toContain(`${ORIGIN}/nie-ma-takiej-strony/`);
    expect(res.body).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('types the editorial team as an Organization in JSON-LD, on its articles and its author page', async () => {
    const article = await get(gateway, `/${ARTICLE_SLUG}/`);
    const ld = jsonLd(article.body).find((item) => item['@type'] === 'Article')!;
    expect(ld['author']).toEqual({
      '@type': 'Organization',
      name: AUTHOR.name,
      url: `${ORIGIN}/autor/${AUTHOR.slug}/`,
    });
    expect(ld['image']).toBe(`${ORIGIN}${DEFAULT_OG_IMAGE.path}`);
    const author = await get(gateway, `/autor/${AUTHOR.slug}/`);
    const profile = jsonLd(author.body).find((item) => item['@type'] === 'ProfilePage')!;
    expect((profile['mainEntity'] as JsonLd)['@type']).toBe('Organization');
    expect(author.body).not.toContain('"@type":"Person"');
  });

  it('shows a designed cover with alt text for an article without an image, on the article and in lists', async () => {
    const article = await get(gateway, `/${ARTICLE_SLUG}/`);
    expect(article.body).toMatch(
      /<svg class="article__cover"[^>]*role="img"[^>]*aria-label="Okładka artykułu/,
    );
    const blog = await get(gateway, '/blog/');
    const covers = [
      ...blog.body.matchAll(/<svg class="article-card__image"[^>]*aria-label="Okładka artykułu „([^"]+)”"/g),
    ].map((m) => m[1]);
    expect(covers.length).toBeGreaterThan(0);
  });

  it('labels the blog list with the written date, the one it is ordered by, newest first', async () => {
    const res = await get(gateway, '/blog/');
    const list = /<ul class="article-list">[\s\S]*?<\/ul>/.exec(res.body)![0];
    const shown = [
      ...list.matchAll(/Opublikowano <time dateTime="(\d{4}-\d{2}-\d{2})">(\d{2}\.\d{2}\.\d{4})<\/time>/g),
    ];
    expect(shown.length).toBeGreaterThan(1);
    for (const [, iso, visible] of shown) expect(visible).toBe(iso!.split('-').reverse().join('.'));
    const dates = shown.map((m) => m[1]!);
    expect(dates).toEqual([...dates].sort().reverse());
    // the first article was edited after it was written: the list still shows (and sorts by) the writing
    const first = ARTICLES[0]!;
    expect(first.editedAt).not.toBe('');
    expect(dates[0]).toBe(first.writtenAt);
    expect(list).not.toContain(`dateTime="${first.editedAt}"`);
  });

  it('says that the winter breaks of a year without data are not known yet, and who sets them', async () => {
    // the test site has breaks for 2026 and 2027 only
    const future = await get(gateway, '/kalendarz-2028/');
    expect(future.status).toBe(200);
    expect(future.body).toContain('data-school-breaks="missing"');
    expect(text(future.body)).toContain(
      'Terminów ferii zimowych w roku szkolnym 2027/2028 nie ma jeszcze w naszych danych',
    );
    expect(text(future.body)).toContain('rozporządzeniu w sprawie organizacji roku szkolnego');
    const known = await get(gateway, '/kalendarz-2026/');
    expect(known.body).not.toContain('data-school-breaks="missing"');
    expect(text(known.body)).toContain('Ferie zimowe');
  });

  it('writes "we wrześniu" on the calendar page', async () => {
    const res = await get(gateway, '/kalendarz-2027/');
    expect(res.body).toContain('Dni wolne we wrześniu 2027');
    expect(res.body).not.toMatch(/\b[wW] wrześniu/);
  });

  it('the rates box dates the rates by their table, and says when the table is older than the last working day', async () => {
    const date = TABLE_A.effectiveDate.split('-').reverse().join('.');
    const fresh = text((await get(gateway, '/')).body);
    // Friday's table on Monday before noon: dated, neither called current nor old
    expect(fresh).toContain(`Kurs z dnia ${date} (tabela nr ${TABLE_A.no}).`);
    expect(fresh).not.toContain('nowszej tabeli nie mamy');
    expect(fresh).not.toContain('Aktualne kursy');
    const stale = text((await get(staleGateway, '/')).body);
    expect(stale).toContain(`Kurs z dnia ${date} (tabela nr ${TABLE_A.no}) – nowszej tabeli nie mamy`);
  });
});

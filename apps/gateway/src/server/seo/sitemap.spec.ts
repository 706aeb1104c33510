import { contentV1 } from '@lib/contracts';
import { strictMock } from '@lib/testing';
import { type GatewayServices } from '../../app/services';
import { w3cDate } from '../../app/seo/sitemap-entry';
import {
  SITEMAP_FILE_URLS,
  type SectionedSitemapEntry,
  collectSitemap,
  isSitemapFilePath,
  renderRobotsTxt,
  renderSitemapAt,
  renderSitemapIndexXml,
  renderSitemapXml,
  sitemapFiles,
} from './sitemap';

describe('sitemap text', () => {
  it('escapes locations and leaves out an unknown lastmod', () => {
    const xml = renderSitemapXml([
      { loc: 'https://example.pl/a&b/', lastmod: '2026-01-02' },
      { loc: 'https://example.pl/c/', lastmod: '' },
    ]);
    expect(xml).toContain('<url><loc>https://example.pl/a&amp;b/</loc><lastmod>2026-01-02</lastmod></url>');
    expect(xml).toContain('<url><loc>https://example.pl/c/</loc></url>');
  });

  it('reads W3C dates from dates and RFC 3339 timestamps only', () => {
    expect(w3cDate('2026-09-01T08:00:00Z')).toBe('2026-09-01');
    expect(w3cDate('2026-09-01')).toBe('2026-09-01');
    expect(w3cDate('1.09.2026')).toBe('');
    expect(w3cDate('')).toBe('');
  });

  it('names the sitemap on the public origin in robots.txt', () => {
    expect(renderRobotsTxt('https://example.pl')).toContain('\nSitemap: https://example.pl/sitemap.xml\n');
  });
});

describe('collecting the sitemap', () => {
  const ORIGIN = 'https://example.pl';
  const { BLOG, TAG, AUTHOR, PAGE } = contentV1.RouteType;
  const listed = (path: string, lastmod: string, type: contentV1.RouteType) => ({
    loc: `${ORIGIN}${path}`,
    lastmod,
    type,
  });
  const blog = (path: string, lastmod: string) => ({ loc: `${ORIGIN}${path}`, lastmod, section: 'blog' });
  const page = (path: string, lastmod: string) => ({ loc: `${ORIGIN}${path}`, lastmod, section: 'strony' });
  /** What ListSitemapEntries answers: 19 articles (three listing pages of nine), three tags. */
  const answer: contentV1.ListSitemapEntriesResponse = {
    entries: [
      listed('/', '2026-11-21', PAGE),
      listed('/blog/kredyty/', '2026-06-01', TAG),
      listed('/blog/gospodarka/', '2026-03-05', TAG),
      listed('/blog/pusty/', '2026-11-28', TAG),
      listed('/autor/redakcja/', '2026-06-01', AUTHOR),
      listed('/placa-minimalna/', '2026-06-01', BLOG),
    ],
    blog: { articlesCount: 19, lastmod: '2026-06-01' },
    tags: [
      { slug: 'gospodarka', articlesCount: 9, lastmod: '2026-03-05' },
      { slug: 'kredyty', articlesCount: 10, lastmod: '2026-06-01' },
      { slug: 'pusty', articlesCount: 0, lastmod: '' },
    ],
  };
  const collect = (listed: contentV1.ListSitemapEntriesResponse) => {
    const listSitemapEntries = jest.fn().mockResolvedValue(listed);
    // Any other call fails the test: the sitemap is one call, whatever the number of articles.
    const services = strictMock<GatewayServices>('services', {
      content: strictMock<GatewayServices['content']>('content', { listSitemapEntries }),
    });
    const urls = collectSitemap({
      services,
      origin: ORIGIN,
      today: '2026-11-29',
      builtAt: '2026-11-20T10:00:00Z',
      routes: [],
    });
    return { urls, listSitemapEntries };
  };

  it('pages the blog and each tag at the blog page size, dated by their newest article, from one call', async () => {
    const { urls, listSitemapEntries } = collect(answer);
    await expect(urls).resolves.toEqual([
      page('/', '2026-11-21'),
      blog('/autor/redakcja/', '2026-06-01'),
      blog('/blog/', '2026-06-01'),
      blog('/blog/gospodarka/', '2026-03-05'),
      blog('/blog/kredyty/', '2026-06-01'),
      blog('/blog/kredyty/page-2/', '2026-06-01'),
      blog('/blog/page-2/', '2026-06-01'),
      blog('/blog/page-3/', '2026-06-01'),
      // A tag without articles: one page, dated like its page in the content service's entries.
      blog('/blog/pusty/', '2026-11-28'),
      blog('/placa-minimalna/', '2026-06-01'),
    ]);
    expect(listSitemapEntries).toHaveBeenCalledTimes(1);
    expect(listSitemapEntries).toHaveBeenCalledWith({ baseUrl: ORIGIN });
  });

  it('dates a tag listing the service has no date for by the blog, and lists one page of an empty blog', async () => {
    const { urls } = collect({
      entries: [],
      blog: { articlesCount: 0, lastmod: '' },
      tags: [{ slug: 'nowy', articlesCount: 0, lastmod: '' }],
    });
    await expect(urls).resolves.toEqual([blog('/blog/', ''), blog('/blog/nowy/', '')]);
    const dated = collect({
      entries: [],
      blog: { articlesCount: 1, lastmod: '2026-05-01' },
      tags: answer.tags,
    });
    expect((await dated.urls).find((url) => url.loc === `${ORIGIN}/blog/pusty/`)).toEqual(
      blog('/blog/pusty/', '2026-05-01'),
    );
  });

  it('files the pages of an older service, which sends no type, and the routes own addresses with the site pages', async () => {
    const listSitemapEntries = jest.fn().mockResolvedValue({
      entries: [
        { loc: `${ORIGIN}/placa-minimalna/`, lastmod: '2026-06-01', type: contentV1.RouteType.UNSPECIFIED },
      ],
      blog: { articlesCount: 1, lastmod: '2026-06-01' },
      tags: [],
    });
    const services = strictMock<GatewayServices>('services', {
      content: strictMock<GatewayServices['content']>('content', { listSitemapEntries }),
    });
    const urls = await collectSitemap({
      services,
      origin: ORIGIN,
      today: '2026-11-29',
      builtAt: '2026-11-20T10:00:00Z',
      routes: [{ pattern: '/kalkulator-kredytowy/', sitemap: { lastmod: 'build' } } as never],
    });
    expect(urls).toEqual([
      blog('/blog/', '2026-06-01'),
      page('/kalkulator-kredytowy/', '2026-11-20'),
      page('/placa-minimalna/', '2026-06-01'),
    ]);
  });
});

describe('sitemap index and files', () => {
  const ORIGIN = 'https://example.pl';
  const at = (path: string, lastmod: string, section: 'strony' | 'blog'): SectionedSitemapEntry => ({
    loc: `${ORIGIN}${path}`,
    lastmod,
    section,
  });
  /** A site with 2 pages and SITEMAP_FILE_URLS + 1 blog addresses: one file of pages, two of the blog. */
  const entries: SectionedSitemapEntry[] = [
    at('/', '2026-11-21', 'strony'),
    ...Array.from({ length: SITEMAP_FILE_URLS + 1 }, (_, i) =>
      at(
        `/artykul-${String(i).padStart(4, '0')}/`,
        i === 3 ? '2026-10-01' : i === SITEMAP_FILE_URLS ? '' : '2026-01-05',
        'blog',
      ),
    ),
    at('/kontakt/', '', 'strony'),
  ];

  it('cuts each section into files of SITEMAP_FILE_URLS in URL order, each dated by its newest address', () => {
    const files = sitemapFiles(entries);
    expect(files.map(({ path, lastmod, urls }) => [path, lastmod, urls.length])).toEqual([
      ['/sitemap-strony-1.xml', '2026-11-21', 2],
      ['/sitemap-blog-1.xml', '2026-10-01', SITEMAP_FILE_URLS],
      // Its one address has no date, so neither has the file.
      ['/sitemap-blog-2.xml', '', 1],
    ]);
    expect(files[1]!.urls[0]).toEqual({ loc: `${ORIGIN}/artykul-0000/`, lastmod: '2026-01-05' });
    expect(files[2]!.urls).toEqual([{ loc: `${ORIGIN}/artykul-${SITEMAP_FILE_URLS}/`, lastmod: '' }]);
  });

  it('lists the files on the public origin in the index, and leaves out a date no file has', () => {
    const xml = renderSitemapIndexXml(ORIGIN, sitemapFiles(entries));
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://example.pl/sitemap-strony-1.xml</loc><lastmod>2026-11-21</lastmod></sitemap>',
        '<sitemap><loc>https://example.pl/sitemap-blog-1.xml</loc><lastmod>2026-10-01</lastmod></sitemap>',
        '<sitemap><loc>https://example.pl/sitemap-blog-2.xml</loc></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
  });

  it('answers the index, each file the content fills, and nothing for another file', () => {
    expect(renderSitemapAt('/sitemap.xml', ORIGIN, entries)).toContain('<sitemapindex ');
    const pages = renderSitemapAt('/sitemap-strony-1.xml', ORIGIN, entries);
    expect(pages).toBe(
      renderSitemapXml(
        [at('/', '2026-11-21', 'strony'), at('/kontakt/', '', 'strony')].map(({ loc, lastmod }) => ({
          loc,
          lastmod,
        })),
      ),
    );
    expect(renderSitemapAt('/sitemap-blog-2.xml', ORIGIN, entries)).toContain('/artykul-1000/');
    expect(renderSitemapAt('/sitemap-blog-3.xml', ORIGIN, entries)).toBeNull();
    expect(renderSitemapAt('/sitemap-strony-2.xml', ORIGIN, entries)).toBeNull();
  });

  it('knows a sitemap file address by its section and a number from 1, written without leading zeros', () => {
    expect(isSitemapFilePath('/sitemap-blog-1.xml')).toBe(true);
    expect(isSitemapFilePath('/sitemap-strony-12.xml')).toBe(true);
    expect(isSitemapFilePath('/sitemap-blog-0.xml')).toBe(false);
    expect(isSitemapFilePath('/sitemap-blog-01.xml')).toBe(false);
    expect(isSitemapFilePath('/sitemap-inne-1.xml')).toBe(false);
    expect(isSitemapFilePath('/sitemap-blog-1.xml.gz')).toBe(false);
    expect(isSitemapFilePath('/sitemap.xml')).toBe(false);
  });
});

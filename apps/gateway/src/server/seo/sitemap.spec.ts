import { contentV1 } from '@lib/contracts';
import { strictMock } from '@lib/testing';
import { type GatewayServices } from '../../app/services';
import { w3cDate } from '../../app/seo/sitemap-entry';
import {
  SITEMAP_FILE_URLS,
  type SitemapParts,
  isSitemapFilePath,
  parseSitemapFilePath,
  renderRobotsTxt,
  renderSitemapAt,
  renderSitemapIndexXml,
  renderSitemapXml,
  sitemapFiles,
  sitemapParts,
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
  const { BLOG, TAG, AUTHOR, PAGE, SEO } = contentV1.RouteType;
  const { PAGES: PAGES_SECTION, BLOG: BLOG_SECTION } = contentV1.SitemapSection;
  const listed = (path: string, lastmod: string, type: contentV1.RouteType) => ({
    loc: `${ORIGIN}${path}`,
    lastmod,
    type,
  });
  const url = (path: string, lastmod: string) => ({ loc: `${ORIGIN}${path}`, lastmod });
  /** The listings ListSitemapEntries answers: 19 articles (three listing pages of nine), three tags. */
  const listings = {
    blog: { articlesCount: 19, lastmod: '2026-06-01' },
    tags: [
      { slug: 'gospodarka', articlesCount: 9, lastmod: '2026-03-05' },
      { slug: 'kredyty', articlesCount: 10, lastmod: '2026-06-01' },
      { slug: 'pusty', articlesCount: 0, lastmod: '' },
    ],
  };
  const pagesAnswer: contentV1.ListSitemapEntriesResponse = {
    entries: [listed('/', '2026-11-21', PAGE), listed('/mala-pozyczka/', '2026-10-15', SEO)],
    ...listings,
    total: 2,
    chunkLastmods: [],
  };
  const partsOver = (
    answer: (request: contentV1.ListSitemapEntriesRequest) => contentV1.ListSitemapEntriesResponse,
  ) => {
    const listSitemapEntries = jest.fn((request: contentV1.ListSitemapEntriesRequest) =>
      Promise.resolve(answer(request)),
    );
    // Any other call fails the test: each part is one call, whatever the number of articles.
    const services = strictMock<GatewayServices>('services', {
      content: strictMock<GatewayServices['content']>('content', { listSitemapEntries }),
    });
    const parts = sitemapParts({
      services,
      origin: ORIGIN,
      today: '2026-11-29',
      builtAt: '2026-11-20T10:00:00Z',
      routes: [{ pattern: '/kalkulator-kredytowy/', sitemap: { lastmod: 'build' } } as never],
    });
    return { parts, listSitemapEntries };
  };

  it('lists the content pages, the blog listing pages and the routes own addresses in the pages section, from one call', async () => {
    const { parts, listSitemapEntries } = partsOver(() => pagesAnswer);
    await expect(parts.pages()).resolves.toEqual([
      url('/', '2026-11-21'),
      url('/blog/', '2026-06-01'),
      // A tag's further pages, dated by its newest article; its first is the tag's own page (blog section).
      url('/blog/kredyty/page-2/', '2026-06-01'),
      url('/blog/page-2/', '2026-06-01'),
      url('/blog/page-3/', '2026-06-01'),
      url('/kalkulator-kredytowy/', '2026-11-20'),
      url('/mala-pozyczka/', '2026-10-15'),
    ]);
    expect(listSitemapEntries).toHaveBeenCalledTimes(1);
    expect(listSitemapEntries).toHaveBeenCalledWith({
      baseUrl: ORIGIN,
      section: PAGES_SECTION,
      offset: 0,
      limit: 50_000,
      chunkSize: 0,
    });
  });

  it('asks the blog section for its outline without entries, and for one file of addresses', async () => {
    const entries = [
      listed('/autor/redakcja/', '2026-06-01', AUTHOR),
      listed('/placa-minimalna/', '2026-06-01', BLOG),
    ];
    const { parts, listSitemapEntries } = partsOver((request) =>
      request.limit === 0
        ? {
            entries: [],
            ...listings,
            total: 2 * SITEMAP_FILE_URLS + 5,
            chunkLastmods: ['2026-01-02', '', '2026-06-01T08:00:00Z'],
          }
        : { entries, ...listings, total: 2, chunkLastmods: [] },
    );
    await expect(parts.blogOutline()).resolves.toEqual({
      total: 2 * SITEMAP_FILE_URLS + 5,
      fileLastmods: ['2026-01-02', '', '2026-06-01'],
    });
    expect(listSitemapEntries).toHaveBeenLastCalledWith({
      baseUrl: ORIGIN,
      section: BLOG_SECTION,
      offset: 0,
      limit: 0,
      chunkSize: SITEMAP_FILE_URLS,
    });
    await expect(parts.blogFile(3)).resolves.toEqual([
      url('/autor/redakcja/', '2026-06-01'),
      url('/placa-minimalna/', '2026-06-01'),
    ]);
    expect(listSitemapEntries).toHaveBeenLastCalledWith({
      baseUrl: ORIGIN,
      section: BLOG_SECTION,
      offset: 2 * SITEMAP_FILE_URLS,
      limit: SITEMAP_FILE_URLS,
      chunkSize: 0,
    });
  });

  it('refuses a content service that answers every entry whatever the section asked', async () => {
    const everything = { ...pagesAnswer, entries: [listed('/placa-minimalna/', '2026-06-01', TAG)] };
    const { parts } = partsOver(() => everything);
    await expect(parts.blogOutline()).rejects.toThrow('the content service does not answer sitemap sections');
  });

  it('lists one page of an empty blog, undated, and a tag with no further pages not at all', async () => {
    const { parts } = partsOver(() => ({
      entries: [],
      blog: { articlesCount: 0, lastmod: '' },
      tags: [{ slug: 'nowy', articlesCount: 0, lastmod: '' }],
      total: 0,
      chunkLastmods: [],
    }));
    await expect(parts.pages()).resolves.toEqual([
      url('/blog/', ''),
      url('/kalkulator-kredytowy/', '2026-11-20'),
    ]);
  });
});

describe('sitemap index and files', () => {
  const ORIGIN = 'https://example.pl';
  const at = (path: string, lastmod: string) => ({ loc: `${ORIGIN}${path}`, lastmod });
  /** SITEMAP_FILE_URLS + 1 pages (two files, the second's one address undated) and a blog of two files. */
  const pages = Array.from({ length: SITEMAP_FILE_URLS + 1 }, (_, i) =>
    at(
      `/strona-${String(i).padStart(4, '0')}/`,
      i === 3 ? '2026-10-01' : i === SITEMAP_FILE_URLS ? '' : '2026-01-05',
    ),
  );
  const blog = { total: SITEMAP_FILE_URLS + 2, fileLastmods: ['2026-11-02', '2026-11-20'] };
  const blogFiles = [
    Array.from({ length: SITEMAP_FILE_URLS }, (_, i) => at(`/artykul-${i}/`, '2026-11-02')),
    [at('/artykul-x/', '2026-11-20'), at('/artykul-y/', '2026-11-20')],
  ];
  const parts: SitemapParts = {
    pages: () => Promise.resolve(pages),
    blogOutline: () => Promise.resolve(blog),
    blogFile: (page) => Promise.resolve(blogFiles[page - 1] ?? []),
  };

  it('cuts the pages into files of SITEMAP_FILE_URLS, each dated by its newest address, then the blog files', () => {
    expect(sitemapFiles(pages, blog)).toEqual([
      { path: '/sitemap-strony-1.xml', lastmod: '2026-10-01' },
      // Its one address has no date, so neither has the file.
      { path: '/sitemap-strony-2.xml', lastmod: '' },
      { path: '/sitemap-blog-1.xml', lastmod: '2026-11-02' },
      { path: '/sitemap-blog-2.xml', lastmod: '2026-11-20' },
    ]);
    expect(sitemapFiles([], { total: 0, fileLastmods: [] })).toEqual([]);
  });

  it('lists the files on the public origin in the index, and leaves out a date no file has', () => {
    expect(renderSitemapIndexXml(ORIGIN, sitemapFiles(pages.slice(SITEMAP_FILE_URLS), blog))).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<sitemap><loc>https://example.pl/sitemap-strony-1.xml</loc></sitemap>',
        '<sitemap><loc>https://example.pl/sitemap-blog-1.xml</loc><lastmod>2026-11-02</lastmod></sitemap>',
        '<sitemap><loc>https://example.pl/sitemap-blog-2.xml</loc><lastmod>2026-11-20</lastmod></sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n'),
    );
  });

  it('answers the index, each file the content fills, and nothing for another file or path', async () => {
    await expect(renderSitemapAt('/sitemap.xml', ORIGIN, parts)).resolves.toBe(
      renderSitemapIndexXml(ORIGIN, sitemapFiles(pages, blog)),
    );
    await expect(renderSitemapAt('/sitemap-strony-2.xml', ORIGIN, parts)).resolves.toBe(
      renderSitemapXml([at(`/strona-${SITEMAP_FILE_URLS}/`, '')]),
    );
    await expect(renderSitemapAt('/sitemap-blog-2.xml', ORIGIN, parts)).resolves.toBe(
      renderSitemapXml(blogFiles[1]!),
    );
    for (const path of ['/sitemap-blog-3.xml', '/sitemap-strony-3.xml', '/sitemap-inne-1.xml', '/robots.txt'])
      await expect(renderSitemapAt(path, ORIGIN, parts)).resolves.toBeNull();
  });

  it('knows a sitemap file address by its section and a number from 1, written without leading zeros', () => {
    expect(parseSitemapFilePath('/sitemap-blog-1.xml')).toEqual({ section: 'blog', page: 1 });
    expect(parseSitemapFilePath('/sitemap-strony-12.xml')).toEqual({ section: 'strony', page: 12 });
    expect(isSitemapFilePath('/sitemap-blog-1.xml')).toBe(true);
    for (const path of [
      '/sitemap-blog-0.xml',
      '/sitemap-blog-01.xml',
      '/sitemap-blog-1000.xml',
      '/sitemap-inne-1.xml',
      '/sitemap-blog-1.xml.gz',
      '/sitemap.xml',
    ]) {
      expect(isSitemapFilePath(path)).toBe(false);
      expect(parseSitemapFilePath(path)).toBeNull();
    }
  });
});

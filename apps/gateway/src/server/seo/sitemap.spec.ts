import { type contentV1 } from '@lib/contracts';
import { strictMock } from '@lib/testing';
import { type GatewayServices } from '../../app/services';
import { w3cDate } from '../../app/seo/sitemap-entry';
import { collectSitemap, renderRobotsTxt, renderSitemapXml } from './sitemap';

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
  const entry = (path: string, lastmod: string) => ({ loc: `${ORIGIN}${path}`, lastmod });
  /** What ListSitemapEntries answers: 19 articles (three listing pages of nine), three tags. */
  const answer: contentV1.ListSitemapEntriesResponse = {
    entries: [
      entry('/', '2026-11-21'),
      entry('/blog/kredyty/', '2026-06-01'),
      entry('/blog/gospodarka/', '2026-03-05'),
      entry('/blog/pusty/', '2026-11-28'),
      entry('/autor/redakcja/', '2026-06-01'),
      entry('/placa-minimalna/', '2026-06-01'),
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
      entry('/', '2026-11-21'),
      entry('/autor/redakcja/', '2026-06-01'),
      entry('/blog/', '2026-06-01'),
      entry('/blog/gospodarka/', '2026-03-05'),
      entry('/blog/kredyty/', '2026-06-01'),
      entry('/blog/kredyty/page-2/', '2026-06-01'),
      entry('/blog/page-2/', '2026-06-01'),
      entry('/blog/page-3/', '2026-06-01'),
      // A tag without articles: one page, dated like its page in the content service's entries.
      entry('/blog/pusty/', '2026-11-28'),
      entry('/placa-minimalna/', '2026-06-01'),
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
    await expect(urls).resolves.toEqual([entry('/blog/', ''), entry('/blog/nowy/', '')]);
    const dated = collect({
      entries: [],
      blog: { articlesCount: 1, lastmod: '2026-05-01' },
      tags: answer.tags,
    });
    expect((await dated.urls).find((url) => url.loc === `${ORIGIN}/blog/pusty/`)).toEqual(
      entry('/blog/pusty/', '2026-05-01'),
    );
  });
});

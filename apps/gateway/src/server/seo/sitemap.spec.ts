import { type GatewayServices } from '../../app/services';
import { w3cDate } from '../../app/seo/sitemap-entry';
import { articleListingDates, renderRobotsTxt, renderSitemapXml } from './sitemap';

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

describe('tag and author pages in the sitemap', () => {
  const article = (
    slug: string,
    writtenAt: string,
    editedAt: string,
    tagSlugs: string[],
    authorId: number,
  ) => ({
    slug,
    path: `/${slug}/`,
    title: slug,
    excerpt: '',
    imageUrl: '',
    imageCaption: '',
    writtenAt,
    editedAt,
    views: 0,
    readingTimeMinutes: 1,
    tagSlugs,
    authorId,
  });
  const articles = [
    article('a', '2026-01-10', '2026-06-01', ['kredyty'], 1),
    article('b', '2026-03-05', '', ['kredyty', 'gospodarka'], 2),
    article('c', '2025-12-01', '2026-02-02', ['gospodarka'], 2),
  ];
  const authors: Record<string, number> = { redakcja: 1, 'dzial-analiz': 2 };
  const services = {
    content: {
      getAuthor: ({ slug }: { slug: string }) =>
        slug in authors
          ? Promise.resolve({
              summary: { id: authors[slug], slug, name: slug, role: '', imageUrl: '' },
              bioHtml: '',
              articles: [],
            })
          : Promise.reject(new Error('NOT_FOUND')),
    },
  } as unknown as GatewayServices;

  it('dates each by the newest edit (or writing) of its own articles, not by the import or today', async () => {
    const dates = await articleListingDates(services, articles, {
      tags: ['kredyty', 'gospodarka', 'pusty'],
      locs: [
        'https://example.pl/autor/redakcja/',
        'https://example.pl/autor/dzial-analiz/',
        'https://example.pl/autor/nieznany/',
        'https://example.pl/blog/',
      ],
      origin: 'https://example.pl',
    });
    expect(Object.fromEntries(dates)).toEqual({
      '/blog/kredyty/': '2026-06-01',
      '/blog/gospodarka/': '2026-03-05',
      '/autor/redakcja/': '2026-06-01',
      '/autor/dzial-analiz/': '2026-03-05',
    });
  });
});

import { ratesV1 } from '@lib/contracts';
import { type GatewayServices } from '../../app/services';
import { articleListingDates, ratesSitemapPaths, renderRobotsTxt, renderSitemapXml, w3cDate } from './sitemap';

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

describe('rates pages in the sitemap', () => {
  const table = (letter: ratesV1.TableType, effectiveDate: string, codes: string[]): ratesV1.RateTable => ({
    table: letter,
    no: 'x',
    effectiveDate,
    tradingDate: '',
    rates: codes.map((code) => ({ currency: code, code, mid: '1.0', bid: '', ask: '' })),
  });

  it('lists the converter, a pair page per supported currency of tables A and B and every bank, dated by their tables', async () => {
    const rates = {
      getLatestTable: ({ table: letter }: { table: ratesV1.TableType }) =>
        Promise.resolve(letter === ratesV1.TableType.A ? table(letter, '2025-04-08', ['EUR', 'USD']) : table(letter, '2025-04-02', ['USD', 'MDL', 'ZZZ'])),
      listBanks: () => Promise.resolve({ banks: [{ slug: 'pko-bp', name: 'PKO', logoUrl: '', latestTableDate: '2025-04-07', embedded: true, websiteUrl: '' }] }),
    };
    const urls = await ratesSitemapPaths({ rates } as unknown as GatewayServices, '2026-11-24');
    expect(urls).toEqual([
      { loc: '/kalkulator-walutowy/', lastmod: '2025-04-08' },
      { loc: '/kursy-walut-w-bankach/', lastmod: '2025-04-07' },
      { loc: '/kalkulator-walutowy/eur-pln/', lastmod: '2025-04-08' },
      { loc: '/kalkulator-walutowy/usd-pln/', lastmod: '2025-04-08' },
      { loc: '/kalkulator-walutowy/mdl-pln/', lastmod: '2025-04-02' },
      { loc: '/kursy-walut-w-bankach/pko-bp/', lastmod: '2025-04-07' },
    ]);
  });

  it('keeps the two fixed pages while the rates service does not answer', async () => {
    const failing = () => Promise.reject(new Error('UNAVAILABLE'));
    const urls = await ratesSitemapPaths({ rates: { getLatestTable: failing, listBanks: failing } } as unknown as GatewayServices, '2026-11-24');
    expect(urls).toEqual([
      { loc: '/kalkulator-walutowy/', lastmod: '2026-11-24' },
      { loc: '/kursy-walut-w-bankach/', lastmod: '2026-11-24' },
    ]);
  });
});

describe('tag and author pages in the sitemap', () => {
  const article = (slug: string, writtenAt: string, editedAt: string, tagSlugs: string[], authorId: number) =>
    ({ slug, path: `/${slug}/`, title: slug, excerpt: '', imageUrl: '', imageCaption: '', writtenAt, editedAt, views: 0, readingTimeMinutes: 1, tagSlugs, authorId });
  const articles = [
    article('a', '2026-01-10', '2026-06-01', ['kredyty'], 1),
    article('b', '2026-03-05', '', ['kredyty', 'gospodarka'], 2),
    article('c', '2025-12-01', '2026-02-02', ['gospodarka'], 2),
  ];
  const authors: Record<string, number> = { redakcja: 1, 'dzial-analiz': 2 };
  const services = {
    content: {
      getAuthor: ({ slug }: { slug: string }) =>
        slug in authors ? Promise.resolve({ summary: { id: authors[slug], slug, name: slug, role: '', imageUrl: '' }, bioHtml: '', articles: [] }) : Promise.reject(new Error('NOT_FOUND')),
    },
  } as unknown as GatewayServices;

  it('dates each by the newest edit (or writing) of its own articles, not by the import or today', async () => {
    const dates = await articleListingDates(services, articles, {
      tags: ['kredyty', 'gospodarka', 'pusty'],
      locs: ['https://example.pl/autor/redakcja/', 'https://example.pl/autor/dzial-analiz/', 'https://example.pl/autor/nieznany/', 'https://example.pl/blog/'],
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

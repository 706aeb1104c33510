import { BENCH_ROUTES, selectRoutes } from './routes.cjs';

describe('BENCH_ROUTES', () => {
  it('holds one address of every route type, with unique names and paths', () => {
    expect(BENCH_ROUTES.map((r) => r.name)).toEqual([
      'home',
      'seo',
      'article',
      'blog',
      'tag',
      'lender',
      'offers',
      'calendar',
      'converter',
      'pair',
      'bank',
      'document',
      'sitemap',
      'sitemap-blog',
    ]);
    expect(new Set(BENCH_ROUTES.map((r) => r.path)).size).toBe(BENCH_ROUTES.length);
    for (const route of BENCH_ROUTES) expect(route.path).toMatch(/^\/([a-z0-9-]+\/)*([a-z0-9-]+\.xml)?$/);
  });

  it('marks the list pages, whose cost should not grow with the content', () => {
    expect(BENCH_ROUTES.filter((r) => r.list).map((r) => r.name)).toEqual([
      'blog',
      'tag',
      'sitemap',
      'sitemap-blog',
    ]);
  });
});

describe('selectRoutes', () => {
  it('keeps the table order and understands "lists"', () => {
    expect(selectRoutes(undefined)).toEqual([...BENCH_ROUTES]);
    expect(selectRoutes('sitemap, home').map((r) => r.name)).toEqual(['home', 'sitemap']);
    expect(selectRoutes('lists,home').map((r) => r.name)).toEqual([
      'home',
      'blog',
      'tag',
      'sitemap',
      'sitemap-blog',
    ]);
  });

  it('names the routes it knows when given another', () => {
    expect(() => selectRoutes('nieznana')).toThrow(
      'unknown route "nieznana"; known: home, seo, article, blog, tag, lender, offers, calendar, converter, pair, bank, document, sitemap, sitemap-blog, or lists',
    );
  });
});

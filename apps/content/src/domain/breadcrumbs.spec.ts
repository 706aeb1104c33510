import { breadcrumbs } from './breadcrumbs';

const HOME = { text: 'Strona główna', link: '/' };
const BLOG = { text: 'Blog', link: '/blog/' };
const page = (path: string, type: Parameters<typeof breadcrumbs>[0]['type']) => ({
  path,
  type,
  title: 'Tytuł strony',
  h1: 'Nagłówek strony',
});

describe('breadcrumbs', () => {
  it('has none on the home page', () => {
    expect(breadcrumbs(page('/', 'page'))).toEqual([]);
  });

  it('leads from home to the page by its heading for pages, guides and documents', () => {
    for (const type of ['page', 'seo', 'doc'] as const)
      expect(breadcrumbs(page('/o-nas/', type))).toEqual([HOME, { text: 'Nagłówek strony', link: '' }]);
  });

  it('goes through the blog for articles (by title), tags and authors (by heading)', () => {
    expect(breadcrumbs(page('/placa-minimalna/', 'blog'))).toEqual([
      HOME,
      BLOG,
      { text: 'Tytuł strony', link: '' },
    ]);
    expect(breadcrumbs(page('/blog/kredyty/', 'tag'))).toEqual([
      HOME,
      BLOG,
      { text: 'Nagłówek strony', link: '' },
    ]);
    expect(breadcrumbs(page('/autor/redakcja/', 'author'))).toEqual([
      HOME,
      BLOG,
      { text: 'Nagłówek strony', link: '' },
    ]);
  });

  it('goes through online loans and the review listing for lenders, ending with the lender name', () => {
    const loans = { text: 'Pożyczki online', link: '/chwilowki-online/' };
    expect(breadcrumbs(page('/opinie-o-pozyczkach/', 'page'))).toEqual([
      HOME,
      loans,
      { text: 'Opinie o pożyczkach', link: '' },
    ]);
    expect(breadcrumbs(page('/opinie-o-pozyczkach/vivus/', 'lender'), 'Vivus')).toEqual([
      HOME,
      loans,
      { text: 'Opinie o pożyczkach', link: '/opinie-o-pozyczkach/' },
      { text: 'Vivus', link: '' },
    ]);
  });
});

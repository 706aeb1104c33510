import { MemoryCache } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import { notFound } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { pageRow } from '../../test/support/content-rows';
import { sameServiceError } from '../../test/support/service-errors';
import { type ArticlesRepository } from '../persistence/articles.repository';
import { type PagesRepository, type RouteRow } from '../persistence/pages.repository';
import { PagesUseCases } from './pages.use-cases';

const route = (path: string, type: RouteRow['type'], lastModified: string, link = path): RouteRow => ({
  path,
  type,
  link,
  lastModified: new Date(lastModified),
});

/** A page by path needs no article: any call fails the test. */
const noArticles = () => strictMock<ArticlesRepository>('articles');

describe('PagesUseCases.getPage', () => {
  let cache: MemoryCache;
  beforeEach(() => {
    cache = new MemoryCache({ logger: silentLogger() });
  });

  it('answers the contract Page: trail by kind, related links only to pages still published', async () => {
    const page = pageRow({ related: ['/placa-minimalna/', '/usunieta/'] });
    const headings = jest
      .fn()
      .mockResolvedValue(new Map([['/placa-minimalna/', 'Płaca minimalna w 2026 roku']]));
    const pages = strictMock<PagesRepository>('pages', {
      findPublished: jest.fn().mockResolvedValue(page),
      headings,
    });

    await expect(new PagesUseCases(pages, cache, noArticles()).getPage('/mala-pozyczka/')).resolves.toEqual({
      path: '/mala-pozyczka/',
      type: contentV1.RouteType.SEO,
      link: '/mala-pozyczka/',
      title: 'Mała pożyczka online',
      description: 'Jak porównać małe pożyczki online.',
      h1: 'Mała pożyczka',
      bodyHtml: page.bodyHtml,
      updatedAt: '2026-01-31T23:00:00.000Z',
      publishedAt: '2026-01-09T23:00:00.000Z',
      breadcrumbs: [
        { text: 'Strona główna', link: '/' },
        { text: 'Mała pożyczka', link: '' },
      ],
      faq: [{ question: 'Czy to bezpłatne?', answerHtml: '<p>Tak.</p>' }],
      imageUrl: '',
      canonicalUrl: '',
      noindex: false,
      introHtml: '<p>Krótko.</p>',
      toc: [{ anchor: 'koszty', title: 'Koszty', level: 2 }],
      related: [{ path: '/placa-minimalna/', title: 'Płaca minimalna w 2026 roku' }],
      showOffers: true,
      readingTimeMinutes: 2,
      wordCount: 320,
      offerBlock: {
        amountGrosze: 100_000,
        periodDays: 61,
        productTypes: ['payday'],
        firstLoanFreeOnly: false,
        ageFrom: 0,
        ageTo: 0,
        business: false,
        withoutCreditCheck: false,
        fallbackPath: '',
        fallbackTitle: '',
        applicantAgeFrom: 0,
        applicantAgeTo: 0,
        applicantDocuments: [],
      },
    });
    expect(headings).toHaveBeenCalledWith(['/placa-minimalna/', '/usunieta/']);
  });

  it('names the offers block’s fallback page by its H1, and leaves it out once unpublished', async () => {
    const block = { ...pageRow().offerBlock!, firstLoanFreeOnly: true, fallbackPath: '/chwilowki-online/' };
    const pages = strictMock<PagesRepository>('pages', {
      findPublished: jest
        .fn()
        .mockResolvedValueOnce(pageRow({ offerBlock: block }))
        .mockResolvedValueOnce(pageRow({ path: '/inna/', offerBlock: block }))
        .mockResolvedValueOnce(pageRow({ path: '/bez-bloku/', showOffers: false, offerBlock: null })),
      headings: jest
        .fn()
        .mockResolvedValueOnce(new Map([['/chwilowki-online/', 'Chwilówki online']]))
        .mockResolvedValue(new Map()),
    });
    const useCases = new PagesUseCases(pages, cache, noArticles());

    expect((await useCases.getPage('/mala-pozyczka/')).offerBlock).toMatchObject({
      firstLoanFreeOnly: true,
      fallbackPath: '/chwilowki-online/',
      fallbackTitle: 'Chwilówki online',
    });
    expect((await useCases.getPage('/inna/')).offerBlock).toMatchObject({
      fallbackPath: '',
      fallbackTitle: '',
    });
    expect((await useCases.getPage('/bez-bloku/')).offerBlock).toBeNull();
    expect(pages.headings).toHaveBeenCalledWith(['/chwilowki-online/']);
  });

  it('carries the group of borrowers a block speaks to, for the gateway to say what the form accepts', async () => {
    const block = {
      ...pageRow().offerBlock!,
      applicants: { ageFrom: 60, ageTo: 0, documents: ['passport', 'residenceCard'] },
    };
    const pages = strictMock<PagesRepository>('pages', {
      findPublished: jest.fn().mockResolvedValue(pageRow({ offerBlock: block })),
      headings: jest.fn().mockResolvedValue(new Map()),
    });
    expect(
      (await new PagesUseCases(pages, cache, noArticles()).getPage('/mala-pozyczka/')).offerBlock,
    ).toMatchObject({
      applicantAgeFrom: 60,
      applicantAgeTo: 0,
      applicantDocuments: ['passport', 'residenceCard'],
    });
  });

  it("ends a lender review's trail with the lender's name", async () => {
    const page = pageRow({
      id: 9,
      path: '/opinie-o-pozyczkach/vivus/',
      type: 'lender',
      h1: 'Vivus – opinie klientów',
    });
    const lenderName = jest.fn().mockResolvedValue('Vivus');
    const pages = strictMock<PagesRepository>('pages', {
      findPublished: jest.fn().mockResolvedValue(page),
      headings: jest.fn().mockResolvedValue(new Map()),
      lenderName,
    });

    const answer = await new PagesUseCases(pages, cache, noArticles()).getPage('/opinie-o-pozyczkach/vivus/');
    expect(answer.type).toBe(contentV1.RouteType.LENDER);
    expect(answer.breadcrumbs).toEqual([
      { text: 'Strona główna', link: '/' },
      { text: 'Pożyczki online', link: '/chwilowki-online/' },
      { text: 'Opinie o pożyczkach', link: '/opinie-o-pozyczkach/' },
      { text: 'Vivus', link: '' },
    ]);
    expect(lenderName).toHaveBeenCalledWith(9);
  });

  it('serves a page from the cache under cache:page:<path> without asking the repository again', async () => {
    const findPublished = jest.fn().mockResolvedValue(pageRow());
    const pages = strictMock<PagesRepository>('pages', {
      findPublished,
      headings: jest.fn().mockResolvedValue(new Map()),
    });
    const useCases = new PagesUseCases(pages, cache, noArticles());

    const first = await useCases.getPage('/mala-pozyczka/');
    await expect(useCases.getPage('/mala-pozyczka/')).resolves.toEqual(first);
    expect(findPublished).toHaveBeenCalledTimes(1);
    expect(await cache.get('cache:page:/mala-pozyczka/')).toMatchObject({ value: { h1: 'Mała pożyczka' } });
  });

  it('answers NOT_FOUND naming the path when nothing is published there, and remembers the miss', async () => {
    const findPublished = jest.fn().mockResolvedValue(null);
    const useCases = new PagesUseCases(
      strictMock<PagesRepository>('pages', { findPublished }),
      cache,
      noArticles(),
    );

    await expect(useCases.getPage('/nie-ma/')).rejects.toEqual(
      sameServiceError(notFound('page', '/nie-ma/')),
    );
    await expect(useCases.getPage('/nie-ma/')).rejects.toEqual(
      sameServiceError(notFound('page', '/nie-ma/')),
    );
    expect(findPublished).toHaveBeenCalledTimes(1);
  });
});

describe('PagesUseCases: route table and sitemap', () => {
  const routes = [
    route('/placa-minimalna/', 'blog', '2026-02-09T23:00:00Z'),
    route('/', 'page', '2026-01-01T10:00:00Z'),
    route('/blog/praca-i-kariera/', 'tag', '2026-03-31T22:30:00Z', 'praca-i-kariera'),
    route('/blog/kredyty/', 'tag', '2026-05-04T08:00:00Z', 'kredyty'),
  ];
  const articles = () =>
    strictMock<ArticlesRepository>('articles', {
      listedArticles: jest.fn().mockResolvedValue([
        { tags: ['praca-i-kariera', 'gospodarka'], written: '2025-09-16', edited: '2026-02-10' },
        { tags: ['praca-i-kariera'], written: '2026-01-20', edited: '2026-01-20' },
      ]),
    });

  it('lists every route in URL order, or those of one type, with the last change as an ISO time', async () => {
    const listRoutes = jest.fn().mockResolvedValue(routes);
    const useCases = new PagesUseCases(
      strictMock<PagesRepository>('pages', { listRoutes }),
      new MemoryCache({ logger: silentLogger() }),
      articles(),
    );

    await expect(useCases.listRoutes(contentV1.RouteType.UNSPECIFIED)).resolves.toEqual({
      routes: [
        { path: '/', type: contentV1.RouteType.PAGE, link: '/', updatedAt: '2026-01-01T10:00:00.000Z' },
        {
          path: '/blog/kredyty/',
          type: contentV1.RouteType.TAG,
          link: 'kredyty',
          updatedAt: '2026-05-04T08:00:00.000Z',
        },
        {
          path: '/blog/praca-i-kariera/',
          type: contentV1.RouteType.TAG,
          link: 'praca-i-kariera',
          updatedAt: '2026-03-31T22:30:00.000Z',
        },
        {
          path: '/placa-minimalna/',
          type: contentV1.RouteType.BLOG,
          link: '/placa-minimalna/',
          updatedAt: '2026-02-09T23:00:00.000Z',
        },
      ],
    });
    await expect(useCases.listRoutes(contentV1.RouteType.TAG)).resolves.toEqual({
      routes: [
        expect.objectContaining({ path: '/blog/kredyty/' }),
        expect.objectContaining({ path: '/blog/praca-i-kariera/' }),
      ],
    });
    // One route table in the cache serves both answers and the sitemap (and its listings).
    await useCases.listSitemapEntries('https://example.pl');
    expect(listRoutes).toHaveBeenCalledTimes(1);
  });

  it('builds sitemap entries as absolute URLs in URL order, dated by the Warsaw day, with their type', async () => {
    const useCases = new PagesUseCases(
      strictMock<PagesRepository>('pages', { listRoutes: jest.fn().mockResolvedValue(routes) }),
      new MemoryCache({ logger: silentLogger() }),
      articles(),
    );

    await expect(useCases.listSitemapEntries('https://example.pl')).resolves.toMatchObject({
      entries: [
        { loc: 'https://example.pl/', lastmod: '2026-01-01', type: contentV1.RouteType.PAGE },
        { loc: 'https://example.pl/blog/kredyty/', lastmod: '2026-05-04', type: contentV1.RouteType.TAG },
        // 22:30 UTC on 31 March is already 1 April in Warsaw (summer time).
        {
          loc: 'https://example.pl/blog/praca-i-kariera/',
          lastmod: '2026-04-01',
          type: contentV1.RouteType.TAG,
        },
        { loc: 'https://example.pl/placa-minimalna/', lastmod: '2026-02-10', type: contentV1.RouteType.BLOG },
      ],
    });
  });

  it('counts and dates the blog and every published tag listing once, for any origin', async () => {
    const listed = articles();
    const listRoutes = jest.fn().mockResolvedValue(routes);
    const cache = new MemoryCache({ logger: silentLogger() });
    const useCases = new PagesUseCases(strictMock<PagesRepository>('pages', { listRoutes }), cache, listed);

    const answer = await useCases.listSitemapEntries('https://example.pl');
    expect(answer.blog).toEqual({ articlesCount: 2, lastmod: '2026-02-10' });
    // Published tags only ('gospodarka' has no tag page here), by slug; one without articles undated.
    expect(answer.tags).toEqual([
      { slug: 'kredyty', articlesCount: 0, lastmod: '' },
      { slug: 'praca-i-kariera', articlesCount: 2, lastmod: '2026-02-10' },
    ]);
    const other = await useCases.listSitemapEntries('https://staging.example.pl');
    expect(other).toMatchObject({ blog: answer.blog, tags: answer.tags });
    // The entries and the listings read one route table; the articles are read once for both origins.
    expect(listRoutes).toHaveBeenCalledTimes(1);
    expect(listed.listedArticles).toHaveBeenCalledTimes(1);
    expect(await cache.get('cache:blog-listings')).toMatchObject({ value: { blog: answer.blog } });
  });
});

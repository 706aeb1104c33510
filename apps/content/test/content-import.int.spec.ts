import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { contentV1, type GrpcCallError } from '@lib/contracts';
import { warsawDay } from '@lib/pl-calendar';
import { copyFixtureContent, startTestService, type TestService } from '@lib/testing';
import { ArticleViewsUseCases } from '../src/application/article-views.use-cases';
import { CONTENT_CACHE_PREFIX } from '../src/application/content-cache';
import { ContentImportUseCases } from '../src/application/content-import.use-cases';
import { contentService } from '../src/content.service-definition';
import { ContentValidationError } from '../src/domain/content-issues';

const { RouteType, SitemapSection } = contentV1;

/** ListSitemapEntries of every entry (no section). */
const wholeSitemap = (baseUrl: string): contentV1.ListSitemapEntriesRequest => ({
  baseUrl,
  section: SitemapSection.UNSPECIFIED,
  offset: 0,
  limit: 0,
  chunkSize: 0,
});

const grpcError = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as GrpcCallError,
  );

/** Row versions of every content table: unchanged when an import wrote nothing. */
async function rowVersions(t: TestService<'content'>): Promise<string> {
  const tables = ['pages', 'articles', 'authors', 'tags', 'lender_reviews', 'navigation'];
  const parts = await Promise.all(
    tables.map(async (table) =>
      JSON.stringify(
        await t.service.dataSource.query(`SELECT xmin::text AS v FROM "content"."${table}" ORDER BY 1`),
      ),
    ),
  );
  return parts.join('|');
}

describe('editorial import and the content RPCs (real PostgreSQL)', () => {
  let t: TestService<'content'>;
  let content: { dir: string; remove(): Promise<void> };
  const importer = () => t.service.app.get(ContentImportUseCases);

  beforeAll(async () => {
    content = await copyFixtureContent();
    t = await startTestService(contentService, { env: { CONTENT_DIR: content.dir } });
  });
  afterAll(async () => {
    await t?.stop();
    await content?.remove();
  });

  describe('after the import at start', () => {
    it('answers an seo page with intro, FAQ, table of contents, related links and the offers block', async () => {
      const page = await t.client.getPage({ path: '/mala-pozyczka/' });
      expect(page).toMatchObject({
        type: RouteType.SEO,
        link: '/mala-pozyczka/',
        h1: 'Mała pożyczka online',
        showOffers: true,
        breadcrumbs: [
          { text: 'Strona główna', link: '/' },
          { text: 'Mała pożyczka online', link: '' },
        ],
        related: [
          { path: '/pozyczka-na-dowod/', title: 'Pożyczka na dowód osobisty' },
          { path: '/placa-minimalna/', title: 'Płaca minimalna w latach 2024–2026' },
        ],
      });
      expect(page.introHtml).toMatch(/^<p>.+<\/p>$/s);
      expect(page.faq.length).toBeGreaterThanOrEqual(3);
      expect(page.faq[0]!.answerHtml).toMatch(/^<p>/);
      expect(page.toc.length).toBeGreaterThanOrEqual(3);
      for (const entry of page.toc) expect(page.bodyHtml).toContain(`id="${entry.anchor}"`);
      expect(page.wordCount).toBeGreaterThanOrEqual(300);
      expect(page.readingTimeMinutes).toBe(Math.ceil(page.wordCount / 200));
      expect(page.updatedAt).toBe('2026-10-14T22:00:00.000Z'); // 15 October 2026, midnight in Warsaw
      // What its offers block shows, from its front matter.
      expect(page.offerBlock).toEqual({
        amountGrosze: 150_000,
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
      });
      // A fallback page is named by its H1; a document shows no block.
      expect((await t.client.getPage({ path: '/pozyczka-na-dowod/' })).offerBlock).toMatchObject({
        amountGrosze: 200_000,
        fallbackPath: '/mala-pozyczka/',
        fallbackTitle: 'Mała pożyczka online',
      });
      expect((await t.client.getPage({ path: '/o-nas/' })).offerBlock).toBeNull();
    });

    it('answers every kind of page with its route type, link and breadcrumbs', async () => {
      const home = { text: 'Strona główna', link: '/' };
      const blog = { text: 'Blog', link: '/blog/' };
      await expect(t.client.getPage({ path: '/placa-minimalna/' })).resolves.toMatchObject({
        type: RouteType.BLOG,
        breadcrumbs: [home, blog, { text: 'Płaca minimalna 2024–2026 – kwoty i zasady', link: '' }],
      });
      await expect(t.client.getPage({ path: '/blog/gospodarka/' })).resolves.toMatchObject({
        type: RouteType.TAG,
        link: 'gospodarka',
        h1: 'Gospodarka',
        breadcrumbs: [home, blog, { text: 'Gospodarka', link: '' }],
      });
      await expect(t.client.getPage({ path: '/autor/redakcja/' })).resolves.toMatchObject({
        type: RouteType.AUTHOR,
        h1: 'Redakcja Porównywarki',
      });
      await expect(t.client.getPage({ path: '/opinie-o-pozyczkach/vivus/' })).resolves.toMatchObject({
        type: RouteType.LENDER,
        breadcrumbs: [
          home,
          { text: 'Pożyczki online', link: '/chwilowki-online/' },
          { text: 'Opinie o pożyczkach', link: '/opinie-o-pozyczkach/' },
          { text: 'Vivus', link: '' },
        ],
      });
      const doc = await t.client.getPage({ path: '/polityka-cookies/' });
      expect(doc).toMatchObject({ type: RouteType.DOC, showOffers: false });
      expect(doc.bodyHtml).not.toMatch(/<script|\son\w+=/i);
      await expect(grpcError(t.client.getPage({ path: '/nie-ma-takiej-strony/' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });
    });

    it('lists every published route and the sitemap with lastmod dates', async () => {
      const { routes } = await t.client.listRoutes({ type: RouteType.UNSPECIFIED });
      const paths = routes.map((r) => r.path);
      expect(paths).toEqual([...paths].sort());
      expect(paths).toEqual(
        expect.arrayContaining([
          '/',
          '/mala-pozyczka/',
          '/placa-minimalna/',
          '/blog/kredyty/',
          '/autor/dzial-analiz/',
          '/opinie-o-pozyczkach/wandoo/',
        ]),
      );
      expect(routes.find((r) => r.path === '/blog/kredyty/')).toMatchObject({
        type: RouteType.TAG,
        link: 'kredyty',
      });
      const lenders = await t.client.listRoutes({ type: RouteType.LENDER });
      expect(lenders.routes.map((r) => r.path)).toEqual([
        '/opinie-o-pozyczkach/vivus/',
        '/opinie-o-pozyczkach/wandoo/',
      ]);

      const { entries } = await t.client.listSitemapEntries(wholeSitemap('https://example.pl'));
      expect(entries).toHaveLength(routes.length);
      const at = (path: string, lastmod: string, type: contentV1.RouteType) => ({
        loc: `https://example.pl${path}`,
        lastmod,
        type,
      });
      expect(entries).toContainEqual(at('/placa-minimalna/', '2026-09-22', RouteType.BLOG));
      expect(entries).toContainEqual(at('/mala-pozyczka/', '2026-10-15', RouteType.SEO));
      expect(entries.find((entry) => entry.loc.endsWith('/opinie-o-pozyczkach/vivus/'))?.type).toBe(
        RouteType.LENDER,
      );
      // Tag and author pages have no date of their own: the newest edited day of their articles, not the import's.
      expect(entries).toContainEqual(at('/blog/gospodarka/', '2026-09-22', RouteType.TAG));
      expect(entries).toContainEqual(at('/blog/swiadczenia-i-zasilki/', '2026-03-04', RouteType.TAG));
      expect(entries).toContainEqual(at('/autor/dzial-analiz/', '2026-03-04', RouteType.AUTHOR));
      expect(entries).toContainEqual(at('/autor/redakcja/', '2026-10-14', RouteType.AUTHOR));
      for (const entry of entries) expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const invalid = await grpcError(t.client.listSitemapEntries(wholeSitemap('example.pl/x')));
      expect(invalid.code).toBe(status.INVALID_ARGUMENT);
      expect(invalid.fieldViolations[0]?.field).toBe('baseUrl');
    });

    it('answers one section of the sitemap a page at a time, with its total and the dates of its chunks', async () => {
      const { entries: all } = await t.client.listSitemapEntries(wholeSitemap('https://example.pl'));
      const blogTypes: readonly contentV1.RouteType[] = [RouteType.BLOG, RouteType.TAG, RouteType.AUTHOR];
      const blog = all.filter((entry) => blogTypes.includes(entry.type));
      const pages = all.filter((entry) => !blogTypes.includes(entry.type));
      expect(blog.length).toBeGreaterThan(4);
      const part = (section: contentV1.SitemapSection, offset: number, limit: number, chunkSize = 0) =>
        t.client.listSitemapEntries({ baseUrl: 'https://example.pl', section, offset, limit, chunkSize });

      const first = await part(SitemapSection.BLOG, 0, 2, 3);
      expect(first.entries).toEqual(blog.slice(0, 2));
      expect(first.total).toBe(blog.length);
      const newest = (some: contentV1.SitemapEntry[]) =>
        some
          .map((entry) => entry.lastmod)
          .sort()
          .at(-1);
      const chunks = Array.from({ length: Math.ceil(blog.length / 3) }, (_, i) =>
        newest(blog.slice(i * 3, i * 3 + 3)),
      );
      expect(first.chunkLastmods).toEqual(chunks);
      expect((await part(SitemapSection.BLOG, 2, 1000)).entries).toEqual(blog.slice(2));
      // Limit 0: the counts and dates alone; past the end: none.
      expect(await part(SitemapSection.PAGES, 0, 0, 1000)).toMatchObject({
        entries: [],
        total: pages.length,
        chunkLastmods: [newest(pages)],
      });
      expect((await part(SitemapSection.PAGES, pages.length, 10)).entries).toEqual([]);
      expect((await part(SitemapSection.PAGES, 0, 1000)).entries).toEqual(pages);

      const tooMany = await grpcError(part(SitemapSection.BLOG, 0, 50_001));
      expect(tooMany.code).toBe(status.INVALID_ARGUMENT);
      expect(tooMany.fieldViolations[0]?.field).toBe('limit');
      const unknown = await grpcError(part(7 as contentV1.SitemapSection, 0, 10));
      expect(unknown.fieldViolations[0]?.field).toBe('section');
    });

    it('answers the blog and tag listings with the sitemap: counts, and dates as their pages have them', async () => {
      const sitemap = await t.client.listSitemapEntries(wholeSitemap('https://example.pl'));
      const lastmod = (path: string) =>
        sitemap.entries.find((entry) => entry.loc === `https://example.pl${path}`)?.lastmod;
      const { articles } = await t.client.listArticles({
        page: null,
        tagSlug: '',
        authorId: 0,
        authorSlug: '',
      });
      const changedOn = (article: contentV1.ArticleSummary) => article.editedAt || article.writtenAt;
      const newest = (some: contentV1.ArticleSummary[]) => some.map(changedOn).sort().at(-1) ?? '';

      expect(sitemap.blog).toEqual({ articlesCount: 3, lastmod: '2026-10-14' });
      expect(sitemap.blog!.lastmod).toBe(newest(articles));
      const { tags } = await t.client.listTags({});
      expect(sitemap.tags.map((tag) => tag.slug)).toEqual(tags.map((tag) => tag.slug).sort());
      expect(sitemap.tags.find((tag) => tag.slug === 'gospodarka')).toEqual({
        slug: 'gospodarka',
        articlesCount: 2,
        lastmod: '2026-09-22',
      });
      const { routes } = await t.client.listRoutes({ type: RouteType.TAG });
      for (const listing of sitemap.tags) {
        const tagged = articles.filter((article) => article.tagSlugs.includes(listing.slug));
        const tag = tags.find((candidate) => candidate.slug === listing.slug)!;
        expect({
          slug: listing.slug,
          articlesCount: listing.articlesCount,
          lastmod: listing.lastmod,
        }).toEqual({
          slug: listing.slug,
          articlesCount: tag.articlesCount,
          lastmod: newest(tagged),
        });
        expect(listing.articlesCount).toBe(tagged.length);
        // A tag with articles is dated by them on its page too; one without keeps its page's own date.
        const own = warsawDay(new Date(routes.find((route) => route.link === listing.slug)!.updatedAt));
        expect(lastmod(`/blog/${listing.slug}/`)).toBe(listing.lastmod || own);
      }
      expect(sitemap.tags.find((tag) => tag.slug === 'kalendarz')).toEqual({
        slug: 'kalendarz',
        articlesCount: 0,
        lastmod: '',
      });
    });

    it('pages through the blog newest first, by tag and by author', async () => {
      const all = await t.client.listArticles({ page: null, tagSlug: '', authorId: 0, authorSlug: '' });
      expect(all.articles.map((a) => a.slug)).toEqual([
        'placa-minimalna',
        'jak-sprawdzic-bik-za-darmo',
        'waloryzacja-emerytur',
      ]);
      expect(all.pageInfo).toEqual({ page: 1, pageSize: 9, totalItems: 3, totalPages: 1 });
      expect(all.articles[0]).toMatchObject({
        path: '/placa-minimalna/',
        writtenAt: '2025-09-16',
        editedAt: '2026-09-22',
        tagSlugs: ['praca-i-kariera', 'gospodarka'],
      });

      const second = await t.client.listArticles({
        page: { page: 2, pageSize: 2 },
        tagSlug: '',
        authorId: 0,
        authorSlug: '',
      });
      expect(second.articles.map((a) => a.slug)).toEqual(['waloryzacja-emerytur']);
      expect(second.pageInfo).toEqual({ page: 2, pageSize: 2, totalItems: 3, totalPages: 2 });

      const byTag = await t.client.listArticles({
        page: null,
        tagSlug: 'gospodarka',
        authorId: 0,
        authorSlug: '',
      });
      expect(byTag.articles.map((a) => a.slug)).toEqual(['placa-minimalna', 'waloryzacja-emerytur']);
      const byAuthor = await t.client.listArticles({
        page: null,
        tagSlug: '',
        authorId: 0,
        authorSlug: 'redakcja',
      });
      expect(byAuthor.articles.map((a) => a.slug)).toEqual(['placa-minimalna', 'jak-sprawdzic-bik-za-darmo']);

      await expect(
        grpcError(t.client.listArticles({ page: null, tagSlug: 'nieznany', authorId: 0, authorSlug: '' })),
      ).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });
      const negative = await grpcError(
        t.client.listArticles({ page: { page: -1, pageSize: 0 }, tagSlug: '', authorId: 0, authorSlug: '' }),
      );
      expect(negative.code).toBe(status.INVALID_ARGUMENT);
      expect(negative.fieldViolations[0]?.field).toBe('page.page');
    });

    it('answers an article with its table of contents, author, tags, sources, similar and popular articles', async () => {
      const article = await t.client.getArticle({ slug: 'placa-minimalna' });
      expect(article.summary).toMatchObject({
        slug: 'placa-minimalna',
        title: 'Płaca minimalna 2024–2026 – kwoty i zasady',
      });
      expect(article.h1).toBe('Płaca minimalna w latach 2024–2026');
      expect(article.author).toMatchObject({
        slug: 'redakcja',
        name: 'Redakcja Porównywarki',
        role: 'Zespół redakcyjny',
      });
      expect(article.tags.map((tag) => [tag.slug, tag.url])).toEqual([
        ['praca-i-kariera', '/blog/praca-i-kariera/'],
        ['gospodarka', '/blog/gospodarka/'],
      ]);
      expect(article.toc.length).toBeGreaterThan(0);
      expect(article.toc.every((entry) => article.bodyHtml.includes(`id="${entry.anchor}"`))).toBe(true);
      expect(article.sources.length).toBeGreaterThan(0);
      expect(article.sources.every((source) => /^https?:\/\//.test(source.url))).toBe(true);
      expect(article.wordCount).toBeGreaterThanOrEqual(500);
      expect(article.similar.map((a) => a.slug)).toEqual(['waloryzacja-emerytur']);
      expect(article.popular.map((a) => a.slug)).not.toContain('placa-minimalna');
      expect(article).toMatchObject({ ratingsCount: 0, ratingsSum: 0, commentsCount: 0 });
      await expect(grpcError(t.client.getArticle({ slug: 'nie-ma' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });
    });

    it('answers tags, authors, lender reviews and navigation', async () => {
      const { tags } = await t.client.listTags({});
      expect(tags).toHaveLength(14);
      expect(tags.map((tag) => tag.name)).toEqual(
        [...tags.map((tag) => tag.name)].sort((a, b) => a.localeCompare(b, 'pl')),
      );
      await expect(t.client.getTag({ slug: 'gospodarka' })).resolves.toMatchObject({
        name: 'Gospodarka',
        url: '/blog/gospodarka/',
        articlesCount: 2,
      });
      await expect(grpcError(t.client.getTag({ slug: 'nieznany' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });

      const author = await t.client.getAuthor({ slug: 'dzial-analiz', id: 0, page: null });
      expect(author.summary).toMatchObject({ slug: 'dzial-analiz', name: 'Dział analiz rynku' });
      expect(author.bioHtml).toMatch(/^<p>/);
      expect(author.articles.map((a) => a.slug)).toEqual(['waloryzacja-emerytur']);
      expect(author.pageInfo).toEqual({ page: 1, pageSize: 9, totalItems: 1, totalPages: 1 });
      await expect(
        t.client.getAuthor({ slug: '', id: author.summary!.id, page: null }),
      ).resolves.toMatchObject({ summary: { slug: 'dzial-analiz' } });
      await expect(grpcError(t.client.getAuthor({ slug: 'nikt', id: 0, page: null }))).resolves.toMatchObject(
        { code: status.NOT_FOUND },
      );

      const { lenders } = await t.client.listLenderReviews({});
      expect(lenders.map((l) => [l.slug, l.path, l.name])).toEqual([
        ['vivus', '/opinie-o-pozyczkach/vivus/', 'Vivus'],
        ['wandoo', '/opinie-o-pozyczkach/wandoo/', 'Wandoo'],
      ]);
      const vivus = await t.client.getLenderReview({ slug: 'vivus' });
      expect(vivus).toMatchObject({
        title: 'Vivus – opinie, warunki i wniosek online',
        // Lender facts are the offers service's (GetLenderFacts); the review carries none.
        infoCheckedAt: '',
        offerId: 0,
      });
      expect(vivus.subtitle.length).toBeGreaterThan(0);
      expect(vivus.faq.length).toBeGreaterThanOrEqual(3);
      expect(vivus.info).toEqual([]);
      await expect(grpcError(t.client.getLenderReview({ slug: 'zefin' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });

      const navigation = await t.client.getNavigation({});
      expect(navigation.menuGroups.map((g) => g.title)).toEqual(['Pożyczki', 'Kredyty', 'Rankingi']);
      expect(navigation.footerColumns.map((c) => c.id)).toEqual(['loans', 'credits', 'cities', 'company']);
      expect(navigation.dataRemovalLink).toMatchObject({ text: 'Usuń moje dane', link: '/unsubscribe/' });
      expect(navigation.partners.length).toBeGreaterThan(0);
    });
  });

  describe('article views', () => {
    it('counts a visit once per session and flushes the counts to PostgreSQL', async () => {
      const session = randomUUID();
      await expect(
        t.client.recordArticleView({ slug: 'waloryzacja-emerytur', sessionId: session }),
      ).resolves.toEqual({ views: 1, counted: true });
      await expect(
        t.client.recordArticleView({ slug: 'waloryzacja-emerytur', sessionId: session }),
      ).resolves.toEqual({ views: 1, counted: false });
      await expect(
        t.client.recordArticleView({ slug: 'waloryzacja-emerytur', sessionId: '' }),
      ).resolves.toEqual({ views: 2, counted: true });

      await expect(t.service.app.get(ArticleViewsUseCases).flush()).resolves.toBe(2);
      const [row] = await t.service.dataSource.query<{ views: number }[]>(
        `SELECT views::int AS views FROM "content"."articles" WHERE slug = 'waloryzacja-emerytur'`,
      );
      expect(row!.views).toBe(2);
      await expect(
        t.client.recordArticleView({ slug: 'waloryzacja-emerytur', sessionId: randomUUID() }),
      ).resolves.toEqual({ views: 3, counted: true });
      await t.service.app.get(ArticleViewsUseCases).flush();

      await t.service.cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
      const popular = await t.client.listPopularArticles({ limit: 0 });
      expect(popular.articles[0]).toMatchObject({ slug: 'waloryzacja-emerytur', views: 3 });
    });

    it('refuses unknown articles and malformed session ids', async () => {
      await expect(
        grpcError(t.client.recordArticleView({ slug: 'nie-ma', sessionId: '' })),
      ).resolves.toMatchObject({ code: status.NOT_FOUND });
      const bad = await grpcError(t.client.recordArticleView({ slug: 'placa-minimalna', sessionId: 'abc' }));
      expect(bad.code).toBe(status.INVALID_ARGUMENT);
      expect(bad.fieldViolations[0]?.field).toBe('sessionId');
    });
  });

  describe('importing again', () => {
    it('writes nothing when no file changed', async () => {
      const before = await rowVersions(t);
      const result = await importer().run();
      expect(result).toMatchObject({ created: 0, updated: 0, unpublished: [], navigation: 'unchanged' });
      expect(result.unchanged).toBe(3 + 1 + 3 + 2 + 14 + 2); // pages, docs, articles, authors, tags, lenders
      expect(await rowVersions(t)).toBe(before);
    });

    it('rewrites a changed file only, and readers see it at once (cache cleared)', async () => {
      await t.client.getPage({ path: '/pozyczka-na-dowod/' }); // cached now
      const file = path.join(content.dir, 'pages/pozyczka-na-dowod.md');
      const original = await readFile(file, 'utf8');
      await writeFile(
        file,
        original.replace('h1: Pożyczka na dowód osobisty', 'h1: Pożyczka na dowód osobisty – poradnik'),
      );
      await expect(importer().run()).resolves.toMatchObject({ created: 0, updated: 1 });
      await expect(t.client.getPage({ path: '/pozyczka-na-dowod/' })).resolves.toMatchObject({
        h1: 'Pożyczka na dowód osobisty – poradnik',
      });
      await writeFile(file, original);
      await importer().run();
    });

    it('dates the blog, tag and author pages anew when an article is edited, and counts a removed one out', async () => {
      const sitemap = () => t.client.listSitemapEntries(wholeSitemap('https://example.pl'));
      const dates = async () => {
        const answer = await sitemap();
        const lastmod = (path: string) =>
          answer.entries.find((entry) => entry.loc === `https://example.pl${path}`)?.lastmod;
        const tag = (slug: string) => answer.tags.find((listing) => listing.slug === slug);
        return {
          blog: answer.blog,
          gospodarka: [tag('gospodarka'), lastmod('/blog/gospodarka/')],
          zasilki: [tag('swiadczenia-i-zasilki'), lastmod('/blog/swiadczenia-i-zasilki/')],
          kredyty: [tag('kredyty'), lastmod('/blog/kredyty/')],
          authors: [lastmod('/autor/dzial-analiz/'), lastmod('/autor/redakcja/')],
        };
      };
      const before = await dates(); // cached now: the import must clear it
      expect(before).toEqual({
        blog: { articlesCount: 3, lastmod: '2026-10-14' },
        gospodarka: [{ slug: 'gospodarka', articlesCount: 2, lastmod: '2026-09-22' }, '2026-09-22'],
        zasilki: [{ slug: 'swiadczenia-i-zasilki', articlesCount: 1, lastmod: '2026-03-04' }, '2026-03-04'],
        kredyty: [{ slug: 'kredyty', articlesCount: 1, lastmod: '2026-10-14' }, '2026-10-14'],
        authors: ['2026-03-04', '2026-10-14'],
      });

      const file = path.join(content.dir, 'articles/waloryzacja-emerytur.md');
      const original = await readFile(file, 'utf8');
      try {
        await writeFile(file, original.replace(/^edited: 2026-03-04$/m, 'edited: 2026-11-02'));
        await expect(importer().run()).resolves.toMatchObject({ updated: 1 });
        expect(await dates()).toEqual({
          blog: { articlesCount: 3, lastmod: '2026-11-02' },
          gospodarka: [{ slug: 'gospodarka', articlesCount: 2, lastmod: '2026-11-02' }, '2026-11-02'],
          zasilki: [{ slug: 'swiadczenia-i-zasilki', articlesCount: 1, lastmod: '2026-11-02' }, '2026-11-02'],
          kredyty: before.kredyty,
          authors: ['2026-11-02', '2026-10-14'],
        });

        await rm(file);
        await expect(importer().run()).resolves.toMatchObject({ unpublished: ['/waloryzacja-emerytur/'] });
        const removed = await sitemap();
        expect(removed.blog).toEqual({ articlesCount: 2, lastmod: '2026-10-14' });
        expect(removed.tags.find((tag) => tag.slug === 'gospodarka')).toEqual({
          slug: 'gospodarka',
          articlesCount: 1,
          lastmod: '2026-09-22',
        });
        expect(removed.tags.find((tag) => tag.slug === 'swiadczenia-i-zasilki')).toMatchObject({
          articlesCount: 0,
          lastmod: '',
        });
      } finally {
        await writeFile(file, original);
        await importer().run();
      }
      expect(await dates()).toEqual(before);
    });

    it('unpublishes the page of a removed file and publishes it again, views kept, when it returns', async () => {
      const file = path.join(content.dir, 'articles/waloryzacja-emerytur.md');
      const original = await readFile(file);
      await rm(file);
      await expect(importer().run()).resolves.toMatchObject({ unpublished: ['/waloryzacja-emerytur/'] });
      await expect(grpcError(t.client.getPage({ path: '/waloryzacja-emerytur/' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });
      await expect(grpcError(t.client.getArticle({ slug: 'waloryzacja-emerytur' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });
      await expect(t.client.getTag({ slug: 'gospodarka' })).resolves.toMatchObject({ articlesCount: 1 });
      const { routes } = await t.client.listRoutes({ type: RouteType.UNSPECIFIED });
      expect(routes.map((r) => r.path)).not.toContain('/waloryzacja-emerytur/');

      await writeFile(file, original);
      await expect(importer().run()).resolves.toMatchObject({ updated: 1, unpublished: [] });
      await expect(t.client.getArticle({ slug: 'waloryzacja-emerytur' })).resolves.toMatchObject({
        summary: { views: 3 },
      });
    });

    it('stops on a malformed file, naming file and field, writes nothing and keeps serving the last good content', async () => {
      const file = path.join(content.dir, 'pages/mala-pozyczka.md');
      const original = await readFile(file, 'utf8');
      await writeFile(
        file,
        original.replace(/^title: .*$/m, `title: ${'Bardzo długi tytuł strony '.repeat(4)}`),
      );
      const before = await rowVersions(t);
      try {
        const error = (await importer()
          .run()
          .catch((e: unknown) => e)) as ContentValidationError;
        expect(error).toBeInstanceOf(ContentValidationError);
        expect(error.issues).toEqual([
          {
            file: 'content/pages/mala-pozyczka.md',
            field: 'title',
            message: 'must be at most 60 characters',
          },
        ]);
        expect(error.message).toContain(
          'content/pages/mala-pozyczka.md: title: must be at most 60 characters',
        );
        expect(await rowVersions(t)).toBe(before);
        await expect(t.client.getPage({ path: '/mala-pozyczka/' })).resolves.toMatchObject({
          h1: 'Mała pożyczka online',
        });

        // As at service start: logged, not thrown.
        const logged = jest.spyOn(t.logger, 'error');
        await expect(importer().runAtStart()).resolves.toBeUndefined();
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ problems: 1 }),
          expect.stringContaining('content/pages/mala-pozyczka.md: title: must be at most 60 characters'),
        );
        logged.mockRestore();
      } finally {
        await writeFile(file, original);
      }
    });
  });
});

describe('a content service whose content is invalid at start', () => {
  it('starts, reports ready and serves the content it already had', async () => {
    const content = await copyFixtureContent();
    await writeFile(
      path.join(content.dir, 'articles/placa-minimalna.md'),
      '---\ntitle: [bez końca\n---\nTekst',
    );
    const t = await startTestService(contentService, { env: { CONTENT_DIR: content.dir } });
    try {
      await expect(t.healthCheck(`content.v1.ContentService`)).resolves.toBe(1); // SERVING
      await expect(t.client.getPage({ path: '/' })).resolves.toMatchObject({ type: RouteType.PAGE });
      await expect(grpcError(t.client.getPage({ path: '/mala-pozyczka/' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });
    } finally {
      await t.stop();
      await content.remove();
    }
  });
});

import { contentV1, type ServiceClient } from '@lib/contracts';
import { warsawDay } from '@lib/pl-calendar';
import { SAMPLE_GUIDE_COUNT, sampleGuideSlug } from '@lib/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What the real content service answers for the sample site (writeSampleSite() of @lib/testing:
 * the shared fixture tree plus its additions), recorded once into fixtures/content-answers.json.
 * The fake content service (content-fixtures.ts) answers from it, so the fast fake-based tests and
 * the stack tests render the same pages, articles and lenders, defined once in libs/testing.
 *
 * stack.int.spec.ts records the answers again from the real service and fails when they differ
 * from the file; after a change to the fixture tree, the sample site or the content service's
 * rendering, write the file anew with
 *   UPDATE_CONTENT_ANSWERS=1 npx jest -c apps/gateway/jest.config.cjs stack.int
 */

export const CONTENT_ANSWERS_FILE = path.join(__dirname, '../fixtures/content-answers.json');

/**
 * Pages with no date of their own (authors, blog sections) are dated by the import, i.e. the day
 * the test runs (Warsaw time); the file holds this token in their sitemap lastmod instead of the
 * day it was recorded, so the comparison holds on any day and across midnight in Warsaw.
 */
const IMPORT_DAY = '{{import-day}}';

const importDay = () => warsawDay(new Date());

/** The sitemap is recorded with this base URL (the gateway's default PUBLIC_ORIGIN). */
export const RECORDED_BASE_URL = 'http://localhost:3000';

export interface ContentAnswers {
  /** GetPage of every published page route (pages, SEO pages, documents, articles). */
  pages: Record<string, contentV1.Page>;
  /**
   * GetArticle of the articles of the fixture tree (the sample site's 20 generated guides are
   * kept as summaries only: the file stays small and no test opens them).
   */
  articles: Record<string, contentV1.Article>;
  /** Every article, newest first (ListArticles). */
  summaries: contentV1.ArticleSummary[];
  /** ListTags. */
  tags: contentV1.Tag[];
  /** GetAuthor without the article list (the fake lists summaries by author id). */
  authors: Record<string, Pick<contentV1.Author, 'summary' | 'bioHtml'>>;
  /** ListLenderReviews. */
  lenders: contentV1.LenderReviewSummary[];
  /** GetLenderReview of every lender. */
  lenderReviews: Record<string, contentV1.LenderReview>;
  navigation: contentV1.Navigation;
  /** ListSitemapEntries with RECORDED_BASE_URL. */
  sitemap: contentV1.SitemapEntry[];
}

const PAGE_ROUTES: readonly contentV1.RouteType[] = [
  contentV1.RouteType.PAGE,
  contentV1.RouteType.SEO,
  contentV1.RouteType.DOC,
  contentV1.RouteType.BLOG,
];

const GENERATED = new Set(
  Array.from({ length: SAMPLE_GUIDE_COUNT }, (_, index) => sampleGuideSlug(index + 1)),
);

/** Asks the real content service everything the fake answers from. Call it before any view or comment. */
export async function recordContentAnswers(content: ServiceClient<'content'>): Promise<ContentAnswers> {
  const { routes } = await content.listRoutes({ type: contentV1.RouteType.UNSPECIFIED });
  const pagePaths = routes.filter((route) => PAGE_ROUTES.includes(route.type)).map((route) => route.path);
  const listing = await content.listArticles({
    page: { page: 1, pageSize: 100 },
    tagSlug: '',
    authorId: 0,
    authorSlug: '',
  });
  if (listing.pageInfo!.totalItems > listing.articles.length)
    throw new Error('more articles than one listing page: record them in pages');
  const articleSlugs = listing.articles.map((article) => article.slug).filter((slug) => !GENERATED.has(slug));
  const pages = await Promise.all(
    pagePaths
      .filter((pagePath) => !GENERATED.has(pagePath.slice(1, -1)))
      .map((pagePath) => content.getPage({ path: pagePath })),
  );
  const articles = await Promise.all(articleSlugs.map((slug) => content.getArticle({ slug })));
  const { tags } = await content.listTags({});
  const authorSlugs = routes
    .filter((route) => route.type === contentV1.RouteType.AUTHOR)
    .map((route) => route.path.split('/')[2]!);
  const authors = await Promise.all(
    authorSlugs.map((slug) => content.getAuthor({ slug, id: 0, page: { page: 1, pageSize: 1 } })),
  );
  const { lenders } = await content.listLenderReviews({});
  const lenderReviews = await Promise.all(
    lenders.map((lender) => content.getLenderReview({ slug: lender.slug })),
  );
  const navigation = await content.getNavigation({});
  const { entries } = await content.listSitemapEntries({
    baseUrl: RECORDED_BASE_URL,
    section: contentV1.SitemapSection.UNSPECIFIED,
    offset: 0,
    limit: 0,
    chunkSize: 0,
  });
  return {
    pages: Object.fromEntries(pages.map((page) => [page.path, page])),
    articles: Object.fromEntries(articles.map((article) => [article.summary!.slug, article])),
    summaries: listing.articles,
    tags,
    authors: Object.fromEntries(
      authors.map((author) => [author.summary!.slug, { summary: author.summary, bioHtml: author.bioHtml }]),
    ),
    lenders,
    lenderReviews: Object.fromEntries(lenderReviews.map((review) => [review.summary!.slug, review])),
    navigation,
    sitemap: entries,
  };
}

/** Numbers travel as strings in JSON where protobuf has int64; normalise to what the file holds. */
export function asStored(answers: ContentAnswers): ContentAnswers {
  return JSON.parse(JSON.stringify(answers)) as ContentAnswers;
}

export function writeContentAnswers(answers: ContentAnswers): void {
  const today = importDay();
  // A recorded page's lastmod is its own `updated` date, which may fall on the recording day;
  // only the addresses without a page of their own (tag pages, lender reviews) date from the import.
  const pagePaths = new Set(Object.keys(answers.pages));
  const ownDate = (loc: string) =>
    pagePaths.has(loc.slice(RECORDED_BASE_URL.length).replaceAll('&amp;', '&'));
  const sitemap = answers.sitemap.map((entry) =>
    entry.lastmod === today && !ownDate(entry.loc) ? { ...entry, lastmod: IMPORT_DAY } : entry,
  );
  writeFileSync(CONTENT_ANSWERS_FILE, `${JSON.stringify({ ...answers, sitemap }, null, 1)}\n`);
}

let loaded: ContentAnswers | undefined;

/** The recorded answers (read once per test file; treat as read-only, copy before changing). */
export function contentAnswers(): ContentAnswers {
  if (!loaded) {
    const stored = JSON.parse(readFileSync(CONTENT_ANSWERS_FILE, 'utf8')) as ContentAnswers;
    const today = importDay();
    const sitemap = stored.sitemap.map((entry) =>
      entry.lastmod === IMPORT_DAY ? { ...entry, lastmod: today } : entry,
    );
    loaded = { ...stored, sitemap };
  }
  return loaded;
}

/** A recorded answer by key, failing loudly when the sample site no longer has it. */
export function answer<T>(table: Record<string, T>, key: string): T {
  const found = table[key];
  if (found === undefined)
    throw new Error(`the recorded content answers have no ${key}; re-record them (see content-answers.ts)`);
  return found;
}

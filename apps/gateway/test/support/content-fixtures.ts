import { status } from '@grpc/grpc-js';
import { contentV1, richStatusMetadata } from '@lib/contracts';
import { holidayCalendar, MAX_YEAR, MIN_YEAR } from '@lib/pl-calendar';
import { SAMPLE_SCHOOL_BREAKS } from '@lib/testing';
import { answer, contentAnswers, RECORDED_BASE_URL } from './content-answers';
import { FakeGrpcError, type FakeHandler } from './fake-grpc';
import { CATALOGUE_FACTS, OFFERS } from './fixtures';

/*
 * A fake content service with every editorial RPC the gateway calls. Its pages, articles, tags,
 * authors, lenders, navigation and sitemap are what the real content service answered for the
 * sample site of @lib/testing (content-answers.ts): defined once, in libs/testing, and shared with
 * the content service's tests and the stack tests. What a visitor adds (views, comments, lender
 * ratings) and what the real service does not produce yet (a lender linked to an offer) is the
 * fake's own, below. Assertions read the same constants.
 */

const RECORDED = contentAnswers();
const clone = <T>(value: T): T => structuredClone(value);

export const HOME_PAGE = answer(RECORDED.pages, '/');
export const ABOUT_PAGE = answer(RECORDED.pages, '/o-nas/');
/** An SEO landing page with intro, contents, FAQ, related pages and offers. */
export const SEO_PAGE = answer(RECORDED.pages, '/mala-pozyczka/');
export const DOC_PAGE = answer(RECORDED.pages, '/polityka-cookies/');
export const REVIEWS_PAGE = answer(RECORDED.pages, '/opinie-o-pozyczkach/');

export const ARTICLE_SLUG = 'placa-minimalna';
export const ARTICLE_PAGE = answer(RECORDED.pages, `/${ARTICLE_SLUG}/`);

/** Every tag with its article count (some have none). */
export const TAGS: contentV1.Tag[] = RECORDED.tags;
/** Every article, newest first: 23, three listing pages of nine. */
export const ARTICLES: contentV1.ArticleSummary[] = RECORDED.summaries;
/** The author of most articles (the fixture's two and the sample site's 20 guides). */
export const AUTHOR = answer(RECORDED.authors, 'redakcja').summary!;
export const AUTHOR_BIO_HTML = answer(RECORDED.authors, 'redakcja').bioHtml;
export const NAVIGATION: contentV1.Navigation = RECORDED.navigation;

/** Views of the article before the test's own beacons (the recording has none). */
export const ARTICLE_VIEWS = 12345;

export interface FakeContent {
  handlers: Record<string, FakeHandler>;
  /** RecordArticleView requests received, in order. */
  views: contentV1.RecordArticleViewRequest[];
  /** SubmitComment requests received, in order (valid or not). */
  submissions: contentV1.SubmitCommentRequest[];
  /** ListComments requests received, and those GetArticlePage and GetLenderReviewPage list with, in order. */
  commentLists: contentV1.ListCommentsRequest[];
}

const VISITOR = 1;
const COMPANY = 2;
const EXPERT = 3;

/** A published comment of the fake; ids count down so newer comments have larger ids. */
function comment(
  id: number,
  name: string,
  text: string,
  rating: number,
  createdAt: string,
  replies: contentV1.Comment[] = [],
): contentV1.Comment {
  return { id, replyTo: 0, name, authorType: VISITOR, text, rating, createdAt, replies };
}

/**
 * Published comments of the article, newest first: 12 top-level (two pages of ten) and two staff
 * replies under the newest. Ratings: 12 comments rated, sum 44.
 */
export const ARTICLE_COMMENTS: contentV1.Comment[] = [
  comment(
    112,
    'Marta z Gdańska',
    'Bardzo przydatne wyliczenie netto, dzięki!\nDruga linia komentarza.',
    5,
    '2026-10-03T18:30:00Z',
    [
      {
        id: 200,
        replyTo: 112,
        name: 'Zespół Porównywarki',
        authorType: COMPANY,
        text: 'Dziękujemy, cieszymy się, że pomogło.',
        rating: 0,
        createdAt: '2026-10-04T08:00:00Z',
        replies: [],
      },
      {
        id: 201,
        replyTo: 112,
        name: 'Anna Kowalczyk',
        authorType: EXPERT,
        text: 'Stawka godzinowa też rośnie od stycznia.',
        rating: 0,
        createdAt: '2026-10-04T09:00:00Z',
        replies: [],
      },
    ],
  ),
  ...Array.from({ length: 11 }, (_, index) =>
    comment(
      111 - index,
      `Czytelnik ${11 - index}`,
      `Komentarz numer ${11 - index} <b>bez HTML</b>.`,
      index % 2 === 0 ? 4 : 3,
      `2026-09-${String(20 - index).padStart(2, '0')}T10:00:00Z`,
    ),
  ),
];
export const ARTICLE_COMMENTS_TOTAL = ARTICLE_COMMENTS.length + 2;

/** What the fake service answers to an invalid comment, like the real one (field + Polish text). */
export const FAKE_VIOLATIONS = {
  email: 'Wprowadź prawidłowy adres e-mail',
  text: 'Wpisz treść komentarza (od 3 do 5000 znaków)',
  rating: 'Wybierz ocenę od 1 do 5',
  replyTo: 'Komentarz, na który odpowiadasz, nie istnieje',
};

/** The article as the fake answers it: recorded, with the views and the ratings of its comments above. */
export const ARTICLE: contentV1.Article = (() => {
  const article = clone(answer(RECORDED.articles, ARTICLE_SLUG));
  const rated = ARTICLE_COMMENTS.filter((c) => c.rating > 0);
  return {
    ...article,
    summary: { ...article.summary!, views: ARTICLE_VIEWS },
    ratingsCount: rated.length,
    ratingsSum: rated.reduce((sum, c) => sum + c.rating, 0),
    commentsCount: ARTICLE_COMMENTS_TOTAL,
  };
})();

/** Visitors' ratings of a lender (the recording has none): Vivus has 128 reviews, 4.6 on average. */
const LENDER_RATINGS: Record<string, Pick<contentV1.LenderReviewSummary, 'reviewsCount' | 'ratingsSum'>> = {
  vivus: { reviewsCount: 128, ratingsSum: 589 },
};
/** The lender the fake links to an offer (the content service links none yet): its page shows the offer. */
export const LENDER_WITH_OFFER = 'kuki';

export const LENDERS: contentV1.LenderReviewSummary[] = RECORDED.lenders.map((lender) => ({
  ...lender,
  ...LENDER_RATINGS[lender.slug],
}));

export const LENDER_REVIEWS: Record<string, contentV1.LenderReview> = Object.fromEntries(
  Object.entries(RECORDED.lenderReviews).map(([slug, review]) => [
    slug,
    {
      ...review,
      summary: LENDERS.find((lender) => lender.slug === slug)!,
      offerId: slug === LENDER_WITH_OFFER ? OFFERS[0]!.offerId! : review.offerId,
    },
  ]),
);

/** A lender whose facts are known (company, amounts, period, first loan free) and one whose facts are all unknown. */
export const LENDER_WITH_FACTS = answer(LENDER_REVIEWS, 'kuki');
export const VIVUS_REVIEW = answer(LENDER_REVIEWS, 'vivus');

export interface FakeContentOptions {
  /** Pages answered instead of the recorded ones at their paths (a test's own variant of a page). */
  pages?: contentV1.Page[];
  /** Sitemap entries after the recorded ones: [path, lastmod]. */
  sitemap?: [string, string][];
}

/** The day an article last changed, as the content service dates a listing by it: its edit, else its writing. */
const changedOn = (article: contentV1.ArticleSummary) => article.editedAt || article.writtenAt;
const newestChange = (articles: readonly contentV1.ArticleSummary[]) =>
  articles.map(changedOn).sort().at(-1) ?? '';

/**
 * The blog and tag listings ListSitemapEntries answers with its entries, counted and dated from
 * ARTICLES and TAGS as the content service does (its tag and author entries are already dated so
 * in the recording).
 */
export const SITEMAP_LISTINGS: Pick<contentV1.ListSitemapEntriesResponse, 'blog' | 'tags'> = {
  blog: { articlesCount: ARTICLES.length, lastmod: newestChange(ARTICLES) },
  tags: TAGS.map((tag) => {
    const tagged = ARTICLES.filter((article) => article.tagSlugs.includes(tag.slug));
    return { slug: tag.slug, articlesCount: tagged.length, lastmod: newestChange(tagged) };
  }).sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)),
};

/** The content service's sitemap section of a page type: the blog's pages apart from the rest. */
const sitemapSectionOf = (type: contentV1.RouteType): contentV1.SitemapSection =>
  type === contentV1.RouteType.BLOG || type === contentV1.RouteType.TAG || type === contentV1.RouteType.AUTHOR
    ? contentV1.SitemapSection.BLOG
    : contentV1.SitemapSection.PAGES;

function pageInfo(page: number, pageSize: number, totalItems: number) {
  return { page, pageSize, totalItems, totalPages: Math.ceil(totalItems / pageSize) };
}

const notFound = (what: string) => new FakeGrpcError(status.NOT_FOUND, `${what} not found`);

function submitComment(
  request: contentV1.SubmitCommentRequest,
  submissions: contentV1.SubmitCommentRequest[],
) {
  submissions.push(request);
  const violations: { field: string; description: string }[] = [];
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(request.email.trim()))
    violations.push({ field: 'email', description: FAKE_VIOLATIONS.email });
  if (request.text.trim().length < 3 || request.text.length > 5000)
    violations.push({ field: 'text', description: FAKE_VIOLATIONS.text });
  if (request.replyTo === 0 && (request.rating < 1 || request.rating > 5))
    violations.push({ field: 'rating', description: FAKE_VIOLATIONS.rating });
  if (request.replyTo !== 0 && !ARTICLE_COMMENTS.some((c) => c.id === request.replyTo))
    violations.push({ field: 'replyTo', description: FAKE_VIOLATIONS.replyTo });
  if (violations.length > 0) {
    throw new FakeGrpcError(
      status.INVALID_ARGUMENT,
      'request is invalid',
      richStatusMetadata({
        code: status.INVALID_ARGUMENT,
        message: 'request is invalid',
        fieldViolations: violations,
      }),
    );
  }
  return { commentId: 500 + submissions.length, state: 1, createdAt: '2026-10-05T10:00:00Z' };
}

/** One handler's answer, awaited: the fake's handlers answer at once or with a promise. */
const answerOf = async <T>(
  handlers: Record<string, FakeHandler>,
  rpc: string,
  request: unknown,
): Promise<T> => (await handlers[rpc]!(request)) as T;

/** A page's comments as the pages answered with them carry them: listed, or unavailable when ListComments fails. */
async function commentsPart(
  handlers: Record<string, FakeHandler>,
  request: contentV1.ListCommentsRequest,
): Promise<Pick<contentV1.ArticlePage, 'comments' | 'commentsUnavailable'>> {
  try {
    const comments = await answerOf<contentV1.ListCommentsResponse>(handlers, 'ListComments', request);
    return { comments, commentsUnavailable: false };
  } catch {
    return { comments: null, commentsUnavailable: true };
  }
}

/*
 * The pages answered with their comments (GetArticlePage, GetLenderReviewPage), composed from the
 * fake's own GetPage, GetArticle, GetLenderReview and ListComments as the content service composes
 * them. The parts are looked up in `handlers` per call, so a test that replaces one (a failing
 * ListComments, a page down) changes the composed answer too, and `commentLists` records the lists
 * they ask for.
 */

async function articlePage(
  handlers: Record<string, FakeHandler>,
  request: contentV1.GetArticlePageRequest,
): Promise<contentV1.ArticlePage> {
  const { path, commentSort, commentPage } = request;
  const page = await answerOf<contentV1.Page>(handlers, 'GetPage', { path });
  const comments = await commentsPart(handlers, { pagePath: path, sort: commentSort, page: commentPage });
  if (page.type !== contentV1.RouteType.BLOG) return { page, article: null, ...comments };
  const article = await answerOf<contentV1.Article>(handlers, 'GetArticle', { slug: path.slice(1, -1) });
  return { page: { ...page, bodyHtml: '' }, article, ...comments };
}

async function lenderReviewPage(
  handlers: Record<string, FakeHandler>,
  request: contentV1.GetLenderReviewPageRequest,
): Promise<contentV1.LenderReviewPage> {
  const { slug, commentSort, commentPage } = request;
  const review = await answerOf<contentV1.LenderReview>(handlers, 'GetLenderReview', { slug });
  const pagePath = `/opinie-o-pozyczkach/${slug}/`;
  return { review, ...(await commentsPart(handlers, { pagePath, sort: commentSort, page: commentPage })) };
}

export function createFakeContent(options: FakeContentOptions = {}): FakeContent {
  const views: contentV1.RecordArticleViewRequest[] = [];
  const submissions: contentV1.SubmitCommentRequest[] = [];
  const commentLists: contentV1.ListCommentsRequest[] = [];
  const pages = new Map(Object.entries(RECORDED.pages));
  for (const page of options.pages ?? []) pages.set(page.path, page);
  const authorId = (slug: string) => RECORDED.authors[slug]?.summary?.id;

  const handlers: Record<string, FakeHandler> = {
    GetPage: (request) => {
      const { path } = request as contentV1.GetPageRequest;
      const page = pages.get(path);
      if (!page) throw notFound(`page ${path}`);
      return page;
    },
    GetArticle: (request) => {
      const { slug } = request as contentV1.GetArticleRequest;
      if (slug === ARTICLE_SLUG) return ARTICLE;
      const article = RECORDED.articles[slug];
      if (!article) throw notFound(`article ${slug}`);
      return article;
    },
    ListArticles: (request) => {
      const { page, tagSlug, authorSlug } = request as contentV1.ListArticlesRequest;
      const number = page?.page || 1;
      const size = page?.pageSize || 10;
      const matching = ARTICLES.filter(
        (article) =>
          (!tagSlug || article.tagSlugs.includes(tagSlug)) &&
          (!authorSlug || article.authorId === authorId(authorSlug)),
      );
      return {
        articles: matching.slice((number - 1) * size, number * size),
        pageInfo: pageInfo(number, size, matching.length),
      };
    },
    ListTags: () => ({ tags: TAGS }),
    GetTag: (request) => {
      const { slug } = request as contentV1.GetTagRequest;
      const tag = TAGS.find((candidate) => candidate.slug === slug);
      if (!tag) throw notFound(`tag ${slug}`);
      return tag;
    },
    ListPopularArticles: (request) => ({
      articles: ARTICLES.slice(0, (request as contentV1.ListPopularArticlesRequest).limit || 5),
    }),
    RecordArticleView: (request) => {
      const view = request as contentV1.RecordArticleViewRequest;
      if (!ARTICLES.some((article) => article.slug === view.slug)) throw notFound(`article ${view.slug}`);
      views.push(view);
      return { views: ARTICLE_VIEWS + views.length, counted: true };
    },
    GetAuthor: (request) => {
      const { slug, page } = request as contentV1.GetAuthorRequest;
      const author = RECORDED.authors[slug];
      if (!author) throw notFound(`author ${slug}`);
      const size = page?.pageSize || 10;
      const written = ARTICLES.filter((article) => article.authorId === author.summary!.id);
      return { ...author, articles: written.slice(0, size), pageInfo: pageInfo(1, size, written.length) };
    },
    ListLenderReviews: () => ({ lenders: LENDERS }),
    GetLenderReview: (request) => {
      const { slug } = request as contentV1.GetLenderReviewRequest;
      const review = LENDER_REVIEWS[slug];
      if (!review) throw notFound(`lender ${slug}`);
      return review;
    },
    GetHolidayCalendar: (request) => {
      const { year } = request as contentV1.GetHolidayCalendarRequest;
      if (year < MIN_YEAR || year > MAX_YEAR) throw notFound(`calendar ${year}`);
      return holidayCalendar(year, SAMPLE_SCHOOL_BREAKS[String(year)] ?? []);
    },
    GetNavigation: () => NAVIGATION,
    SubmitComment: (request) => submitComment(request as contentV1.SubmitCommentRequest, submissions),
    ListComments: (request) => {
      const list = request as contentV1.ListCommentsRequest;
      commentLists.push(list);
      const all = list.pagePath === `/${ARTICLE_SLUG}/` ? ARTICLE_COMMENTS : [];
      const ordered = list.sort === contentV1.CommentSort.OLDER ? [...all].reverse() : all;
      const number = list.page?.page || 1;
      const size = list.page?.pageSize || 10;
      return {
        comments: ordered.slice((number - 1) * size, number * size),
        pageInfo: pageInfo(number, size, ordered.length),
        totalCount: all.length === 0 ? 0 : ARTICLE_COMMENTS_TOTAL,
        ratingsCount: all.length,
        ratingsSum: all.reduce((sum, c) => sum + c.rating, 0),
      };
    },
    GetArticlePage: (request) => articlePage(handlers, request as contentV1.GetArticlePageRequest),
    GetLenderReviewPage: (request) =>
      lenderReviewPage(handlers, request as contentV1.GetLenderReviewPageRequest),
    ListSitemapEntries: (request) => {
      const { baseUrl, section, offset, limit, chunkSize } = request as contentV1.ListSitemapEntriesRequest;
      const recorded = RECORDED.sitemap.map((entry) => ({
        ...entry,
        loc: `${baseUrl}${entry.loc.slice(RECORDED_BASE_URL.length)}`,
      }));
      const extra = (options.sitemap ?? []).map(([path, lastmod]) => ({
        loc: `${baseUrl}${path}`,
        lastmod,
        type: contentV1.RouteType.PAGE,
      }));
      const all = [...recorded, ...extra].sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
      if (section === contentV1.SitemapSection.UNSPECIFIED)
        return { entries: all, ...SITEMAP_LISTINGS, total: 0, chunkLastmods: [] };
      // One section a page at a time, with its total and chunk dates, as the content service answers.
      const inSection = all.filter((entry) => sitemapSectionOf(entry.type) === section);
      const chunkLastmods: string[] = [];
      for (let start = 0; chunkSize > 0 && start < inSection.length; start += chunkSize)
        chunkLastmods.push(
          inSection
            .slice(start, start + chunkSize)
            .map((entry) => entry.lastmod)
            .sort()
            .at(-1) ?? '',
        );
      return {
        entries: inSection.slice(offset, offset + limit),
        ...SITEMAP_LISTINGS,
        total: inSection.length,
        chunkLastmods,
      };
    },
  };
  return { handlers, views, submissions, commentLists };
}

/** A loan's cost as the fake MatchOffers answers it: 10 % of the amount, repaid at once. */
export function fittingCost(amountGrosze: number, periodDays: number) {
  const cost = Math.round(amountGrosze / 10);
  return {
    amountGrosze,
    periodDays,
    interestRateBp: 1_000,
    interestGrosze: cost,
    feesGrosze: 0,
    totalCostGrosze: cost,
    totalPayableGrosze: amountGrosze + cost,
    rrsoPercent: '12.34',
    payments: 1,
    firstLoanFreeApplies: false,
  };
}

/** The offers service for the content pages: the listing, the ranking and one offer by id. */
export const OFFERS_HANDLERS: Record<string, FakeHandler> = {
  // The catalogue's figures: the range the home headline, sliders and application form state.
  ListLenderFacts: () => CATALOGUE_FACTS,
  ListOffers: (request) => {
    const { country } = request as { country: string };
    return country === 'PL' ? { offers: OFFERS, total: 27 } : { offers: [], total: 0 };
  },
  // The ranking of MatchOffers: the fixture offers that take the amount, in fixture order, each with
  // the cost of the request (a flat 10 % of the amount), and no paid placement.
  MatchOffers: (request) => {
    const { country, amountGrosze, periodDays, limit } = request as {
      country: string;
      amountGrosze: number;
      periodDays: number;
      limit: number;
    };
    if (country !== 'PL') return { offers: [], total: 0, sponsored: [] };
    const fitting = OFFERS.filter(
      (offer) => amountGrosze >= offer.amountMinGrosze! && amountGrosze <= offer.amountMaxGrosze!,
    );
    const ranked = fitting.map((offer, index) => ({
      offer: { ...offer, position: index + 1 },
      score: 9_000 - index,
      withinLimits: periodDays >= offer.periodMinDays! && periodDays <= offer.periodMaxDays!,
      cost: fittingCost(amountGrosze, periodDays),
    }));
    return {
      offers: ranked.slice(0, limit || ranked.length),
      total: ranked.length === 0 ? 0 : 27,
      sponsored: [],
    };
  },
  // The review of LENDER_WITH_OFFER finds its lender in the feed (the same slug); other reviews do not.
  GetLender: (request) => {
    const { slug } = request as { slug: string };
    if (slug !== LENDER_WITH_OFFER) throw notFound(`lender ${slug}`);
    return {
      lenderId: 7,
      slug,
      name: OFFERS[0]!.header,
      website: 'https://lender.example/',
      offers: [{ ...OFFERS[0], country: 'PL', reviewSlug: slug }],
    };
  },
  GetOffer: (request) => {
    const { offerId } = request as { offerId: number };
    const offer = OFFERS.find((candidate) => candidate.offerId === offerId);
    if (!offer) throw notFound(`offer ${offerId}`);
    return offer;
  },
};

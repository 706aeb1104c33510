import { contentV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { notFound, unavailable } from '@lib/service-kit';
import { strictMock } from '@lib/testing';
import { articleDetailRow, authorRow, commentRow, lenderRow, pageRow } from '../../test/support/content-rows';
import { sameServiceError } from '../../test/support/service-errors';
import { toArticle } from './blog-answers';
import { type BlogUseCases } from './blog.use-cases';
import { toComment } from './comment-answers';
import { CommentedPagesUseCases } from './commented-pages.use-cases';
import { type CommentListQuery, type CommentSlice, type CommentsUseCases } from './comments.use-cases';
import { toLenderReview } from './lender-answers';
import { type LenderReviewsUseCases } from './lender-reviews.use-cases';
import { toPage } from './page-answers';
import { type PagesUseCases } from './pages.use-cases';

const ARTICLE_PATH = '/placa-minimalna/';
const SLICE: CommentSlice = { order: 'oldest-first', page: { page: 2, size: 10, offset: 10 } };

const ARTICLE_PAGE = toPage(
  pageRow({ path: ARTICLE_PATH, link: ARTICLE_PATH, type: 'blog', bodyHtml: '<p>Treść artykułu.</p>' }),
  new Map(),
  undefined,
);
const SEO_PAGE = toPage(pageRow(), new Map(), undefined);
const ARTICLE = toArticle(articleDetailRow(), { author: authorRow(), tags: [], similar: [], popular: [] });
const REVIEW = toLenderReview(lenderRow());
const COMMENTS: contentV1.ListCommentsResponse = {
  comments: [toComment(commentRow())],
  pageInfo: { page: 2, pageSize: 10, totalItems: 11, totalPages: 2 },
  totalCount: 11,
  ratingsCount: 11,
  ratingsSum: 50,
};
const DATABASE_DOWN = new Error('connect ECONNREFUSED 127.0.0.1:5432');

interface Parts {
  getPage?: PagesUseCases['getPage'];
  getArticle?: BlogUseCases['getArticle'];
  getLenderReview?: LenderReviewsUseCases['getLenderReview'];
  listComments?: CommentsUseCases['listComments'];
}

/** The composition over stand-ins of its parts' use cases (only those given may be called). */
function commentedPages(parts: Parts, logger = strictMock<Logger>('logger')) {
  const { getPage, getArticle, getLenderReview, listComments } = parts;
  return new CommentedPagesUseCases(
    strictMock<PagesUseCases>('pages', getPage ? { getPage } : {}),
    strictMock<BlogUseCases>('blog', getArticle ? { getArticle } : {}),
    strictMock<LenderReviewsUseCases>('lenders', getLenderReview ? { getLenderReview } : {}),
    strictMock<CommentsUseCases>('comments', listComments ? { listComments } : {}),
    logger,
  );
}

describe('CommentedPagesUseCases.getArticlePage', () => {
  it('answers the page, its article and the asked slice of its comments, the page without its copy of the body', async () => {
    const getPage = jest.fn().mockResolvedValue(ARTICLE_PAGE);
    const getArticle = jest.fn().mockResolvedValue(ARTICLE);
    const listComments = jest.fn().mockResolvedValue(COMMENTS);

    await expect(
      commentedPages({ getPage, getArticle, listComments }).getArticlePage(ARTICLE_PATH, SLICE),
    ).resolves.toEqual({
      page: { ...ARTICLE_PAGE, bodyHtml: '' },
      article: ARTICLE,
      comments: COMMENTS,
      commentsUnavailable: false,
    });
    expect(getPage).toHaveBeenCalledWith(ARTICLE_PATH);
    expect(getArticle).toHaveBeenCalledWith('placa-minimalna');
    expect(listComments).toHaveBeenCalledWith<[CommentListQuery]>({ pagePath: ARTICLE_PATH, ...SLICE });
    // The page cached for GetPage keeps its body.
    expect(ARTICLE_PAGE.bodyHtml).toBe('<p>Treść artykułu.</p>');
  });

  it('asks for the three parts at once, not one after another', async () => {
    const asked: string[] = [];
    const pending = <T>(part: string, value: T) =>
      jest.fn(() => {
        asked.push(part);
        return new Promise<T>((resolve) => setImmediate(() => resolve(value)));
      });
    const answer = commentedPages({
      getPage: pending('page', ARTICLE_PAGE),
      getArticle: pending('article', ARTICLE),
      listComments: pending('comments', COMMENTS),
    }).getArticlePage(ARTICLE_PATH, SLICE);

    expect(asked.sort()).toEqual(['article', 'comments', 'page']);
    await expect(answer).resolves.toMatchObject({ article: ARTICLE });
  });

  it('answers the page with comments_unavailable when the comments fail, and logs the failure once', async () => {
    const error = jest.fn();
    const answer = await commentedPages(
      {
        getPage: jest.fn().mockResolvedValue(ARTICLE_PAGE),
        getArticle: jest.fn().mockResolvedValue(ARTICLE),
        listComments: jest.fn().mockRejectedValue(DATABASE_DOWN),
      },
      strictMock<Logger>('logger', { error }),
    ).getArticlePage(ARTICLE_PATH, SLICE);

    expect(answer).toEqual({
      page: { ...ARTICLE_PAGE, bodyHtml: '' },
      article: ARTICLE,
      comments: null,
      commentsUnavailable: true,
    });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      { err: DATABASE_DOWN, pagePath: ARTICLE_PATH },
      'comments not listed; the page is answered without them',
    );
  });

  it('answers a page that is not an article without one, whatever the article lookup said', async () => {
    const page = { ...SEO_PAGE, path: '/mala-pozyczka/' };
    const answer = await commentedPages({
      getPage: jest.fn().mockResolvedValue(page),
      getArticle: jest.fn().mockRejectedValue(notFound('article', 'mala-pozyczka')),
      listComments: jest.fn().mockResolvedValue({ ...COMMENTS, comments: [], totalCount: 0 }),
    }).getArticlePage('/mala-pozyczka/', SLICE);

    expect(answer.page).toEqual(page);
    expect(answer.article).toBeNull();
    expect(answer.commentsUnavailable).toBe(false);
  });

  it('does not look for an article under a path no article can have', async () => {
    const page = { ...SEO_PAGE, path: '/blog/kredyty/', type: contentV1.RouteType.TAG };
    const answer = await commentedPages({
      getPage: jest.fn().mockResolvedValue(page),
      listComments: jest.fn().mockResolvedValue(COMMENTS),
    }).getArticlePage('/blog/kredyty/', SLICE);
    expect(answer).toMatchObject({ page, article: null });
  });

  it('is NOT_FOUND as GetPage for a missing page, and as GetArticle for a blog page without its article', async () => {
    const listComments = jest.fn().mockResolvedValue(COMMENTS);
    await expect(
      commentedPages({
        getPage: jest.fn().mockRejectedValue(notFound('page', '/nie-ma/')),
        getArticle: jest.fn().mockRejectedValue(notFound('article', 'nie-ma')),
        listComments,
      }).getArticlePage('/nie-ma/', SLICE),
    ).rejects.toEqual(sameServiceError(notFound('page', '/nie-ma/')));

    await expect(
      commentedPages({
        getPage: jest.fn().mockResolvedValue(ARTICLE_PAGE),
        getArticle: jest.fn().mockRejectedValue(notFound('article', 'placa-minimalna')),
        listComments,
      }).getArticlePage(ARTICLE_PATH, SLICE),
    ).rejects.toEqual(sameServiceError(notFound('article', 'placa-minimalna')));
  });

  it('passes on what the page or its article failed with', async () => {
    const down = unavailable('storage is temporarily unavailable');
    await expect(
      commentedPages({
        getPage: jest.fn().mockResolvedValue(ARTICLE_PAGE),
        getArticle: jest.fn().mockRejectedValue(down),
        listComments: jest.fn().mockResolvedValue(COMMENTS),
      }).getArticlePage(ARTICLE_PATH, SLICE),
    ).rejects.toBe(down);
  });
});

describe('CommentedPagesUseCases.getLenderReviewPage', () => {
  it('answers the review and the slice of the comments under its page', async () => {
    const getLenderReview = jest.fn().mockResolvedValue(REVIEW);
    const listComments = jest.fn().mockResolvedValue(COMMENTS);

    await expect(
      commentedPages({ getLenderReview, listComments }).getLenderReviewPage('vivus', SLICE),
    ).resolves.toEqual({ review: REVIEW, comments: COMMENTS, commentsUnavailable: false });
    expect(getLenderReview).toHaveBeenCalledWith('vivus');
    expect(listComments).toHaveBeenCalledWith<[CommentListQuery]>({
      pagePath: '/opinie-o-pozyczkach/vivus/',
      ...SLICE,
    });
  });

  it('answers the review with comments_unavailable when the comments fail, logged once', async () => {
    const error = jest.fn();
    await expect(
      commentedPages(
        {
          getLenderReview: jest.fn().mockResolvedValue(REVIEW),
          listComments: jest.fn().mockRejectedValue(DATABASE_DOWN),
        },
        strictMock<Logger>('logger', { error }),
      ).getLenderReviewPage('vivus', SLICE),
    ).resolves.toEqual({ review: REVIEW, comments: null, commentsUnavailable: true });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      { err: DATABASE_DOWN, pagePath: '/opinie-o-pozyczkach/vivus/' },
      'comments not listed; the page is answered without them',
    );
  });

  it('is NOT_FOUND as GetLenderReview for a lender without a review', async () => {
    await expect(
      commentedPages({
        getLenderReview: jest.fn().mockRejectedValue(notFound('lender', 'nie-ma')),
        listComments: jest.fn().mockResolvedValue(COMMENTS),
      }).getLenderReviewPage('nie-ma', SLICE),
    ).rejects.toEqual(sameServiceError(notFound('lender', 'nie-ma')));
  });
});

import { status } from '@grpc/grpc-js';
import { contentV1, type GrpcCallError } from '@lib/contracts';
import { CONTENT_FIXTURE_DIR, startTestService, type TestService } from '@lib/testing';
import { contentService } from '../src/content.service-definition';

/*
 * The pages that show comments in one call each (GetArticlePage, GetLenderReviewPage), over real
 * gRPC and PostgreSQL with the fixture content: each answers what its separate calls answer.
 */

const ARTICLE_PATH = '/placa-minimalna/';
const REVIEW_PATH = '/opinie-o-pozyczkach/vivus/';
const NEWEST_FIRST = { commentSort: contentV1.CommentSort.NEWER, commentPage: null };

const failureOf = (call: Promise<unknown>) => call.catch((error: unknown) => error) as Promise<GrpcCallError>;

describe('pages with their comments in one call (real gRPC and PostgreSQL)', () => {
  let t: TestService<'content'>;

  /** Publishes a visitor's comment under a page, as the moderators would. */
  async function publishComment(pagePath: string, name: string, rating: number): Promise<void> {
    const { commentId } = await t.client.submitComment({
      pagePath,
      name,
      email: 'czytelnik@example.pl',
      text: 'Przydatne, dziękuję za konkretne liczby.',
      rating,
      replyTo: 0,
      sessionId: '',
    });
    await t.client.approveComment({ commentId, moderator: 'moderator-1' });
  }

  beforeAll(async () => {
    t = await startTestService(contentService, { env: { CONTENT_DIR: CONTENT_FIXTURE_DIR } });
    await publishComment(ARTICLE_PATH, 'Marta', 5);
    await publishComment(ARTICLE_PATH, 'Adam', 3);
    await publishComment(REVIEW_PATH, 'Ola', 4);
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('GetArticlePage', () => {
    it('answers the page, its article and its comments as the separate calls do, the page without the body', async () => {
      const [answer, page, article, comments] = await Promise.all([
        t.client.getArticlePage({
          path: ARTICLE_PATH,
          commentSort: contentV1.CommentSort.OLDER,
          commentPage: { page: 1, pageSize: 1 },
        }),
        t.client.getPage({ path: ARTICLE_PATH }),
        t.client.getArticle({ slug: 'placa-minimalna' }),
        t.client.listComments({
          pagePath: ARTICLE_PATH,
          sort: contentV1.CommentSort.OLDER,
          page: { page: 1, pageSize: 1 },
        }),
      ]);
      expect(page.bodyHtml).not.toBe('');
      expect(answer).toEqual({
        page: { ...page, bodyHtml: '' },
        article,
        comments,
        commentsUnavailable: false,
      });
      expect(answer.page!.type).toBe(contentV1.RouteType.BLOG);
      expect(answer.article!.bodyHtml).toContain('<h2');
      expect(answer.comments).toMatchObject({
        comments: [{ name: 'Marta', rating: 5 }],
        pageInfo: { page: 1, pageSize: 1, totalItems: 2, totalPages: 2 },
        totalCount: 2,
        ratingsCount: 2,
        ratingsSum: 8,
      });
    });

    it('answers a page that is not an article without one, its body kept', async () => {
      const [answer, page] = await Promise.all([
        t.client.getArticlePage({ path: '/mala-pozyczka/', ...NEWEST_FIRST }),
        t.client.getPage({ path: '/mala-pozyczka/' }),
      ]);
      expect(page.type).toBe(contentV1.RouteType.SEO);
      expect(answer).toEqual({
        page,
        article: null,
        comments: {
          comments: [],
          pageInfo: { page: 1, pageSize: 10, totalItems: 0, totalPages: 0 },
          totalCount: 0,
          ratingsCount: 0,
          ratingsSum: 0,
        },
        commentsUnavailable: false,
      });
    });

    it('is NOT_FOUND for a path without a page, and as GetArticle for a blog page without its article', async () => {
      const missing = await failureOf(
        t.client.getArticlePage({ path: '/nie-ma-takiej-strony/', ...NEWEST_FIRST }),
      );
      expect(missing.code).toBe(status.NOT_FOUND);
      expect(missing.message).toContain('/nie-ma-takiej-strony/');

      await t.service.dataSource.query(`DELETE FROM "content"."articles" WHERE "slug" = $1`, [
        'waloryzacja-emerytur',
      ]);
      const [withoutArticle, asGetArticle] = await Promise.all([
        failureOf(t.client.getArticlePage({ path: '/waloryzacja-emerytur/', ...NEWEST_FIRST })),
        failureOf(t.client.getArticle({ slug: 'waloryzacja-emerytur' })),
      ]);
      expect(withoutArticle.code).toBe(status.NOT_FOUND);
      expect(withoutArticle.details).toBe(asGetArticle.details);
      expect(withoutArticle.resourceInfo).toEqual(asGetArticle.resourceInfo);
    });

    it('refuses a bad request with INVALID_ARGUMENT naming each field', async () => {
      const error = await failureOf(
        t.client.getArticlePage({
          path: '../etc/passwd',
          commentSort: 0,
          commentPage: { page: -1, pageSize: 0 },
        }),
      );
      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations.map((violation) => violation.field)).toEqual(['path', 'commentPage.page']);
      const home = await failureOf(t.client.getArticlePage({ path: '/', ...NEWEST_FIRST }));
      expect(home.fieldViolations).toEqual([
        { field: 'path', description: 'must be the path of a page below the home page' },
      ]);
    });

    it('answers alike from its kept encoding, and with a newly published comment once there is one', async () => {
      const ask = () => t.client.getArticlePage({ path: ARTICLE_PATH, ...NEWEST_FIRST });
      const first = await ask();
      // The same parts again: composed and encoded once, answered from the kept bytes.
      const [second, third] = await Promise.all([ask(), ask()]);
      expect(second).toEqual(first);
      expect(third).toEqual(first);

      await publishComment(ARTICLE_PATH, 'Zofia', 4);
      const after = await ask();
      expect(after.comments!.totalCount).toBe(first.comments!.totalCount + 1);
      expect(after.comments!.comments[0]).toMatchObject({ name: 'Zofia', rating: 4 });
      expect(after.article!.commentsCount).toBe(first.article!.commentsCount + 1);
    });
  });

  describe('GetLenderReviewPage', () => {
    it('answers the review and the comments under its page as the separate calls do', async () => {
      const [answer, review, comments] = await Promise.all([
        t.client.getLenderReviewPage({ slug: 'vivus', ...NEWEST_FIRST }),
        t.client.getLenderReview({ slug: 'vivus' }),
        t.client.listComments({ pagePath: REVIEW_PATH, sort: contentV1.CommentSort.NEWER, page: null }),
      ]);
      expect(answer).toEqual({ review, comments, commentsUnavailable: false });
      expect(answer.comments).toMatchObject({ comments: [{ name: 'Ola', rating: 4 }], totalCount: 1 });
      expect(answer.review!.summary).toMatchObject({ slug: 'vivus', reviewsCount: 1, ratingsSum: 4 });
    });

    it('is NOT_FOUND as GetLenderReview for a lender without a review', async () => {
      const [error, asGetLenderReview] = await Promise.all([
        failureOf(t.client.getLenderReviewPage({ slug: 'nie-ma', ...NEWEST_FIRST })),
        failureOf(t.client.getLenderReview({ slug: 'nie-ma' })),
      ]);
      expect(error.code).toBe(status.NOT_FOUND);
      expect(error.details).toBe(asGetLenderReview.details);
    });

    it('refuses a bad request with INVALID_ARGUMENT naming each field', async () => {
      const error = await failureOf(
        t.client.getLenderReviewPage({
          slug: 'Vivus!',
          commentSort: 0,
          commentPage: { page: 1, pageSize: -5 },
        }),
      );
      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations.map((violation) => violation.field)).toEqual([
        'slug',
        'commentPage.pageSize',
      ]);
    });
  });
});

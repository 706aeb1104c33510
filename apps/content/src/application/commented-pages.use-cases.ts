import { Inject, Injectable } from '@nestjs/common';
import { ComposedAnswers } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { LOGGER, notFound } from '@lib/service-kit';
import { articleSlugOf, lenderPath } from '../domain/catalogue';
import { BlogUseCases } from './blog.use-cases';
import { type CommentListQuery, type CommentSlice, CommentsUseCases } from './comments.use-cases';
import { LenderReviewsUseCases } from './lender-reviews.use-cases';
import { PagesUseCases } from './pages.use-cases';

/** A page's comments as a composed answer carries them: the list, or word that it failed. */
type CommentsPart = Pick<contentV1.ArticlePage, 'comments' | 'commentsUnavailable'>;

/** An article lookup run beside the page, kept as a value until the page says whether it is needed. */
type ArticleOutcome = { article: contentV1.Article } | { failure: unknown };

/**
 * The pages that show comments, each answered in one call (GetArticlePage, GetLenderReviewPage):
 * the use cases of their parts run side by side, each through its own cache. The comments are
 * the optional part: when they cannot be listed the page is still answered, without them.
 */
@Injectable()
export class CommentedPagesUseCases {
  /** An article's answer per unchanged page, article and comments (its encoding is then kept). */
  private readonly articlePages = new ComposedAnswers(
    (page: contentV1.Page, article: contentV1.Article, comments: contentV1.ListCommentsResponse) =>
      articlePageOf(page, article, { comments, commentsUnavailable: false }),
  );

  /** A lender review's answer per unchanged review and comments. */
  private readonly reviewPages = new ComposedAnswers(
    (
      review: contentV1.LenderReview,
      comments: contentV1.ListCommentsResponse,
    ): contentV1.LenderReviewPage => ({
      review,
      comments,
      commentsUnavailable: false,
    }),
  );

  constructor(
    private readonly pages: PagesUseCases,
    private readonly blog: BlogUseCases,
    private readonly lenders: LenderReviewsUseCases,
    private readonly comments: CommentsUseCases,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The page at `path`, its article and a slice of its comments. The article is asked for beside
   * the page, before the page's type is known: callers ask for this when their route list says
   * the path is an article. A page that is no longer one is answered without the article (its
   * own type decides); a blog page whose article is missing is NOT_FOUND, as GetArticle says it.
   */
  async getArticlePage(path: string, slice: CommentSlice): Promise<contentV1.ArticlePage> {
    const slug = articleSlugOf(path);
    const [page, outcome, comments] = await Promise.all([
      this.pages.getPage(path),
      slug === undefined ? undefined : this.articleOutcome(slug),
      this.commentsOf({ pagePath: path, ...slice }),
    ]);
    if (page.type !== contentV1.RouteType.BLOG) return { page, article: null, ...comments };
    if (outcome === undefined) throw notFound('article', path);
    if ('failure' in outcome) throw outcome.failure;
    return comments.comments
      ? this.articlePages.of(page, outcome.article, comments.comments)
      : articlePageOf(page, outcome.article, comments);
  }

  /** A lender's review and a slice of the comments under its page; NOT_FOUND as GetLenderReview. */
  async getLenderReviewPage(slug: string, slice: CommentSlice): Promise<contentV1.LenderReviewPage> {
    const [review, comments] = await Promise.all([
      this.lenders.getLenderReview(slug),
      this.commentsOf({ pagePath: lenderPath(slug), ...slice }),
    ]);
    return comments.comments ? this.reviewPages.of(review, comments.comments) : { review, ...comments };
  }

  private articleOutcome(slug: string): Promise<ArticleOutcome> {
    return this.blog.getArticle(slug).then(
      (article) => ({ article }),
      (failure: unknown) => ({ failure }),
    );
  }

  /** Never rejects: a failure is logged here, once, and answered as comments_unavailable. */
  private async commentsOf(query: CommentListQuery): Promise<CommentsPart> {
    try {
      return { comments: await this.comments.listComments(query), commentsUnavailable: false };
    } catch (error) {
      this.logger.error(
        { err: error, pagePath: query.pagePath },
        'comments not listed; the page is answered without them',
      );
      return { comments: null, commentsUnavailable: true };
    }
  }
}

function articlePageOf(
  page: contentV1.Page,
  article: contentV1.Article,
  comments: CommentsPart,
): contentV1.ArticlePage {
  // The article carries the body: the page's copy of it would only travel along.
  return { page: { ...page, bodyHtml: '' }, article, ...comments };
}

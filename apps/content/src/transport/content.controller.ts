import { Controller } from '@nestjs/common';
import { contentV1 } from '@lib/contracts';
import { CallDeadline, parseRequest } from '@lib/service-kit';
import { ArticleViewsUseCases } from '../application/article-views.use-cases';
import { BlogUseCases } from '../application/blog.use-cases';
import { CalendarUseCases } from '../application/calendar.use-cases';
import { CommentedPagesUseCases } from '../application/commented-pages.use-cases';
import { CommentsUseCases } from '../application/comments.use-cases';
import { LenderReviewsUseCases } from '../application/lender-reviews.use-cases';
import { NavigationUseCases } from '../application/navigation.use-cases';
import { PagesUseCases } from '../application/pages.use-cases';
import {
  anonymiseCommenterRequest,
  approveCommentRequest,
  getArticlePageRequest,
  getArticleRequest,
  getAuthorRequest,
  getHolidayCalendarRequest,
  getLenderReviewPageRequest,
  getLenderReviewRequest,
  getPageRequest,
  getTagRequest,
  listArticlesRequest,
  listCommentsForModerationRequest,
  listCommentsRequest,
  listRecentLenderRatingsRequest,
  listPopularArticlesRequest,
  listRoutesRequest,
  listSitemapEntriesRequest,
  postStaffReplyRequest,
  recordArticleViewRequest,
  rejectCommentRequest,
  submitCommentRequest,
} from './requests';

/**
 * content.v1.ContentService, every RPC of the generated interface: parse the request, call one use
 * case, return its answer. A new RPC in the proto fails the type check here until it is built or
 * listed as `throw unimplemented('Rpc')`.
 */
@Controller()
@contentV1.ContentServiceControllerMethods()
export class ContentController implements contentV1.ContentServiceController {
  constructor(
    private readonly pages: PagesUseCases,
    private readonly blog: BlogUseCases,
    private readonly lenders: LenderReviewsUseCases,
    private readonly navigation: NavigationUseCases,
    private readonly comments: CommentsUseCases,
    private readonly views: ArticleViewsUseCases,
    private readonly calendar: CalendarUseCases,
    private readonly commentedPages: CommentedPagesUseCases,
  ) {}

  async getPage(request: contentV1.GetPageRequest): Promise<contentV1.Page> {
    const { path } = parseRequest(getPageRequest, request);
    return this.pages.getPage(path);
  }

  async listRoutes(request: contentV1.ListRoutesRequest): Promise<contentV1.ListRoutesResponse> {
    const { type } = parseRequest(listRoutesRequest, request);
    return this.pages.listRoutes(type);
  }

  async listSitemapEntries(
    request: contentV1.ListSitemapEntriesRequest,
  ): Promise<contentV1.ListSitemapEntriesResponse> {
    const { baseUrl, section, offset, limit, chunkSize } = parseRequest(listSitemapEntriesRequest, request);
    return section === contentV1.SitemapSection.UNSPECIFIED
      ? this.pages.listSitemapEntries(baseUrl)
      : this.pages.listSitemapSection(baseUrl, { section, offset, limit, chunkSize });
  }

  async listArticles(request: contentV1.ListArticlesRequest): Promise<contentV1.ListArticlesResponse> {
    return this.blog.listArticles(parseRequest(listArticlesRequest, request));
  }

  async listTags(): Promise<contentV1.ListTagsResponse> {
    return this.blog.listTags();
  }

  async getTag(request: contentV1.GetTagRequest): Promise<contentV1.Tag> {
    const { slug } = parseRequest(getTagRequest, request);
    return this.blog.getTag(slug);
  }

  async getArticle(request: contentV1.GetArticleRequest): Promise<contentV1.Article> {
    const { slug } = parseRequest(getArticleRequest, request);
    return this.blog.getArticle(slug);
  }

  async getArticlePage(request: contentV1.GetArticlePageRequest): Promise<contentV1.ArticlePage> {
    const { path, comments } = parseRequest(getArticlePageRequest, request);
    return this.commentedPages.getArticlePage(path, comments);
  }

  async listPopularArticles(
    request: contentV1.ListPopularArticlesRequest,
  ): Promise<contentV1.ListPopularArticlesResponse> {
    const { limit } = parseRequest(listPopularArticlesRequest, request);
    return this.blog.listPopularArticles(limit);
  }

  async recordArticleView(
    request: contentV1.RecordArticleViewRequest,
  ): Promise<contentV1.RecordArticleViewResponse> {
    const { slug, sessionId } = parseRequest(recordArticleViewRequest, request);
    return this.views.recordArticleView(slug, sessionId);
  }

  async getAuthor(request: contentV1.GetAuthorRequest): Promise<contentV1.Author> {
    const { author, page } = parseRequest(getAuthorRequest, request);
    return this.blog.getAuthor(author, page);
  }

  async listLenderReviews(): Promise<contentV1.ListLenderReviewsResponse> {
    return this.lenders.listLenderReviews();
  }

  async getLenderReview(request: contentV1.GetLenderReviewRequest): Promise<contentV1.LenderReview> {
    const { slug } = parseRequest(getLenderReviewRequest, request);
    return this.lenders.getLenderReview(slug);
  }

  async getLenderReviewPage(
    request: contentV1.GetLenderReviewPageRequest,
  ): Promise<contentV1.LenderReviewPage> {
    const { slug, comments } = parseRequest(getLenderReviewPageRequest, request);
    return this.commentedPages.getLenderReviewPage(slug, comments);
  }

  // Keyed writes: NestJS passes (request, metadata, call); the call carries the caller's deadline.
  async submitComment(
    request: contentV1.SubmitCommentRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<contentV1.SubmitCommentResponse> {
    return this.comments.submitComment(parseRequest(submitCommentRequest, request), CallDeadline.of(call));
  }

  async listComments(request: contentV1.ListCommentsRequest): Promise<contentV1.ListCommentsResponse> {
    return this.comments.listComments(parseRequest(listCommentsRequest, request));
  }

  async listCommentsForModeration(
    request: contentV1.ListCommentsForModerationRequest,
  ): Promise<contentV1.ListCommentsForModerationResponse> {
    const { state, page } = parseRequest(listCommentsForModerationRequest, request);
    return this.comments.listCommentsForModeration(state, page);
  }

  async approveComment(request: contentV1.ApproveCommentRequest): Promise<contentV1.ModeratedComment> {
    const { commentId, moderator } = parseRequest(approveCommentRequest, request);
    return this.comments.approveComment(commentId, moderator);
  }

  async rejectComment(request: contentV1.RejectCommentRequest): Promise<contentV1.ModeratedComment> {
    const { commentId, moderator, reason } = parseRequest(rejectCommentRequest, request);
    return this.comments.rejectComment(commentId, moderator, reason);
  }

  async postStaffReply(
    request: contentV1.PostStaffReplyRequest,
    _metadata?: unknown,
    call?: unknown,
  ): Promise<contentV1.ModeratedComment> {
    return this.comments.postStaffReply(parseRequest(postStaffReplyRequest, request), CallDeadline.of(call));
  }

  async anonymiseCommenter(
    request: contentV1.AnonymiseCommenterRequest,
  ): Promise<contentV1.AnonymiseCommenterResponse> {
    return this.comments.anonymiseCommenter(parseRequest(anonymiseCommenterRequest, request).email);
  }

  getHolidayCalendar(request: contentV1.GetHolidayCalendarRequest): contentV1.HolidayCalendar {
    const { year } = parseRequest(getHolidayCalendarRequest, request);
    return this.calendar.getHolidayCalendar(year);
  }

  async getNavigation(): Promise<contentV1.Navigation> {
    return this.navigation.getNavigation();
  }

  async listRecentLenderRatings(
    request: contentV1.ListRecentLenderRatingsRequest,
  ): Promise<contentV1.ListRecentLenderRatingsResponse> {
    const { limit } = parseRequest(listRecentLenderRatingsRequest, request);
    return this.comments.listRecentLenderRatings(limit);
  }
}

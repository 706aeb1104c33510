import { type commonV1, contentV1 } from '@lib/contracts';
import { type LoadContext } from '../../app/route-types';
import { SECTION_UNAVAILABLE, type Section, sectionOk } from '../../app/section';
import { type CommentsQuery, type CommentsView } from './comments-data';
import { toCommentsView } from './comments.view-model';

/** Top-level comments per page of the comment list. */
export const COMMENTS_PAGE_SIZE = 10;

/** The slice of a page's comments an address asks for, in the terms of the content RPCs that list them. */
export interface CommentSliceRequest {
  sort: contentV1.CommentSort;
  page: commonV1.PageRequest;
}

/** What ListComments takes as `sort` and `page`, and GetArticlePage and GetLenderReviewPage as `comment_*`. */
export function commentSliceRequest(query: CommentsQuery): CommentSliceRequest {
  return {
    sort: query.sort === 'older' ? contentV1.CommentSort.OLDER : contentV1.CommentSort.NEWER,
    page: { page: query.page, pageSize: COMMENTS_PAGE_SIZE },
  };
}

/** The comments part of a page answered with them (GetArticlePage, GetLenderReviewPage). */
export interface CommentsOfPage {
  comments: contentV1.ListCommentsResponse | null;
  commentsUnavailable: boolean;
}

/**
 * The comments section from a page answered with its comments: unavailable when the content
 * service could not list them (it answered the page anyway), exactly as when ListComments fails.
 */
export function commentsSectionOf(
  answer: CommentsOfPage,
  pagePath: string,
  query: CommentsQuery,
): Section<CommentsView> {
  return answer.commentsUnavailable || !answer.comments
    ? SECTION_UNAVAILABLE
    : sectionOk(toCommentsView(answer.comments, pagePath, query));
}

/**
 * ListComments for one page, as the optional comments section of its data (for a page whose own
 * data does not come with its comments: an article the route list did not know).
 */
export function loadComments<P>(
  ctx: LoadContext<P>,
  pagePath: string,
  query: CommentsQuery,
): Promise<Section<CommentsView>> {
  return ctx.section(async () => {
    const response = await ctx.services.content.listComments({ pagePath, ...commentSliceRequest(query) });
    return toCommentsView(response, pagePath, query);
  });
}

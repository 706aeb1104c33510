import { contentV1 } from '@lib/contracts';
import { type LoadContext } from '../../app/route-types';
import { type Section } from '../../app/section';
import { type CommentsQuery, type CommentsView } from './comments-data';
import { toCommentsView } from './comments.view-model';

/** Top-level comments per page of the comment list. */
export const COMMENTS_PAGE_SIZE = 10;

/**
 * ListComments for one page, as the optional comments section of its data (the article and
 * lender review loaders call it next to their own calls).
 */
export function loadComments<P>(
  ctx: LoadContext<P>,
  pagePath: string,
  query: CommentsQuery,
): Promise<Section<CommentsView>> {
  return ctx.section(async () => {
    const response = await ctx.services.content.listComments({
      pagePath,
      sort: query.sort === 'older' ? contentV1.CommentSort.OLDER : contentV1.CommentSort.NEWER,
      page: { page: query.page, pageSize: COMMENTS_PAGE_SIZE },
    });
    return toCommentsView(response, pagePath, query);
  });
}

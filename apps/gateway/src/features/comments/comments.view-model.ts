import { contentV1 } from '@lib/contracts';
import { average } from '../../app/view-models';
import { type CommentAuthor, type CommentView, type CommentsQuery, type CommentsView } from './comments-data';

const AUTHOR: Record<number, CommentAuthor> = {
  [contentV1.CommentAuthorType.COMPANY]: 'company',
  [contentV1.CommentAuthorType.EXPERT]: 'expert',
};

const LABEL: Record<CommentAuthor, string | null> = {
  visitor: null,
  company: 'Odpowiedź firmy',
  expert: 'Odpowiedź eksperta',
};

export function toCommentView(comment: contentV1.Comment): CommentView {
  const author = AUTHOR[comment.authorType] ?? 'visitor';
  return {
    id: comment.id,
    name: comment.name,
    author,
    label: LABEL[author],
    text: comment.text,
    rating: comment.rating >= 1 && comment.rating <= 5 ? comment.rating : 0,
    createdAt: comment.createdAt,
    replies: comment.replies.map(toCommentView),
  };
}

export function toCommentsView(
  response: contentV1.ListCommentsResponse,
  pagePath: string,
  query: CommentsQuery,
): CommentsView {
  return {
    pagePath,
    sort: query.sort,
    page: response.pageInfo?.page || query.page,
    totalPages: response.pageInfo?.totalPages ?? 0,
    totalCount: response.totalCount,
    ratingsCount: response.ratingsCount,
    ratingAverage: average(response.ratingsCount, response.ratingsSum),
    comments: response.comments.map(toCommentView),
  };
}

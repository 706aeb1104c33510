import { contentV1 } from '@lib/contracts';
import { type CommentAuthorType, type CommentState } from '../domain/comment-rules';
import { type CommentEntity } from '../persistence/comment.entity';
import { type RecentLenderRatingRow } from '../persistence/comments.repository';

const { CommentState: State, CommentAuthorType: Author } = contentV1;

const STATE: Record<CommentState, contentV1.CommentState> = {
  pending: State.PENDING,
  published: State.PUBLISHED,
  rejected: State.REJECTED,
};
const AUTHOR: Record<CommentAuthorType, contentV1.CommentAuthorType> = {
  visitor: Author.VISITOR,
  company: Author.COMPANY,
  expert: Author.EXPERT,
};

/** A published comment as visitors see it: no e-mail, no moderation record. */
export function toComment(c: CommentEntity, replies: contentV1.Comment[] = []): contentV1.Comment {
  return {
    id: Number(c.id),
    replyTo: c.replyTo === null ? 0 : Number(c.replyTo),
    name: c.name,
    authorType: AUTHOR[c.authorType],
    text: c.text,
    rating: c.rating ?? 0,
    createdAt: c.createdAt.toISOString(),
    replies,
  };
}

/** A comment as moderators see it: the only answer that carries the e-mail. */
export function toModeratedComment(c: CommentEntity): contentV1.ModeratedComment {
  return {
    id: Number(c.id),
    pagePath: c.pagePath,
    replyTo: c.replyTo === null ? 0 : Number(c.replyTo),
    name: c.name,
    email: c.email,
    authorType: AUTHOR[c.authorType],
    text: c.text,
    rating: c.rating ?? 0,
    state: STATE[c.state],
    createdAt: c.createdAt.toISOString(),
    moderatedAt: c.moderatedAt?.toISOString() ?? '',
    moderatedBy: c.moderatedBy ?? '',
    rejectionReason: c.rejectionReason ?? '',
  };
}

/** A published rating of a lender as visitors see it: no e-mail, the lender it is about and its counters. */
export function toLenderRating(row: RecentLenderRatingRow): contentV1.LenderRating {
  return {
    commentId: Number(row.id),
    pagePath: row.pagePath,
    lenderSlug: row.lenderSlug,
    lenderName: row.lenderName,
    name: row.name,
    text: row.text,
    rating: Number(row.rating),
    createdAt: new Date(row.createdAt).toISOString(),
    publishedAt: row.moderatedAt ? new Date(row.moderatedAt).toISOString() : '',
    lenderRatingsCount: Number(row.lenderRatingsCount),
    lenderRatingsSum: Number(row.lenderRatingsSum),
  };
}

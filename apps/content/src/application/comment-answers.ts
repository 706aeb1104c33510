import { contentV1 } from '@lib/contracts';
import { type CommentAuthorType, type CommentState } from '../domain/comment-rules';
import { type CommentEntity } from '../persistence/comment.entity';

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

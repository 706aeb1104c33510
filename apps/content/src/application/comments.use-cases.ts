import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import {
  CACHE,
  type Deadline,
  failedPrecondition,
  invalidArgument,
  notFound,
  type PageSlice,
  toPageInfo,
} from '@lib/service-kit';
import {
  COMMENT_MESSAGES,
  type CommentState,
  type StaffReplyInput,
  type SubmitCommentInput,
} from '../domain/comment-rules';
import { CommentsRepository } from '../persistence/comments.repository';
import { toComment, toLenderRating, toModeratedComment } from './comment-answers';
import { CONTENT_CACHE_POLICY, CONTENT_CACHE_PREFIX, cacheKey } from './content-cache';

/** A validated keyed write: the request and the key its form (or tool) made for it. */
export interface Keyed<T> {
  value: T;
  /** UUID v4 of this submission, the same on every retry; undefined when the caller sent none. */
  idempotencyKey: string | undefined;
}

/** Which of a page's comments: their order and one page of the top-level ones. */
export interface CommentSlice {
  order: 'newest-first' | 'oldest-first';
  page: PageSlice;
}

export interface CommentListQuery extends CommentSlice {
  pagePath: string;
}

/**
 * Comments: visitors submit (always held for review), moderators approve or reject through the
 * comments CLI, staff reply at once, visitors see published ones with replies and counts. The
 * e-mail leaves the service only in moderation answers.
 */
@Injectable()
export class CommentsUseCases {
  constructor(
    private readonly comments: CommentsRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  /**
   * Holds a visitor's comment for review, exactly once per idempotency key: a repeat of the same
   * submission gets the first answer. Only pages that show a comment form take comments (NOT_FOUND
   * otherwise), and a reply must answer a published top-level comment of the same page. Nothing is
   * committed once the caller has given up (its deadline passed): it was told the post failed.
   */
  async submitComment(
    submission: Keyed<SubmitCommentInput>,
    deadline: Deadline,
  ): Promise<contentV1.SubmitCommentResponse> {
    const input = submission.value;
    if (!(await this.comments.acceptsComments(input.pagePath)))
      throw notFound('commented page', input.pagePath);
    if (input.replyTo !== 0) {
      const parent = await this.comments.findPublished(input.replyTo);
      if (!parent || parent.pagePath !== input.pagePath || parent.replyTo !== null) {
        throw invalidArgument([{ field: 'replyTo', description: COMMENT_MESSAGES.replyTo }]);
      }
    }
    const result = await this.comments.insertPendingOnce(input, {
      key: submission.idempotencyKey,
      beforeCommit: () => deadline.assertTimeLeft(),
    });
    if (result.outcome === 'key-reused') throw keyReused();
    return {
      commentId: Number(result.answer.id),
      state: contentV1.CommentState.PENDING,
      createdAt: result.answer.createdAt,
      duplicate: result.outcome === 'repeated',
    };
  }

  /**
   * A page of published top-level comments, each with its published replies, and the page's
   * counts. Cached like the answers that carry comment counts: what is listed changes only when a
   * comment is published, answered or anonymised, or content is imported, and each clears it (a
   * submission waits for review and changes nothing shown).
   */
  listComments(query: CommentListQuery): Promise<contentV1.ListCommentsResponse> {
    const { pagePath, order, page } = query;
    return readThrough(
      this.cache,
      cacheKey('comments', order, page.page, page.size, pagePath),
      CONTENT_CACHE_POLICY,
      () => this.listCommentsNow(query),
    );
  }

  private async listCommentsNow(query: CommentListQuery): Promise<contentV1.ListCommentsResponse> {
    const order = query.order === 'oldest-first' ? 'ASC' : 'DESC';
    const result = await this.comments.listPublished(query.pagePath, order, query.page);
    const repliesByParent = new Map<string, contentV1.Comment[]>();
    for (const reply of result.replies) {
      const list = repliesByParent.get(reply.replyTo ?? '') ?? [];
      list.push(toComment(reply));
      repliesByParent.set(reply.replyTo ?? '', list);
    }
    return {
      comments: result.topLevel.map((c) => toComment(c, repliesByParent.get(c.id) ?? [])),
      pageInfo: toPageInfo(query.page, result.topLevelCount),
      totalCount: result.totalCount,
      ratingsCount: result.ratingsCount,
      ratingsSum: result.ratingsSum,
    };
  }

  /**
   * The newest published ratings of lenders across the review pages (cached like the pages that
   * show counts; a moderation decision clears it). They rate lenders, never this site.
   */
  async listRecentLenderRatings(limit: number): Promise<contentV1.ListRecentLenderRatingsResponse> {
    return readThrough(
      this.cache,
      cacheKey('recent-lender-ratings', limit),
      CONTENT_CACHE_POLICY,
      async () => {
        const { rows, total } = await this.comments.listRecentLenderRatings(limit);
        return { ratings: rows.map(toLenderRating), totalCount: total };
      },
    );
  }

  async listCommentsForModeration(
    state: CommentState,
    page: PageSlice,
  ): Promise<contentV1.ListCommentsForModerationResponse> {
    const [rows, total] = await this.comments.listByState(state, page);
    return { comments: rows.map(toModeratedComment), pageInfo: toPageInfo(page, total) };
  }

  approveComment(id: number, moderator: string): Promise<contentV1.ModeratedComment> {
    return this.decide(id, 'approve', moderator, '');
  }

  rejectComment(id: number, moderator: string, reason: string): Promise<contentV1.ModeratedComment> {
    return this.decide(id, 'reject', moderator, reason);
  }

  /** Published at once, one level under a published visitor comment; once per idempotency key. */
  async postStaffReply(
    submission: Keyed<StaffReplyInput>,
    deadline: Deadline,
  ): Promise<contentV1.ModeratedComment> {
    const reply = submission.value;
    const parent = await this.comments.findPublished(reply.commentId);
    if (!parent) throw notFound('published comment', String(reply.commentId));
    if (parent.replyTo !== null)
      throw invalidArgument([
        { field: 'commentId', description: 'replies are answered under their top-level comment' },
      ]);
    const result = await this.comments.insertStaffReplyOnce(parent, reply, {
      key: submission.idempotencyKey,
      beforeCommit: () => deadline.assertTimeLeft(),
    });
    if (result.outcome === 'key-reused') throw keyReused();
    await this.cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
    const saved = await this.comments.findById(result.answer.id);
    if (!saved) throw notFound('comment', result.answer.id);
    return toModeratedComment(saved);
  }

  /**
   * Erasure asked through the leads service: the person's comments lose their e-mail and name (the
   * shown name becomes ANONYMOUS_COMMENTER); a repeat finds nothing left to change.
   */
  async anonymiseCommenter(email: string): Promise<contentV1.AnonymiseCommenterResponse> {
    const anonymisedComments = await this.comments.anonymiseByEmail(email, ANONYMOUS_COMMENTER);
    // Published answers carry the names: drop what the content service cached.
    if (anonymisedComments > 0) await this.cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
    return { anonymisedComments };
  }

  private async decide(
    id: number,
    decision: 'approve' | 'reject',
    moderator: string,
    reason: string,
  ): Promise<contentV1.ModeratedComment> {
    const outcome = await this.comments.moderate(id, decision, moderator, reason);
    if ('notFound' in outcome) throw notFound('comment', String(id));
    if ('refused' in outcome) throw failedPrecondition(outcome.refused, 'COMMENT_ALREADY_MODERATED');
    // Article and lender answers carry the comment counts: drop what the content service cached.
    await this.cache.deleteByPrefix(CONTENT_CACHE_PREFIX);
    return toModeratedComment(outcome.ok);
  }
}

/** The name an erased commenter's comments are signed with. */
export const ANONYMOUS_COMMENTER = 'Anonim';

const keyReused = () =>
  invalidArgument([
    {
      field: 'idempotencyKey',
      description: 'was already used for a different submission; a new submission needs a new key',
    },
  ]);

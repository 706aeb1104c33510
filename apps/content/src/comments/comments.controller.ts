import { Controller, Inject } from '@nestjs/common';
import { type Cache } from '@lib/cache';
import { commonV1, contentV1 } from '@lib/contracts';
import { CACHE, failedPrecondition, GrpcService, invalidArgument, notFound, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { type CommentEntity } from './comment.entity';
import { COMMENT_MESSAGES, type CommentAuthorType, type CommentState, staffReplySchema, submitCommentSchema } from './comment-rules';
import { CommentsRepository, type PageSlice } from './comments.repository';

const { CommentState: State, CommentAuthorType: Author, CommentSort: Sort } = contentV1;

const STATE: Record<CommentState, contentV1.CommentState> = { pending: State.PENDING, published: State.PUBLISHED, rejected: State.REJECTED };
const AUTHOR: Record<CommentAuthorType, contentV1.CommentAuthorType> = { visitor: Author.VISITOR, company: Author.COMPANY, expert: Author.EXPERT };

/** Request enums arrive as plain numbers from the wire; these maps read them without enum casts. */
const STATE_BY_NUMBER = new Map<number, CommentState>([
  [State.UNSPECIFIED, 'pending'],
  [State.PENDING, 'pending'],
  [State.PUBLISHED, 'published'],
  [State.REJECTED, 'rejected'],
]);
const OLDER_FIRST: number = Sort.OLDER;

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;

const pageRequest = z
  .object({ page: z.number().int().min(0).max(10_000), pageSize: z.number().int().min(0).max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`) })
  .nullish()
  .transform((p): PageSlice => ({ page: p?.page || 1, pageSize: p?.pageSize || DEFAULT_PAGE_SIZE }));

const listCommentsRequest = z.object({
  pagePath: z.string().max(512).regex(/^\/(?:[a-z0-9-]+\/)+$/, 'must be a page path like /slug/'),
  sort: z.number().int(),
  page: pageRequest,
});
const moderationListRequest = z.object({
  state: z
    .number()
    .int()
    .transform((s, ctx) => {
      const state = STATE_BY_NUMBER.get(s);
      if (!state) ctx.addIssue({ code: 'custom', message: 'unknown state' });
      return state ?? 'pending';
    }),
  page: pageRequest,
});
const moderator = z.string().trim().min(1, 'is required').max(100);
const approveRequest = z.object({ commentId: z.number().int().positive(), moderator });
const rejectRequest = z.object({ commentId: z.number().int().positive(), moderator, reason: z.string().trim().max(500) });

const pageInfo = (slice: PageSlice, total: number): commonV1.PageInfo => ({
  page: slice.page,
  pageSize: slice.pageSize,
  totalItems: total,
  totalPages: Math.ceil(total / slice.pageSize),
});

function toComment(c: CommentEntity, replies: contentV1.Comment[] = []): contentV1.Comment {
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

function toModerated(c: CommentEntity): contentV1.ModeratedComment {
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

type CommentRpcs = 'submitComment' | 'listComments' | 'listCommentsForModeration' | 'approveComment' | 'rejectComment' | 'postStaffReply';

const STAFF_AUTHOR = new Map<number, 'company' | 'expert'>([
  [Author.COMPANY, 'company'],
  [Author.EXPERT, 'expert'],
]);

/**
 * Comments: visitors submit (always held for review), moderators approve or reject through the
 * comments CLI, visitors see published ones with replies and counts. The e-mail leaves the service
 * only in moderation answers.
 */
@Controller()
@GrpcService(contentV1.CONTENT_SERVICE_NAME)
export class CommentsController implements Pick<contentV1.ContentServiceController, CommentRpcs> {
  constructor(
    private readonly comments: CommentsRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async submitComment(request: contentV1.SubmitCommentRequest): Promise<contentV1.SubmitCommentResponse> {
    const input = parseRequest(submitCommentSchema, request);
    if (input.replyTo !== 0) {
      const parent = await this.comments.findPublished(input.replyTo);
      if (!parent || parent.pagePath !== input.pagePath || parent.replyTo !== null) {
        throw invalidArgument([{ field: 'replyTo', description: COMMENT_MESSAGES.replyTo }]);
      }
    }
    const stored = await this.comments.insertPending(input);
    return { commentId: Number(stored.id), state: State.PENDING, createdAt: stored.createdAt.toISOString() };
  }

  async listComments(request: contentV1.ListCommentsRequest): Promise<contentV1.ListCommentsResponse> {
    const { pagePath, sort, page } = parseRequest(listCommentsRequest, request);
    const result = await this.comments.listPublished(pagePath, sort === OLDER_FIRST ? 'ASC' : 'DESC', page);
    const repliesByParent = new Map<string, contentV1.Comment[]>();
    for (const reply of result.replies) {
      const list = repliesByParent.get(reply.replyTo ?? '') ?? [];
      list.push(toComment(reply));
      repliesByParent.set(reply.replyTo ?? '', list);
    }
    return {
      comments: result.topLevel.map((c) => toComment(c, repliesByParent.get(c.id) ?? [])),
      pageInfo: pageInfo(page, result.topLevelCount),
      totalCount: result.totalCount,
      ratingsCount: result.ratingsCount,
      ratingsSum: result.ratingsSum,
    };
  }

  async listCommentsForModeration(request: contentV1.ListCommentsForModerationRequest): Promise<contentV1.ListCommentsForModerationResponse> {
    const { state, page } = parseRequest(moderationListRequest, request);
    const [rows, total] = await this.comments.listByState(state, page);
    return { comments: rows.map(toModerated), pageInfo: pageInfo(page, total) };
  }

  async approveComment(request: contentV1.ApproveCommentRequest): Promise<contentV1.ModeratedComment> {
    const { commentId, moderator: who } = parseRequest(approveRequest, request);
    return this.decide(commentId, 'approve', who, '');
  }

  async rejectComment(request: contentV1.RejectCommentRequest): Promise<contentV1.ModeratedComment> {
    const { commentId, moderator: who, reason } = parseRequest(rejectRequest, request);
    return this.decide(commentId, 'reject', who, reason);
  }

  async postStaffReply(request: contentV1.PostStaffReplyRequest): Promise<contentV1.ModeratedComment> {
    const reply = parseRequest(staffReplySchema, { ...request, authorType: STAFF_AUTHOR.get(request.authorType) ?? '' });
    const parent = await this.comments.findPublished(reply.commentId);
    if (!parent) throw notFound('published comment', String(reply.commentId));
    if (parent.replyTo !== null) throw invalidArgument([{ field: 'commentId', description: 'replies are answered under their top-level comment' }]);
    const saved = await this.comments.insertStaffReply(parent, reply);
    await this.cache.deleteByPrefix('content:');
    return toModerated(saved);
  }

  private async decide(id: number, decision: 'approve' | 'reject', who: string, reason: string): Promise<contentV1.ModeratedComment> {
    const outcome = await this.comments.moderate(id, decision, who, reason);
    if ('notFound' in outcome) throw notFound('comment', String(id));
    if ('refused' in outcome) throw failedPrecondition(outcome.refused, 'COMMENT_ALREADY_MODERATED');
    // Article and lender answers carry the comment counts: drop what the content service cached.
    await this.cache.deleteByPrefix('content:');
    return toModerated(outcome.ok);
  }
}

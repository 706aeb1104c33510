import { Injectable } from '@nestjs/common';
import { type PageSlice } from '@lib/service-kit';
import { DataSource, type EntityManager, IsNull, In } from 'typeorm';
import { type CommentState, moderate, type StaffReplyInput, type SubmitCommentInput } from '../domain/comment-rules';
import { CommentEntity } from './comment.entity';

export type ModerationOutcome = { ok: CommentEntity } | { notFound: true } | { refused: string };

/** All comment SQL. Moderation runs under a row lock so two moderators cannot both decide. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get comments() {
    return this.dataSource.getRepository(CommentEntity);
  }

  findPublished(id: number): Promise<CommentEntity | null> {
    return this.comments.findOneBy({ id: String(id), state: 'published' });
  }

  insertPending(input: SubmitCommentInput): Promise<CommentEntity> {
    return this.comments.save(
      this.comments.create({
        pagePath: input.pagePath,
        replyTo: input.replyTo === 0 ? null : String(input.replyTo),
        name: input.name,
        email: input.email,
        authorType: 'visitor',
        text: input.text,
        rating: input.rating === 0 ? null : input.rating,
        state: 'pending',
        sessionId: input.sessionId === '' ? null : input.sessionId,
      }),
    );
  }

  /** A staff reply is published at once, under the same page as the comment it answers. */
  insertStaffReply(parent: CommentEntity, reply: StaffReplyInput): Promise<CommentEntity> {
    return this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const saved = await manager.getRepository(CommentEntity).save(
        manager.getRepository(CommentEntity).create({
          pagePath: parent.pagePath,
          replyTo: parent.id,
          name: reply.name,
          email: '',
          authorType: reply.authorType,
          text: reply.text,
          rating: null,
          state: 'published',
          sessionId: null,
          moderatedAt: now,
          moderatedBy: reply.moderator,
        }),
      );
      await refreshPageCounts(manager, parent.pagePath);
      return saved;
    });
  }

  /** Published top-level comments of a page, their published replies, and the page's counts. */
  async listPublished(pagePath: string, order: 'ASC' | 'DESC', slice: PageSlice) {
    const [topLevel, topLevelCount] = await this.comments.findAndCount({
      where: { pagePath, state: 'published', replyTo: IsNull() },
      order: { createdAt: order, id: order },
      take: slice.size,
      skip: slice.offset,
    });
    const replies = topLevel.length
      ? await this.comments.find({
          where: { replyTo: In(topLevel.map((c) => c.id)), state: 'published' },
          order: { createdAt: 'ASC', id: 'ASC' },
        })
      : [];
    const [counts] = await this.dataSource.query<{ total: string; ratings: string; sum: string | null }[]>(
      `SELECT count(*) AS total, count(rating) AS ratings, sum(rating) AS sum
         FROM content.comments WHERE page_path = $1 AND state = 'published'`,
      [pagePath],
    );
    return {
      topLevel,
      replies,
      topLevelCount,
      totalCount: Number(counts?.total ?? 0),
      ratingsCount: Number(counts?.ratings ?? 0),
      ratingsSum: Number(counts?.sum ?? 0),
    };
  }

  listByState(state: CommentState, slice: PageSlice) {
    return this.comments.findAndCount({
      where: { state },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: slice.size,
      skip: slice.offset,
    });
  }

  moderate(id: number, decision: 'approve' | 'reject', moderator: string, reason = ''): Promise<ModerationOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const comment = await manager.getRepository(CommentEntity).findOne({ where: { id: String(id) }, lock: { mode: 'pessimistic_write' } });
      if (!comment) return { notFound: true as const };
      const next = moderate(comment.state, decision);
      if (typeof next !== 'string') return { refused: next.refused };
      comment.state = next;
      comment.moderatedAt = new Date();
      comment.moderatedBy = moderator;
      comment.rejectionReason = decision === 'reject' ? reason || null : null;
      const saved = await manager.getRepository(CommentEntity).save(comment);
      await refreshPageCounts(manager, comment.pagePath);
      return { ok: saved };
    });
  }
}

/**
 * Keeps the counters shown on articles (ratings, comments) and lender pages (reviews, ratings sum)
 * equal to the page's published comments, in the same transaction as the decision that changed them.
 */
async function refreshPageCounts(manager: EntityManager, pagePath: string): Promise<void> {
  const counts = `SELECT count(*) AS total, count(rating) AS ratings, coalesce(sum(rating), 0) AS rating_sum
                    FROM content.comments WHERE page_path = $1 AND state = 'published'`;
  await manager.query(
    `WITH c AS (${counts})
     UPDATE content.articles a SET ratings_count = c.ratings, ratings_sum = c.rating_sum, comments_count = c.total
       FROM c, content.pages p WHERE a.page_id = p.id AND p.path = $1`,
    [pagePath],
  );
  await manager.query(
    `WITH c AS (${counts})
     UPDATE content.lender_reviews l SET reviews_count = c.ratings, ratings_sum = c.rating_sum
       FROM c, content.pages p WHERE l.page_id = p.id AND p.path = $1`,
    [pagePath],
  );
}

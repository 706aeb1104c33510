import { Injectable } from '@nestjs/common';
import { writeOnce, type WriteOnceResult } from '@lib/database';
import { type PageSlice } from '@lib/service-kit';
import { DataSource, type EntityManager, IsNull, In } from 'typeorm';
import {
  COMMENTED_PAGE_TYPES,
  type CommentState,
  moderate,
  type StaffReplyInput,
  type SubmitCommentInput,
} from '../domain/comment-rules';
import { CommentEntity } from './comment.entity';

/** A published rating of a lender with the lender it is about (listRecentLenderRatings). */
export interface RecentLenderRatingRow {
  id: string;
  pagePath: string;
  lenderSlug: string;
  lenderName: string;
  name: string;
  text: string;
  rating: number;
  createdAt: Date;
  moderatedAt: Date | null;
  lenderRatingsCount: number;
  lenderRatingsSum: number;
}

export type ModerationOutcome = { ok: CommentEntity } | { notFound: true } | { refused: string };

/** What a stored comment or reply is answered with, kept with its idempotency key for repeats (JSON). */
export interface StoredComment {
  id: string;
  /** RFC 3339. */
  createdAt: string;
}

export interface WriteGuard {
  /** The submission's idempotency key; undefined: stored without deduplication. */
  key: string | undefined;
  /** Last check before COMMIT (the call's deadline); throwing stores nothing. */
  beforeCommit(): void;
}

/**
 * All comment SQL. Moderation runs under a row lock so two moderators cannot both decide; every
 * change to a page's published comments recounts its counters under the page's row lock.
 */
@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get comments() {
    return this.dataSource.getRepository(CommentEntity);
  }

  findPublished(id: number): Promise<CommentEntity | null> {
    return this.comments.findOneBy({ id: String(id), state: 'published' });
  }

  findById(id: string): Promise<CommentEntity | null> {
    return this.comments.findOneBy({ id });
  }

  /** Whether visitors may comment under the path: a published page of a commented type (article, lender review). */
  async acceptsComments(pagePath: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM content.pages WHERE path = $1 AND published AND type = ANY($2::text[])`,
      [pagePath, [...COMMENTED_PAGE_TYPES]],
    );
    return rows.length > 0;
  }

  /**
   * Inserts a visitor's comment, pending review, once per idempotency key (content.idempotency_keys,
   * @lib/database writeOnce): a repeat gets the first comment's id and time, a key used with another
   * comment is refused. Nothing commits once the guard says the caller has given up.
   */
  insertPendingOnce(input: SubmitCommentInput, guard: WriteGuard): Promise<WriteOnceResult<StoredComment>> {
    return writeOnce(this.dataSource, {
      scope: 'SubmitComment',
      key: guard.key,
      request: input,
      beforeCommit: () => guard.beforeCommit(),
      write: async (manager) => {
        const comments = manager.getRepository(CommentEntity);
        const row = await comments.save(
          comments.create({
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
        return { id: row.id, createdAt: row.createdAt.toISOString() };
      },
    });
  }

  /**
   * A staff reply is published at once, under the same page as the comment it answers, once per
   * idempotency key (a repeat gets the first reply's id), with the page's counters in the same
   * transaction.
   */
  insertStaffReplyOnce(
    parent: CommentEntity,
    reply: StaffReplyInput,
    guard: WriteGuard,
  ): Promise<WriteOnceResult<StoredComment>> {
    return writeOnce(this.dataSource, {
      scope: 'PostStaffReply',
      key: guard.key,
      request: reply,
      beforeCommit: () => guard.beforeCommit(),
      write: async (manager) => {
        const comments = manager.getRepository(CommentEntity);
        const saved = await comments.save(
          comments.create({
            pagePath: parent.pagePath,
            replyTo: parent.id,
            name: reply.name,
            email: '',
            authorType: reply.authorType,
            text: reply.text,
            rating: null,
            state: 'published',
            sessionId: null,
            moderatedAt: new Date(),
            moderatedBy: reply.moderator,
          }),
        );
        await refreshPageCounts(manager, parent.pagePath);
        return { id: saved.id, createdAt: saved.createdAt.toISOString() };
      },
    });
  }

  /**
   * Erasure: removes the e-mail, the name and the visit's session id from every comment left with
   * this e-mail (compared case-insensitively) and returns how many changed; the text stays, signed
   * as anonymous.
   */
  async anonymiseByEmail(email: string, anonymousName: string): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(CommentEntity)
      // The visit's session id goes too: it would tie the comment to that visit's tracking events.
      .set({ email: '', name: anonymousName, sessionId: null })
      .where('lower(email) = lower(:email) AND email <> :empty', { email, empty: '' })
      .execute();
    return result.affected ?? 0;
  }

  /** Published top-level comments of a page, their published replies, and the page's counts. */
  /**
   * Two round trips, each on the partial indexes of IndexPublishedComments1795610000000: the page of
   * top-level comments and all the page's counts at once (one query for the counts), then the
   * replies of the comments shown. Every uncached article page waits for this.
   */
  async listPublished(pagePath: string, order: 'ASC' | 'DESC', slice: PageSlice) {
    const [topLevel, [counts]] = await Promise.all([
      this.comments.find({
        where: { pagePath, state: 'published', replyTo: IsNull() },
        order: { createdAt: order, id: order },
        take: slice.size,
        skip: slice.offset,
      }),
      this.dataSource.query<{ total: string; top_level: string; ratings: string; sum: string | null }[]>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE reply_to IS NULL) AS top_level,
                count(rating) AS ratings, sum(rating) AS sum
           FROM content.comments WHERE page_path = $1 AND state = 'published'`,
        [pagePath],
      ),
    ]);
    const replies = topLevel.length
      ? await this.comments.find({
          where: { replyTo: In(topLevel.map((c) => c.id)), state: 'published' },
          order: { createdAt: 'ASC', id: 'ASC' },
        })
      : [];
    return {
      topLevel,
      replies,
      topLevelCount: Number(counts?.top_level ?? 0),
      totalCount: Number(counts?.total ?? 0),
      ratingsCount: Number(counts?.ratings ?? 0),
      ratingsSum: Number(counts?.sum ?? 0),
    };
  }

  /**
   * The newest published visitor ratings under lender review pages (top-level comments with a
   * rating; replies carry none), with their lender and its kept counters, and how many there are in
   * all. Only published review pages count: an unpublished page's comments are not shown anywhere.
   */
  async listRecentLenderRatings(limit: number): Promise<{ rows: RecentLenderRatingRow[]; total: number }> {
    const from = `FROM content.comments c
                  JOIN content.pages p ON p.path = c.page_path AND p.published AND p.type = 'lender'
                  JOIN content.lender_reviews l ON l.page_id = p.id
                 WHERE c.state = 'published' AND c.reply_to IS NULL AND c.rating IS NOT NULL
                   AND c.author_type = 'visitor'`;
    const [rows, [count]] = await Promise.all([
      this.dataSource.query<RecentLenderRatingRow[]>(
        `SELECT c.id, c.page_path AS "pagePath", l.slug AS "lenderSlug", l.name AS "lenderName", c.name,
                c.text, c.rating, c.created_at AS "createdAt", c.moderated_at AS "moderatedAt",
                l.reviews_count AS "lenderRatingsCount", l.ratings_sum AS "lenderRatingsSum"
           ${from}
          ORDER BY c.created_at DESC, c.id DESC
          LIMIT $1`,
        [limit],
      ),
      this.dataSource.query<{ total: string }[]>(`SELECT count(*) AS total ${from}`),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }

  listByState(state: CommentState, slice: PageSlice) {
    return this.comments.findAndCount({
      where: { state },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: slice.size,
      skip: slice.offset,
    });
  }

  moderate(
    id: number,
    decision: 'approve' | 'reject',
    moderator: string,
    reason = '',
  ): Promise<ModerationOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const comment = await manager
        .getRepository(CommentEntity)
        .findOne({ where: { id: String(id) }, lock: { mode: 'pessimistic_write' } });
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
 *
 * The page row is locked first: two decisions on one page then recount one after the other, and
 * the second recount (a new statement, so a new READ COMMITTED snapshot) sees the first's commit.
 * Without it both recounts could start before either committed, and the later UPDATE, waiting on
 * the counter row, would write a count taken from a snapshot without the other's comment.
 */
async function refreshPageCounts(manager: EntityManager, pagePath: string): Promise<void> {
  await manager.query(`SELECT 1 FROM content.pages WHERE path = $1 FOR UPDATE`, [pagePath]);
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

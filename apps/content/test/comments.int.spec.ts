import { status } from '@grpc/grpc-js';
import { contentV1, type GrpcCallError } from '@lib/contracts';
import { IdempotencyKeyEntity } from '@lib/database';
import { runCli } from '@lib/service-kit';
import {
  countedCalls,
  holdLock,
  silentLogger,
  startTestService,
  type TestService,
  until,
  waitingForLocks,
} from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { In } from 'typeorm';
import { commentsCli } from '../src/cli/comments.cli';
import { contentService } from '../src/content.service-definition';
import { COMMENT_MESSAGES } from '../src/domain/comment-rules';
import { CommentEntity } from '../src/persistence/comment.entity';

const PAGE = '/opinie-o-pozyczkach/vivus/';
const visitor = (
  overrides: Partial<contentV1.SubmitCommentRequest> = {},
): contentV1.SubmitCommentRequest => ({
  pagePath: PAGE,
  name: 'Marta',
  email: 'marta@example.pl',
  text: 'Pożyczka przyszła na konto po kwadransie, wszystko zgodnie z umową.',
  rating: 5,
  replyTo: 0,
  sessionId: '',
  ...overrides,
});

describe('comments over gRPC (real PostgreSQL) and the moderation CLI', () => {
  let t: TestService<'content'>;
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
  const cli = async (...argv: string[]) => {
    lines.length = 0;
    return runCli(commentsCli, {
      argv,
      env: { CONTENT_SERVICE_ADDR: t.grpcTarget },
      io,
      logger: silentLogger(),
    });
  };

  beforeAll(async () => {
    t = await startTestService(contentService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('holds a new comment for review: not listed until a moderator approves it with the CLI', async () => {
    const submitted = await t.client.submitComment(visitor());
    expect(submitted.state).toBe(contentV1.CommentState.PENDING);
    expect((await t.client.listComments({ pagePath: PAGE, sort: 0, page: null })).totalCount).toBe(0);

    expect(await cli('list')).toBe(0);
    expect(lines.join('\n')).toContain(`#${submitted.commentId}`);
    expect(lines.join('\n')).toContain('marta@example.pl');

    expect(await cli('approve', String(submitted.commentId), '--by', 'moderator-1')).toBe(0);
    expect(lines).toEqual([`#${submitted.commentId} is now published (by moderator-1)`]);

    const listed = await t.client.listComments({ pagePath: PAGE, sort: 0, page: null });
    expect(listed).toMatchObject({ totalCount: 1, ratingsCount: 1, ratingsSum: 5 });
    expect(listed.comments[0]).toMatchObject({
      name: 'Marta',
      rating: 5,
      authorType: contentV1.CommentAuthorType.VISITOR,
    });
    expect(JSON.stringify(listed)).not.toContain('marta@example.pl');
  });

  it('keeps the review count and rating sum of the lender page in step with moderation', async () => {
    const [row] = await t.service.dataSource.query<{ reviews_count: number; ratings_sum: number }[]>(
      `SELECT l.reviews_count, l.ratings_sum FROM content.lender_reviews l JOIN content.pages p ON p.id = l.page_id WHERE p.path = $1`,
      [PAGE],
    );
    expect(row).toEqual({ reviews_count: 1, ratings_sum: 5 });
  });

  it('moderates once: a second decision is refused with FAILED_PRECONDITION, an unknown id is NOT_FOUND', async () => {
    const { commentId } = await t.client.submitComment(
      visitor({ name: 'Spamer', text: 'Kup tanio, kliknij teraz!' }),
    );
    expect(await cli('reject', String(commentId), '--reason', 'spam')).toBe(0);
    expect(await cli('approve', String(commentId))).toBe(1);
    expect(lines[0]).toContain('comment is already rejected');
    const missing = (await t.client
      .approveComment({ commentId: 999_999, moderator: 'x' })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(missing.code).toBe(status.NOT_FOUND);
    expect(await cli('approve')).toBe(2);
  });

  it('threads replies under published comments only, and sorts newer or older', async () => {
    const first = await t.client.submitComment(visitor({ name: 'Adam', rating: 3 }));
    await cli('approve', String(first.commentId));
    const reply = await t.client.submitComment(
      visitor({ name: 'Ola', rating: 0, replyTo: first.commentId, text: 'U mnie podobnie.' }),
    );
    await cli('approve', String(reply.commentId));

    const newer = await t.client.listComments({
      pagePath: PAGE,
      sort: contentV1.CommentSort.NEWER,
      page: null,
    });
    const older = await t.client.listComments({
      pagePath: PAGE,
      sort: contentV1.CommentSort.OLDER,
      page: null,
    });
    expect(newer.comments.map((c) => c.name)).toEqual(['Adam', 'Marta']);
    expect(older.comments.map((c) => c.name)).toEqual(['Marta', 'Adam']);
    expect(newer.comments[0]!.replies.map((r) => r.name)).toEqual(['Ola']);
    expect(newer).toMatchObject({ totalCount: 3, ratingsCount: 2, ratingsSum: 8 });

    const rejectedParent = (await t.client
      .submitComment(visitor({ rating: 0, replyTo: 424242 }))
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(rejectedParent.fieldViolations).toEqual([
      { field: 'replyTo', description: COMMENT_MESSAGES.replyTo },
    ]);
  });

  it('publishes staff replies at once, labelled by author type, only under published top-level comments', async () => {
    const listedBefore = await t.client.listComments({
      pagePath: PAGE,
      sort: contentV1.CommentSort.OLDER,
      page: null,
    });
    const marta = listedBefore.comments[0]!;
    expect(
      await cli(
        'reply',
        String(marta.id),
        '--as',
        'company',
        '--name',
        'Zespół Porównywarki',
        'Dziękujemy',
        'za',
        'opinię!',
      ),
    ).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`published as a reply to #${marta.id}$`));
    const after = await t.client.listComments({
      pagePath: PAGE,
      sort: contentV1.CommentSort.OLDER,
      page: null,
    });
    expect(after.comments[0]!.replies.at(-1)).toMatchObject({
      name: 'Zespół Porównywarki',
      text: 'Dziękujemy za opinię!',
      authorType: contentV1.CommentAuthorType.COMPANY,
      rating: 0,
    });
    expect(await cli('reply', String(marta.id), '--as', 'visitor', '--name', 'X', 'tekst')).toBe(2);
    const onReply = (await t.client
      .postStaffReply({
        commentId: after.comments[0]!.replies[0]!.id,
        authorType: contentV1.CommentAuthorType.EXPERT,
        name: 'Ekspert',
        text: 'Uwaga.',
        moderator: 'm',
      })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(onReply.code).toBe(status.INVALID_ARGUMENT);
  });

  it('rejects bad input with Polish field messages and stores nothing', async () => {
    const before = (
      await t.client.listCommentsForModeration({ state: contentV1.CommentState.PENDING, page: null })
    ).pageInfo?.totalItems;
    const error = (await t.client
      .submitComment(visitor({ name: 'A', email: 'zly-adres', text: '<b>x</b>', rating: 6 }))
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(Object.fromEntries(error.fieldViolations.map((v) => [v.field, v.description]))).toEqual({
      name: COMMENT_MESSAGES.name,
      email: COMMENT_MESSAGES.email,
      text: COMMENT_MESSAGES.html,
      rating: COMMENT_MESSAGES.rating,
    });
    const tooLong = (await t.client
      .submitComment(visitor({ text: 'x'.repeat(5001) }))
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(tooLong.fieldViolations).toEqual([{ field: 'text', description: COMMENT_MESSAGES.text }]);
    const after = (
      await t.client.listCommentsForModeration({ state: contentV1.CommentState.PENDING, page: null })
    ).pageInfo?.totalItems;
    expect(after).toBe(before);
  });

  describe('only under pages that take comments', () => {
    it.each([
      ['a path with no page', '/nie-ma-takiej-strony/'],
      ['a deep path with no page', '/a/b/c/d/e/f/g/h/'],
      ['a core page without a comment form', '/o-nas/'],
      ['an SEO page without a comment form', '/kredyt-gotowkowy/'],
    ])('answers NOT_FOUND for %s and stores nothing', async (_, pagePath) => {
      const error = (await t.client
        .submitComment(visitor({ pagePath, idempotencyKey: randomUUID() }))
        .catch((e: unknown) => e)) as GrpcCallError;
      expect(error.code).toBe(status.NOT_FOUND);
      expect(await t.service.dataSource.getRepository(CommentEntity).countBy({ pagePath })).toBe(0);
    });

    it('takes comments under articles and lender reviews', async () => {
      for (const pagePath of ['/placa-minimalna/', '/opinie-o-pozyczkach/avinto/']) {
        await expect(
          t.client.submitComment(visitor({ pagePath, name: 'Strona z formularzem' })),
        ).resolves.toMatchObject({
          state: contentV1.CommentState.PENDING,
        });
      }
    });
  });

  describe('exactly once per idempotency key', () => {
    const ARTICLE = '/placa-minimalna/';
    const stored = (text: string) => t.service.dataSource.getRepository(CommentEntity).findBy({ text });

    it('stores a comment sent twice with one key once and answers both the same', async () => {
      const key = randomUUID();
      const request = visitor({
        pagePath: ARTICLE,
        text: 'Wysłany dwa razy tym samym kluczem.',
        idempotencyKey: key,
      });
      const first = await t.client.submitComment(request);
      const repeat = await t.client.submitComment({ ...request, idempotencyKey: key.toUpperCase() });
      // The same answer, marked as the repeat it is (the gateway gives a repeat's budget back).
      expect(first.duplicate).toBe(false);
      expect(repeat).toEqual({ ...first, duplicate: true });
      expect((await stored(request.text)).map((c) => Number(c.id))).toEqual([first.commentId]);

      // Another comment under the same key is refused, and stores nothing.
      const reused = (await t.client
        .submitComment({ ...request, text: 'Inny tekst pod tym samym kluczem.' })
        .catch((e: unknown) => e)) as GrpcCallError;
      expect(reused.code).toBe(status.INVALID_ARGUMENT);
      expect(reused.fieldViolations[0]?.field).toBe('idempotencyKey');
      expect(await stored('Inny tekst pod tym samym kluczem.')).toEqual([]);
    });

    it('does not commit a comment whose deadline passes while the database stalls, and stores the retry once', async () => {
      const METHOD = 'ContentController.submitComment';
      const key = randomUUID();
      const request = visitor({
        pagePath: ARTICLE,
        text: 'Komentarz w czasie przestoju bazy.',
        idempotencyKey: key,
      });
      // Calls of the method that ended, whichever way: the stalled one is counted once it has.
      const ended = async () =>
        (await countedCalls(t.opsUrl, METHOD, 'OK')) +
        (await countedCalls(t.opsUrl, METHOD, 'DEADLINE_EXCEEDED'));
      const before = await ended();
      const lock = await holdLock(t.service.dataSource, 'LOCK TABLE content.comments IN EXCLUSIVE MODE');
      try {
        const call = t.client.submitComment(request, { deadlineMs: 500 });
        await until(async () => (await waitingForLocks(t.service.dataSource)) >= 1);
        // The call reached the service before now, so its deadline there ends before now + 500 ms.
        const serverDeadlineBefore = Date.now() + 500;
        await expect(call).rejects.toMatchObject({ code: status.DEADLINE_EXCEEDED });
        await until(() => Date.now() > serverDeadlineBefore);
      } finally {
        await lock.release();
      }
      // The insert then goes through, but the service asks before COMMIT and rolls back.
      await until(async () => (await ended()) > before);
      expect(await stored(request.text)).toEqual([]);
      expect(
        await t.service.dataSource
          .getRepository(IdempotencyKeyEntity)
          .findOneBy({ scope: 'SubmitComment', key }),
      ).toBeNull();

      // The visitor sends it again with the same key: stored once, and a further repeat changes nothing.
      const retry = await t.client.submitComment(request);
      await t.client.submitComment(request);
      expect((await stored(request.text)).map((c) => Number(c.id))).toEqual([retry.commentId]);
    });

    it('publishes a staff reply sent twice with one key once', async () => {
      const parent = await t.client.submitComment(
        visitor({ pagePath: ARTICLE, name: 'Pytający', text: 'Czy kwota jest brutto?' }),
      );
      await t.client.approveComment({ commentId: parent.commentId, moderator: 'm' });
      const reply = {
        commentId: parent.commentId,
        authorType: contentV1.CommentAuthorType.EXPERT,
        name: 'Ekspert',
        text: 'Tak, to kwota brutto.',
        moderator: 'm',
        idempotencyKey: randomUUID(),
      };
      const first = await t.client.postStaffReply(reply);
      const repeat = await t.client.postStaffReply(reply);
      expect(repeat).toEqual(first);
      expect(await stored('Tak, to kwota brutto.')).toHaveLength(1);
      const [article] = await t.service.dataSource.query<{ comments_count: number }[]>(
        `SELECT a.comments_count FROM content.articles a JOIN content.pages p ON p.id = a.page_id WHERE p.path = $1`,
        [ARTICLE],
      );
      const published = await t.service.dataSource
        .getRepository(CommentEntity)
        .countBy({ pagePath: ARTICLE, state: 'published' });
      expect(article?.comments_count).toBe(published);
    });
  });

  describe('counters under concurrent moderation', () => {
    const LENDER = '/opinie-o-pozyczkach/bycard/';
    const counters = async () => {
      const [row] = await t.service.dataSource.query<{ reviews_count: number; ratings_sum: number }[]>(
        `SELECT l.reviews_count, l.ratings_sum FROM content.lender_reviews l JOIN content.pages p ON p.id = l.page_id WHERE p.path = $1`,
        [LENDER],
      );
      return row;
    };

    it('stays equal to the published comments when 15 pairs of comments are approved at the same time', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        ids.push(
          (
            await t.client.submitComment(
              visitor({ pagePath: LENDER, name: `Klient ${i}`, rating: (i % 5) + 1 }),
            )
          ).commentId,
        );
      }
      for (let pair = 0; pair < 15; pair += 1) {
        // Both approvals get as far as their recount while the counter row is held, then race for it.
        const lock = await holdLock(
          t.service.dataSource,
          `SELECT 1 FROM content.lender_reviews l JOIN content.pages p ON p.id = l.page_id WHERE p.path = $1 FOR UPDATE OF l`,
          [LENDER],
        );
        let approvals: Promise<unknown>;
        try {
          approvals = Promise.all(
            ids
              .slice(pair * 2, pair * 2 + 2)
              .map((commentId) => t.client.approveComment({ commentId, moderator: 'm' })),
          );
          await until(async () => (await waitingForLocks(t.service.dataSource)) >= 2);
        } finally {
          await lock.release();
        }
        await approvals!;
      }
      const ratingsSum = Array.from({ length: 30 }, (_, i) => (i % 5) + 1).reduce((a, b) => a + b, 0);
      expect(await counters()).toEqual({ reviews_count: 30, ratings_sum: ratingsSum });
    });
  });

  describe('AnonymiseCommenter (erasure through the leads service)', () => {
    it("removes the person's e-mail and name from all their comments, published ones included, and nobody else's", async () => {
      const email = `erase-${randomUUID().slice(0, 8)}@example.pl`;
      const visit = randomUUID();
      const mine = await t.client.submitComment(visitor({ name: 'Zofia Erasmus', email, sessionId: visit }));
      await t.client.approveComment({ commentId: mine.commentId, moderator: 'm' });
      const pending = await t.client.submitComment(
        visitor({ name: 'Zofia Erasmus', email: email.toUpperCase() }),
      );
      const other = await t.client.submitComment(visitor({ name: 'Ktoś Inny', email: 'inny@example.pl' }));
      // Cached published answers carry the name: it must go from them too.
      expect(JSON.stringify(await t.client.listComments({ pagePath: PAGE, sort: 0, page: null }))).toContain(
        'Zofia Erasmus',
      );

      expect(await t.client.anonymiseCommenter({ email: ` ${email} ` })).toEqual({ anonymisedComments: 2 });

      const rows = await t.service.dataSource
        .getRepository(CommentEntity)
        .findBy({ id: In([String(mine.commentId), String(pending.commentId)]) });
      expect(rows.map((row) => ({ name: row.name, email: row.email, sessionId: row.sessionId }))).toEqual([
        { name: 'Anonim', email: '', sessionId: null },
        { name: 'Anonim', email: '', sessionId: null },
      ]);
      expect(
        await t.service.dataSource
          .getRepository(CommentEntity)
          .findOneByOrFail({ id: String(other.commentId) }),
      ).toMatchObject({
        name: 'Ktoś Inny',
        email: 'inny@example.pl',
      });
      expect(
        JSON.stringify(await t.client.listComments({ pagePath: PAGE, sort: 0, page: null })),
      ).not.toContain('Zofia Erasmus');
      // A repeat (the leads erasure job retrying) finds nothing more to do.
      expect(await t.client.anonymiseCommenter({ email })).toEqual({ anonymisedComments: 0 });
    });

    it('refuses something that is not an e-mail with INVALID_ARGUMENT', async () => {
      const error = (await t.client
        .anonymiseCommenter({ email: '' })
        .catch((e: unknown) => e)) as GrpcCallError;
      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations[0]?.field).toBe('email');
    });
  });
});

describe('ListRecentLenderRatings: published visitor ratings of lenders, newest first (real PostgreSQL)', () => {
  let t: TestService<'content'>;
  beforeAll(async () => {
    t = await startTestService(contentService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const publish = async (request: Partial<contentV1.SubmitCommentRequest>) => {
    const { commentId } = await t.client.submitComment(visitor(request));
    await t.client.approveComment({ commentId, moderator: 'test' });
    return commentId;
  };

  it('answers none while nothing rated is published on a lender page', async () => {
    await t.client.submitComment(visitor({ name: 'Czeka', rating: 4 }));
    expect(await t.client.listRecentLenderRatings({ limit: 0 })).toEqual({ ratings: [], totalCount: 0 });
  });

  it('lists only published top-level ratings under lender review pages, with the lender and its counters', async () => {
    const vivus = await publish({
      name: 'Pierwsza',
      rating: 4,
      text: 'Umowa czytelna, koszt zgodny z formularzem.',
    });
    await publish({ pagePath: '/placa-minimalna/', name: 'Artykuł', rating: 5, text: 'Ocena artykułu.' });
    await publish({ name: 'Odpowiedź', rating: 0, replyTo: vivus, text: 'U mnie też.' });
    const rejected = await t.client.submitComment(visitor({ name: 'Odrzucona', rating: 1 }));
    await t.client.rejectComment({ commentId: rejected.commentId, moderator: 'test', reason: 'spam' });
    const avinto = await publish({
      pagePath: '/opinie-o-pozyczkach/avinto/',
      name: 'Druga',
      rating: 2,
      text: 'Przedłużenie terminu okazało się drogie.',
    });

    const answer = await t.client.listRecentLenderRatings({ limit: 0 });
    expect(answer.totalCount).toBe(2);
    expect(answer.ratings.map((r) => [r.commentId, r.lenderSlug, r.name, r.rating])).toEqual([
      [avinto, 'avinto', 'Druga', 2],
      [vivus, 'vivus', 'Pierwsza', 4],
    ]);
    expect(answer.ratings[1]).toMatchObject({
      pagePath: PAGE,
      lenderName: 'Vivus',
      text: 'Umowa czytelna, koszt zgodny z formularzem.',
      lenderRatingsCount: 1,
      lenderRatingsSum: 4,
    });
    expect(Date.parse(answer.ratings[1]!.createdAt)).not.toBeNaN();
    expect(Date.parse(answer.ratings[1]!.publishedAt)).toBeGreaterThanOrEqual(
      Date.parse(answer.ratings[1]!.createdAt),
    );
    expect(JSON.stringify(answer)).not.toContain('@example.pl');
    expect((await t.client.listRecentLenderRatings({ limit: 1 })).ratings.map((r) => r.commentId)).toEqual([
      avinto,
    ]);
  });

  it('shows a rating published after an answer was cached (moderation clears the cache)', async () => {
    const before = await t.client.listRecentLenderRatings({ limit: 5 });
    const later = await publish({ name: 'Trzecia', rating: 5, text: 'Spłata przed terminem bez problemu.' });
    const after = await t.client.listRecentLenderRatings({ limit: 5 });
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.ratings[0]?.commentId).toBe(later);
  });

  it.each([
    [-1, 'must not be negative'],
    [21, 'must be at most 20'],
  ])('refuses limit %p with INVALID_ARGUMENT on the field', async (limit, description) => {
    const error = (await t.client
      .listRecentLenderRatings({ limit })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual([{ field: 'limit', description }]);
  });
});

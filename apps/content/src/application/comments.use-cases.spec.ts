import { MemoryCache } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import {
  CallDeadline,
  deadlineExceeded,
  failedPrecondition,
  invalidArgument,
  notFound,
} from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { commentRow } from '../../test/support/content-rows';
import { sameServiceError } from '../../test/support/service-errors';
import { COMMENT_MESSAGES, type StaffReplyInput, type SubmitCommentInput } from '../domain/comment-rules';
import { type CommentsRepository } from '../persistence/comments.repository';
import { CommentsUseCases } from './comments.use-cases';

const PAGE = '/opinie-o-pozyczkach/vivus/';
const firstPage = { page: 1, size: 10, offset: 0 };

const submitted = (overrides: Partial<SubmitCommentInput> = {}): SubmitCommentInput => ({
  pagePath: PAGE,
  name: 'Marta',
  email: 'marta@example.pl',
  text: 'Pożyczka przyszła na konto po kwadransie.',
  rating: 5,
  replyTo: 0,
  sessionId: '',
  ...overrides,
});

/** A cache holding one content answer and one key of someone else's. */
async function warmCache(): Promise<MemoryCache> {
  const cache = new MemoryCache({ logger: silentLogger() });
  await cache.set('cache:lender:vivus', { reviewsCount: 1 }, 60_000);
  await cache.set('rates:latest:A', { no: '068/A/NBP/2025' }, 60_000);
  return cache;
}

describe('CommentsUseCases.submitComment', () => {
  const KEY = '6f1c1f5e-2a8b-4c1d-9e2f-0a1b2c3d4e5f';
  const keyed = (value: SubmitCommentInput, idempotencyKey: string | undefined = KEY) => ({
    value,
    idempotencyKey,
  });
  const stored = (id: string) => ({
    outcome: 'stored' as const,
    answer: { id, createdAt: '2026-03-01T10:00:00.000Z' },
  });

  it('holds a top-level comment for review, once per key, asking the deadline before COMMIT', async () => {
    const insertPendingOnce = jest.fn().mockResolvedValue(stored('21'));
    const acceptsComments = jest.fn().mockResolvedValue(true);
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { acceptsComments, insertPendingOnce }),
      strictMock('cache'),
    );
    const deadline = CallDeadline.at(1_000, () => 2_000);

    await expect(useCases.submitComment(keyed(submitted()), deadline)).resolves.toEqual({
      commentId: 21,
      state: contentV1.CommentState.PENDING,
      createdAt: '2026-03-01T10:00:00.000Z',
      duplicate: false,
    });
    expect(acceptsComments).toHaveBeenCalledWith(PAGE);
    expect(insertPendingOnce).toHaveBeenCalledWith(submitted(), {
      key: KEY,
      beforeCommit: expect.any(Function),
    });
    // The guard it hands the repository is the call's deadline: past it, nothing commits.
    const guard = (insertPendingOnce.mock.calls as [unknown, { beforeCommit(): void }][])[0]![1];
    let refused: unknown;
    try {
      guard.beforeCommit();
    } catch (error) {
      refused = error;
    }
    expect(refused).toEqual(
      sameServiceError(deadlineExceeded("the caller's deadline passed: nothing was committed")),
    );
  });

  it('answers a repeat of the same submission with the first answer, marked as a duplicate', async () => {
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', {
        acceptsComments: jest.fn().mockResolvedValue(true),
        insertPendingOnce: jest.fn().mockResolvedValue({ ...stored('21'), outcome: 'repeated' }),
      }),
      strictMock('cache'),
    );
    await expect(useCases.submitComment(keyed(submitted()), CallDeadline.none())).resolves.toMatchObject({
      commentId: 21,
      duplicate: true,
    });
  });

  it('refuses a key already used for another comment, as a field violation', async () => {
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', {
        acceptsComments: jest.fn().mockResolvedValue(true),
        insertPendingOnce: jest.fn().mockResolvedValue({ outcome: 'key-reused' }),
      }),
      strictMock('cache'),
    );
    await expect(useCases.submitComment(keyed(submitted()), CallDeadline.none())).rejects.toEqual(
      sameServiceError(
        invalidArgument([
          {
            field: 'idempotencyKey',
            description: 'was already used for a different submission; a new submission needs a new key',
          },
        ]),
      ),
    );
  });

  it('answers NOT_FOUND for a path that is no commented page, storing nothing', async () => {
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { acceptsComments: jest.fn().mockResolvedValue(false) }),
      strictMock('cache'),
    );
    await expect(
      useCases.submitComment(keyed(submitted({ pagePath: '/nie-ma-takiej-strony/' })), CallDeadline.none()),
    ).rejects.toEqual(sameServiceError(notFound('commented page', '/nie-ma-takiej-strony/')));
  });

  it('takes a reply to a published top-level comment of the same page', async () => {
    const findPublished = jest.fn().mockResolvedValue(commentRow({ id: '11' }));
    const insertPendingOnce = jest.fn().mockResolvedValue(stored('22'));
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', {
        acceptsComments: jest.fn().mockResolvedValue(true),
        findPublished,
        insertPendingOnce,
      }),
      strictMock('cache'),
    );

    await expect(
      useCases.submitComment(keyed(submitted({ replyTo: 11, rating: 0 })), CallDeadline.none()),
    ).resolves.toMatchObject({
      commentId: 22,
    });
    expect(findPublished).toHaveBeenCalledWith(11);
  });

  it.each([
    ['does not exist or is not published', null],
    ['is on another page', commentRow({ id: '11', pagePath: '/placa-minimalna/' })],
    ['is itself a reply', commentRow({ id: '11', replyTo: '3' })],
  ])('refuses a reply to a comment that %s, storing nothing', async (_, parent) => {
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', {
        acceptsComments: jest.fn().mockResolvedValue(true),
        findPublished: jest.fn().mockResolvedValue(parent),
      }),
      strictMock('cache'),
    );

    await expect(
      useCases.submitComment(keyed(submitted({ replyTo: 11, rating: 0 })), CallDeadline.none()),
    ).rejects.toEqual(
      sameServiceError(invalidArgument([{ field: 'replyTo', description: COMMENT_MESSAGES.replyTo }])),
    );
  });
});

describe('CommentsUseCases.listComments', () => {
  it('threads published replies under their comments and answers the page counts, without e-mails', async () => {
    const listPublished = jest.fn().mockResolvedValue({
      topLevel: [commentRow({ id: '11' }), commentRow({ id: '12', name: 'Adam', rating: 3 })],
      replies: [
        commentRow({ id: '13', replyTo: '11', name: 'Ola', rating: null }),
        commentRow({ id: '14', replyTo: '11', name: 'Zespół', authorType: 'company', rating: null }),
      ],
      topLevelCount: 12,
      totalCount: 14,
      ratingsCount: 12,
      ratingsSum: 50,
    });
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { listPublished }),
      new MemoryCache({ logger: silentLogger() }),
    );

    const answer = await useCases.listComments({ pagePath: PAGE, order: 'oldest-first', page: firstPage });
    expect(listPublished).toHaveBeenCalledWith(PAGE, 'ASC', firstPage);
    expect(answer).toMatchObject({
      pageInfo: { page: 1, pageSize: 10, totalItems: 12, totalPages: 2 },
      totalCount: 14,
      ratingsCount: 12,
      ratingsSum: 50,
    });
    expect(answer.comments.map((c) => [c.id, c.replies.map((r) => r.id)])).toEqual([
      [11, [13, 14]],
      [12, []],
    ]);
    expect(answer.comments[0]).toMatchObject({
      name: 'Marta',
      rating: 5,
      replyTo: 0,
      authorType: contentV1.CommentAuthorType.VISITOR,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(answer.comments[0]!.replies[1]).toMatchObject({
      replyTo: 11,
      rating: 0,
      authorType: contentV1.CommentAuthorType.COMPANY,
    });
    expect(JSON.stringify(answer)).not.toContain('marta@example.pl');
  });

  /** What listPublished answers for a page without comments. */
  const noComments = {
    topLevel: [],
    replies: [],
    topLevelCount: 0,
    totalCount: 0,
    ratingsCount: 0,
    ratingsSum: 0,
  };

  it('lists newest first unless asked otherwise', async () => {
    const listPublished = jest.fn().mockResolvedValue(noComments);
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { listPublished }),
      new MemoryCache({ logger: silentLogger() }),
    );

    await useCases.listComments({ pagePath: PAGE, order: 'newest-first', page: firstPage });
    expect(listPublished).toHaveBeenCalledWith(PAGE, 'DESC', firstPage);
  });

  it('answers the same list again from the cache until a moderation decision clears it', async () => {
    const empty = noComments;
    const listPublished = jest
      .fn()
      .mockResolvedValueOnce(empty)
      .mockResolvedValueOnce({
        ...empty,
        topLevel: [commentRow({ id: '11' })],
        topLevelCount: 1,
        totalCount: 1,
      });
    const moderate = jest.fn().mockResolvedValue({ ok: commentRow({ id: '11' }) });
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { listPublished, moderate }),
      new MemoryCache({ logger: silentLogger() }),
    );
    const query = { pagePath: PAGE, order: 'newest-first' as const, page: firstPage };

    expect((await useCases.listComments(query)).totalCount).toBe(0);
    expect((await useCases.listComments(query)).totalCount).toBe(0);
    expect(listPublished).toHaveBeenCalledTimes(1);
    // Another order or page is another list.
    await useCases.listComments({ ...query, order: 'oldest-first' });
    expect(listPublished).toHaveBeenCalledTimes(2);

    listPublished.mockResolvedValue({
      ...empty,
      topLevel: [commentRow({ id: '11' })],
      topLevelCount: 1,
      totalCount: 1,
    });
    await useCases.approveComment(11, 'moderator');
    const afterApproval = await useCases.listComments(query);
    expect(afterApproval.totalCount).toBe(1);
    expect(afterApproval.comments.map((comment) => comment.id)).toEqual([11]);
  });
});

describe('CommentsUseCases: moderation', () => {
  it('lists comments in a state with everything moderators need, e-mail included', async () => {
    const listByState = jest
      .fn()
      .mockResolvedValue([[commentRow({ state: 'pending', moderatedAt: null, moderatedBy: null })], 1]);
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { listByState }),
      strictMock('cache'),
    );

    await expect(useCases.listCommentsForModeration('pending', firstPage)).resolves.toEqual({
      comments: [
        {
          id: 11,
          pagePath: PAGE,
          replyTo: 0,
          name: 'Marta',
          email: 'marta@example.pl',
          authorType: contentV1.CommentAuthorType.VISITOR,
          text: 'Pożyczka przyszła na konto po kwadransie.',
          rating: 5,
          state: contentV1.CommentState.PENDING,
          createdAt: '2026-03-01T10:00:00.000Z',
          moderatedAt: '',
          moderatedBy: '',
          rejectionReason: '',
        },
      ],
      pageInfo: { page: 1, pageSize: 10, totalItems: 1, totalPages: 1 },
    });
    expect(listByState).toHaveBeenCalledWith('pending', firstPage);
  });

  it('approves, then clears every cached content answer (they carry the comment counts) and nothing else', async () => {
    const moderate = jest.fn().mockResolvedValue({ ok: commentRow({ state: 'published' }) });
    const cache = await warmCache();
    const useCases = new CommentsUseCases(strictMock<CommentsRepository>('comments', { moderate }), cache);

    await expect(useCases.approveComment(11, 'moderator-1')).resolves.toMatchObject({
      id: 11,
      state: contentV1.CommentState.PUBLISHED,
      moderatedBy: 'moderator-1',
    });
    expect(moderate).toHaveBeenCalledWith(11, 'approve', 'moderator-1', '');
    expect(await cache.get('cache:lender:vivus')).toBeUndefined();
    expect(await cache.get('rates:latest:A')).toBeDefined();
  });

  it('rejects with the reason given', async () => {
    const moderate = jest.fn().mockResolvedValue({
      ok: commentRow({ state: 'rejected', rejectionReason: 'spam' }),
    });
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { moderate }),
      await warmCache(),
    );

    await expect(useCases.rejectComment(11, 'moderator-1', 'spam')).resolves.toMatchObject({
      state: contentV1.CommentState.REJECTED,
      rejectionReason: 'spam',
    });
    expect(moderate).toHaveBeenCalledWith(11, 'reject', 'moderator-1', 'spam');
  });

  it('refuses a second decision with FAILED_PRECONDITION and keeps the cache', async () => {
    const moderate = jest.fn().mockResolvedValue({ refused: 'comment is already rejected' });
    const cache = await warmCache();
    const useCases = new CommentsUseCases(strictMock<CommentsRepository>('comments', { moderate }), cache);

    await expect(useCases.approveComment(11, 'moderator-1')).rejects.toEqual(
      sameServiceError(failedPrecondition('comment is already rejected', 'COMMENT_ALREADY_MODERATED')),
    );
    expect(await cache.get('cache:lender:vivus')).toBeDefined();
  });

  it('answers NOT_FOUND for an unknown comment', async () => {
    const moderate = jest.fn().mockResolvedValue({ notFound: true });
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { moderate }),
      strictMock('cache'),
    );

    await expect(useCases.rejectComment(999, 'moderator-1', '')).rejects.toEqual(
      sameServiceError(notFound('comment', '999')),
    );
  });
});

describe('CommentsUseCases.postStaffReply', () => {
  const reply: StaffReplyInput = {
    commentId: 11,
    authorType: 'company',
    name: 'Zespół Porównywarki',
    text: 'Dziękujemy za opinię!',
    moderator: 'moderator-1',
  };

  it('publishes the reply under its comment once per key and clears the cached content answers', async () => {
    const parent = commentRow({ id: '11' });
    const insertStaffReplyOnce = jest
      .fn()
      .mockResolvedValue({ outcome: 'stored', answer: { id: '30', createdAt: '2026-03-01T10:00:00.000Z' } });
    const findById = jest.fn().mockResolvedValue(
      commentRow({
        id: '30',
        replyTo: '11',
        name: reply.name,
        authorType: 'company',
        rating: null,
        email: '',
      }),
    );
    const cache = await warmCache();
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', {
        findPublished: jest.fn().mockResolvedValue(parent),
        insertStaffReplyOnce,
        findById,
      }),
      cache,
    );

    await expect(
      useCases.postStaffReply({ value: reply, idempotencyKey: 'k' }, CallDeadline.none()),
    ).resolves.toMatchObject({
      id: 30,
      replyTo: 11,
      authorType: contentV1.CommentAuthorType.COMPANY,
      state: contentV1.CommentState.PUBLISHED,
    });
    expect(insertStaffReplyOnce).toHaveBeenCalledWith(parent, reply, {
      key: 'k',
      beforeCommit: expect.any(Function),
    });
    expect(findById).toHaveBeenCalledWith('30');
    expect(await cache.get('cache:lender:vivus')).toBeUndefined();
  });

  it('answers NOT_FOUND when the comment is not published', async () => {
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { findPublished: jest.fn().mockResolvedValue(null) }),
      strictMock('cache'),
    );
    await expect(
      useCases.postStaffReply({ value: reply, idempotencyKey: undefined }, CallDeadline.none()),
    ).rejects.toEqual(sameServiceError(notFound('published comment', '11')));
  });

  it('refuses to answer a reply (one level of replies only)', async () => {
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', {
        findPublished: jest.fn().mockResolvedValue(commentRow({ id: '11', replyTo: '3' })),
      }),
      strictMock('cache'),
    );
    await expect(
      useCases.postStaffReply({ value: reply, idempotencyKey: undefined }, CallDeadline.none()),
    ).rejects.toEqual(
      sameServiceError(
        invalidArgument([
          { field: 'commentId', description: 'replies are answered under their top-level comment' },
        ]),
      ),
    );
  });
});

describe('CommentsUseCases.anonymiseCommenter', () => {
  it("signs the person's comments as 'Anonim' without e-mail and drops the content answers cached with their names", async () => {
    const anonymiseByEmail = jest.fn().mockResolvedValue(3);
    const cache = await warmCache();
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { anonymiseByEmail }),
      cache,
    );

    await expect(useCases.anonymiseCommenter('marta@example.pl')).resolves.toEqual({ anonymisedComments: 3 });
    expect(anonymiseByEmail).toHaveBeenCalledWith('marta@example.pl', 'Anonim');
    expect(await cache.get('cache:lender:vivus')).toBeUndefined();
    expect(await cache.get('rates:latest:A')).toEqual({ no: '068/A/NBP/2025' });
  });

  it('keeps the cache when a repeat finds nothing left to anonymise', async () => {
    const cache = await warmCache();
    const useCases = new CommentsUseCases(
      strictMock<CommentsRepository>('comments', { anonymiseByEmail: jest.fn().mockResolvedValue(0) }),
      cache,
    );

    await expect(useCases.anonymiseCommenter('marta@example.pl')).resolves.toEqual({ anonymisedComments: 0 });
    expect(await cache.get('cache:lender:vivus')).toEqual({ reviewsCount: 1 });
  });
});

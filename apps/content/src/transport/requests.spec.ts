import { contentV1 } from '@lib/contracts';
import {
  getArticlePageRequest,
  getAuthorRequest,
  getLenderReviewPageRequest,
  listArticlesRequest,
  listCommentsForModerationRequest,
  listCommentsRequest,
  listPopularArticlesRequest,
  listSitemapEntriesRequest,
  postStaffReplyRequest,
  recordArticleViewRequest,
  submitCommentRequest,
} from './requests';

const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('content requests', () => {
  it('lists articles nine to a page, by an author id in preference to a slug', () => {
    expect(listArticlesRequest.parse({ page: null, tagSlug: '', authorId: 0, authorSlug: '' })).toEqual({
      page: { page: 1, size: 9, offset: 0 },
      tagSlug: undefined,
      author: undefined,
    });
    expect(
      listArticlesRequest.parse({
        page: { page: 3, pageSize: 0 },
        tagSlug: 'kredyty',
        authorId: 4,
        authorSlug: 'redakcja',
      }),
    ).toEqual({ page: { page: 3, size: 9, offset: 18 }, tagSlug: 'kredyty', author: { id: 4 } });
    expect(
      listArticlesRequest.parse({ page: null, tagSlug: '', authorId: 0, authorSlug: 'redakcja' }).author,
    ).toEqual({
      slug: 'redakcja',
    });
  });

  it('asks for an author by slug or id', () => {
    expect(getAuthorRequest.parse({ slug: 'redakcja', id: 0, page: null })).toEqual({
      author: { slug: 'redakcja' },
      page: { page: 1, size: 9, offset: 0 },
    });
    expect(problems(getAuthorRequest.safeParse({ slug: '', id: 0, page: null }))).toEqual([
      'slug: is required (or id)',
    ]);
  });

  it('caps popular articles at 20, five when not given', () => {
    expect(listPopularArticlesRequest.parse({ limit: 0 })).toEqual({ limit: 5 });
    expect(listPopularArticlesRequest.parse({ limit: 500 })).toEqual({ limit: 20 });
  });

  it('takes a sitemap origin without path, query or credentials', () => {
    // Without a section, as an older caller asks: the whole sitemap.
    expect(listSitemapEntriesRequest.parse({ baseUrl: 'https://example.pl/' })).toEqual({
      baseUrl: 'https://example.pl',
      section: contentV1.SitemapSection.UNSPECIFIED,
      offset: 0,
      limit: 0,
      chunkSize: 0,
    });
    expect(
      problems(
        listSitemapEntriesRequest.safeParse({
          baseUrl: 'https://example.pl',
          offset: -1,
          limit: 1.5,
          chunkSize: 50_001,
        }),
      ),
    ).toEqual([
      'offset: must not be negative',
      'limit: must be a whole number',
      'chunkSize: must be at most 50000',
    ]);
    for (const baseUrl of [
      'https://example.pl/blog/',
      'ftp://example.pl',
      'https://a:b@example.pl',
      'example.pl',
    ])
      expect(problems(listSitemapEntriesRequest.safeParse({ baseUrl }))).toEqual([
        "baseUrl: must be an origin such as 'https://example.pl'",
      ]);
  });

  it('counts a view with an optional UUID v4 session, kept lower-case', () => {
    const session = 'A3BB189E-8BF9-4888-9912-ACE4E6543002';
    expect(recordArticleViewRequest.parse({ slug: 'placa-minimalna', sessionId: session })).toEqual({
      slug: 'placa-minimalna',
      sessionId: session.toLowerCase(),
    });
    expect(
      recordArticleViewRequest.parse({ slug: 'placa-minimalna', sessionId: '' }).sessionId,
    ).toBeUndefined();
    expect(problems(recordArticleViewRequest.safeParse({ slug: 'placa-minimalna', sessionId: 'x' }))).toEqual(
      ['sessionId: must be a UUID v4 or empty'],
    );
  });

  it('lists the comments of a page below the home page, newest first unless OLDER is asked', () => {
    expect(
      listCommentsRequest.parse({
        pagePath: '/placa-minimalna/',
        sort: contentV1.CommentSort.OLDER,
        page: null,
      }),
    ).toEqual({
      pagePath: '/placa-minimalna/',
      order: 'oldest-first',
      page: { page: 1, size: 10, offset: 0 },
    });
    expect(listCommentsRequest.parse({ pagePath: '/placa-minimalna/', sort: 0, page: null }).order).toBe(
      'newest-first',
    );
    expect(problems(listCommentsRequest.safeParse({ pagePath: '/', sort: 0, page: null }))).toEqual([
      'pagePath: must be the path of a page below the home page',
    ]);
    expect(problems(listCommentsRequest.safeParse({ pagePath: '/../x', sort: 0, page: null }))).toHaveLength(
      1,
    );
  });

  it('asks for an article page and a lender review page with the same slice of comments as ListComments', () => {
    const comments = { order: 'oldest-first', page: { page: 2, size: 10, offset: 10 } };
    const slice = { commentSort: contentV1.CommentSort.OLDER, commentPage: { page: 2, pageSize: 0 } };
    expect(getArticlePageRequest.parse({ path: '/placa-minimalna/', ...slice })).toEqual({
      path: '/placa-minimalna/',
      comments,
    });
    expect(getLenderReviewPageRequest.parse({ slug: 'vivus', ...slice })).toEqual({
      slug: 'vivus',
      comments,
    });
    expect(
      getArticlePageRequest.parse({ path: '/placa-minimalna/', commentSort: 0, commentPage: null }).comments,
    ).toEqual({ order: 'newest-first', page: { page: 1, size: 10, offset: 0 } });
    expect(
      problems(
        getArticlePageRequest.safeParse({
          path: '/',
          commentSort: 0,
          commentPage: { page: -1, pageSize: 0 },
        }),
      ),
    ).toEqual([
      'path: must be the path of a page below the home page',
      'commentPage.page: must not be negative',
    ]);
    expect(
      problems(getLenderReviewPageRequest.safeParse({ slug: 'Vivus!', commentSort: 0, commentPage: null })),
    ).toEqual(['slug: must be a lower-case slug such as "placa-minimalna" (at most 100 characters)']);
  });

  it('reads the moderation state from the wire enum, pending when unspecified', () => {
    expect(listCommentsForModerationRequest.parse({ state: 0, page: null }).state).toBe('pending');
    expect(
      listCommentsForModerationRequest.parse({ state: contentV1.CommentState.REJECTED, page: null }).state,
    ).toBe('rejected');
    expect(problems(listCommentsForModerationRequest.safeParse({ state: 9, page: null }))).toEqual([
      'state: unknown state',
    ]);
  });

  it('names a staff reply author as company or expert, never visitor', () => {
    const reply = { commentId: 11, name: 'Zespół', text: 'Dziękujemy!', moderator: 'm' };
    expect(
      postStaffReplyRequest.parse({ ...reply, authorType: contentV1.CommentAuthorType.EXPERT }),
    ).toMatchObject({
      value: { authorType: 'expert' },
      idempotencyKey: undefined,
    });
    expect(
      problems(
        postStaffReplyRequest.safeParse({ ...reply, authorType: contentV1.CommentAuthorType.VISITOR }),
      ),
    ).toEqual(['authorType: must be COMPANY or EXPERT']);
  });

  it('carries the idempotency key of a comment and a staff reply beside the validated request', () => {
    const key = '6f1c1f5e-2a8b-4c1d-9e2f-0a1b2c3d4e5f';
    const comment = {
      pagePath: '/placa-minimalna/',
      name: 'Jan',
      email: 'Jan@Example.pl',
      text: ' Dobry tekst. ',
      rating: 4,
      replyTo: 0,
      sessionId: '',
    };
    expect(submitCommentRequest.parse({ ...comment, idempotencyKey: key.toUpperCase() })).toEqual({
      value: { ...comment, email: 'Jan@example.pl', text: 'Dobry tekst.' },
      idempotencyKey: key,
    });
    expect(submitCommentRequest.parse(comment).idempotencyKey).toBeUndefined();
    expect(
      problems(submitCommentRequest.safeParse({ ...comment, rating: 0, idempotencyKey: 'abc' })),
    ).toEqual([
      'idempotencyKey: must be a UUID v4, created once per form submission',
      'rating: Wybierz ocenę od 1 do 5',
    ]);
    const reply = {
      commentId: 11,
      name: 'Zespół',
      text: 'Dziękujemy!',
      moderator: 'm',
      authorType: contentV1.CommentAuthorType.COMPANY,
    };
    expect(postStaffReplyRequest.parse({ ...reply, idempotencyKey: key }).idempotencyKey).toBe(key);
  });
});

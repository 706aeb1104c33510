import { contentV1 } from '@lib/contracts';
import { MAX_YEAR, MIN_YEAR } from '@lib/pl-calendar';
import { isEmail, isUuidV4, normalizeEmail } from '@lib/pl-validation';
import {
  idempotencyKeyField,
  idField,
  optionalIdField,
  optionalSlugField,
  pagePathField,
  type PageSlice,
  pageRequestField,
  slugField,
} from '@lib/service-kit';
import { z } from 'zod';
import {
  type ArticleListQuery,
  type AuthorRef,
  POPULAR_ARTICLES_DEFAULT,
  POPULAR_ARTICLES_MAX,
} from '../application/blog.use-cases';
import { type CommentListQuery, type CommentSlice } from '../application/comments.use-cases';
import { type CommentState, staffReplySchema, submitCommentSchema } from '../domain/comment-rules';

// Every content request as it arrives on the wire, validated (parseRequest) and turned into what
// its use case takes. Slugs, paths, ids and paging are the shared fields of @lib/service-kit.

const { CommentState: State, CommentAuthorType: Author } = contentV1;
/** Sort arrives as a plain number from the wire; compared as one, without an enum cast. */
const OLDER_FIRST: number = contentV1.CommentSort.OLDER;

/** Blog listings and an author's articles: nine to a page unless the caller asks for another size. */
export const BLOG_PAGE_SIZE = 9;
/** The most sitemap entries one answer or one chunk may hold: the sitemap protocol's limit per file. */
export const SITEMAP_SECTION_MAX = 50_000;
/** Comments under a page, and the moderation queue. */
export const COMMENTS_PAGE_SIZE = 10;

export const getPageRequest = z.object({ path: pagePathField });

export const listRoutesRequest = z.object({
  type: z.enum(contentV1.RouteType, { error: 'must be a known route type' }),
});

/** A count of sitemap entries, 0 when not sent. */
const sitemapCount = (max: number) =>
  z
    .number()
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`)
    .default(0);

export const listSitemapEntriesRequest = z.object({
  baseUrl: z
    .string()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.pathname === '/' &&
          !url.search &&
          !url.hash &&
          !url.username
        );
      } catch {
        return false;
      }
    }, "must be an origin such as 'https://example.pl'")
    .transform((value) => new URL(value).origin),
  // An older caller sends none of these: the whole sitemap, as before them.
  section: z
    .enum(contentV1.SitemapSection, { error: 'must be a known sitemap section' })
    .default(contentV1.SitemapSection.UNSPECIFIED),
  offset: sitemapCount(1_000_000),
  limit: sitemapCount(SITEMAP_SECTION_MAX),
  chunkSize: sitemapCount(SITEMAP_SECTION_MAX),
});

/** An author by id (preferred when both are given) or by slug; undefined when neither is. */
const authorRef = (id: number | undefined, slug: string | undefined): AuthorRef | undefined =>
  id !== undefined ? { id } : slug !== undefined ? { slug } : undefined;

export const listArticlesRequest = z
  .object({
    page: pageRequestField(BLOG_PAGE_SIZE),
    tagSlug: optionalSlugField,
    authorId: optionalIdField,
    authorSlug: optionalSlugField,
  })
  .transform((request): ArticleListQuery => ({
    page: request.page,
    tagSlug: request.tagSlug,
    author: authorRef(request.authorId, request.authorSlug),
  }));

export const getArticleRequest = z.object({ slug: slugField });

export const listPopularArticlesRequest = z.object({
  limit: z
    .number()
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .transform((limit) => Math.min(limit || POPULAR_ARTICLES_DEFAULT, POPULAR_ARTICLES_MAX)),
});

export const getTagRequest = z.object({ slug: slugField });

export const getAuthorRequest = z
  .object({ slug: optionalSlugField, id: optionalIdField, page: pageRequestField(BLOG_PAGE_SIZE) })
  .transform((request, ctx) => {
    const author = authorRef(request.id, request.slug);
    if (!author) {
      ctx.addIssue({ code: 'custom', message: 'is required (or id)', path: ['slug'] });
      return z.NEVER;
    }
    return { author, page: request.page };
  });

/** '' (not given) or a UUID v4, kept lower-case. */
const sessionIdField = z
  .string()
  .refine((value) => value === '' || isUuidV4(value), 'must be a UUID v4 or empty')
  .transform((value) => value.toLowerCase() || undefined);

export const recordArticleViewRequest = z.object({ slug: slugField, sessionId: sessionIdField });

export const getLenderReviewRequest = z.object({ slug: slugField });

/**
 * Which of a page's comments: ListComments' `sort` and `page`, or GetArticlePage's and
 * GetLenderReviewPage's `comment_sort` and `comment_page`.
 */
const commentSortField = z.number().int();
const commentPageField = pageRequestField(COMMENTS_PAGE_SIZE);
const commentSlice = (sort: number, page: PageSlice): CommentSlice => ({
  order: sort === OLDER_FIRST ? 'oldest-first' : 'newest-first',
  page,
});
/** Comments are never taken under the home page, so none are listed there. */
const commentedPagePath = pagePathField.refine(
  (path) => path !== '/',
  'must be the path of a page below the home page',
);

export const getLenderReviewPageRequest = z
  .object({ slug: slugField, commentSort: commentSortField, commentPage: commentPageField })
  .transform((request) => ({
    slug: request.slug,
    comments: commentSlice(request.commentSort, request.commentPage),
  }));

export const getArticlePageRequest = z
  .object({ path: commentedPagePath, commentSort: commentSortField, commentPage: commentPageField })
  .transform((request) => ({
    path: request.path,
    comments: commentSlice(request.commentSort, request.commentPage),
  }));

const yearMessage = `must be from ${MIN_YEAR} to ${MAX_YEAR}`;
export const getHolidayCalendarRequest = z.object({
  year: z.number().int().min(MIN_YEAR, yearMessage).max(MAX_YEAR, yearMessage),
});

/** A keyed write's `idempotency_key` (proto3 optional), next to the fields its own schema reads. */
const keyed = z.object({ idempotencyKey: idempotencyKeyField });

/** SubmitComment: the comment rules (Polish field messages) and the form submission's idempotency key. */
export const submitCommentRequest = keyed
  .and(submitCommentSchema)
  .transform(({ idempotencyKey, ...value }) => ({ value, idempotencyKey }));

export const listCommentsRequest = z
  .object({ pagePath: commentedPagePath, sort: commentSortField, page: commentPageField })
  .transform((request): CommentListQuery => ({
    pagePath: request.pagePath,
    ...commentSlice(request.sort, request.page),
  }));

/** Request enums arrive as plain numbers from the wire; this map reads them without enum casts. */
const STATE_BY_NUMBER = new Map<number, CommentState>([
  [State.UNSPECIFIED, 'pending'],
  [State.PENDING, 'pending'],
  [State.PUBLISHED, 'published'],
  [State.REJECTED, 'rejected'],
]);

export const listCommentsForModerationRequest = z.object({
  state: z
    .number()
    .int()
    .transform((s, ctx) => {
      const state = STATE_BY_NUMBER.get(s);
      if (!state) ctx.addIssue({ code: 'custom', message: 'unknown state' });
      return state ?? 'pending';
    }),
  page: pageRequestField(COMMENTS_PAGE_SIZE),
});

const moderator = z.string().trim().min(1, 'is required').max(100);
export const approveCommentRequest = z.object({ commentId: idField, moderator });
export const rejectCommentRequest = z.object({
  commentId: idField,
  moderator,
  reason: z.string().trim().max(500),
});

const STAFF_AUTHOR = new Map<number, 'company' | 'expert'>([
  [Author.COMPANY, 'company'],
  [Author.EXPERT, 'expert'],
]);

/** Staff replies name their author type as a wire enum; the rules speak of 'company' and 'expert'. */
export const postStaffReplyRequest = z.preprocess(
  (request) => {
    const wire = request as contentV1.PostStaffReplyRequest;
    return { ...wire, authorType: STAFF_AUTHOR.get(wire.authorType) ?? '' };
  },
  keyed.and(staffReplySchema).transform(({ idempotencyKey, ...value }) => ({ value, idempotencyKey })),
);

/** How many recent lender ratings a caller gets when it asks for none, and the most it may ask for. */
export const RECENT_LENDER_RATINGS_DEFAULT = 5;
export const RECENT_LENDER_RATINGS_MAX = 20;

export const listRecentLenderRatingsRequest = z.object({
  limit: z
    .number()
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(RECENT_LENDER_RATINGS_MAX, `must be at most ${RECENT_LENDER_RATINGS_MAX}`)
    .transform((limit) => limit || RECENT_LENDER_RATINGS_DEFAULT),
});

/** AnonymiseCommenter: the e-mail whose comments lose their author (erasure through the leads service). */
export const anonymiseCommenterRequest = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'must be an e-mail address')
    .refine(isEmail, 'must be an e-mail address')
    .transform(normalizeEmail),
});

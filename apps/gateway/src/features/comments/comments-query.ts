import { parsePageNumber } from '../../shared/paging';
import {
  COMMENT_QUERY,
  COMMENT_FORM_ANCHOR,
  COMMENTS_ANCHOR,
  PENDING_NOTICE,
  SORT_VALUES,
} from './comment-texts';
import { type CommentFormState, type CommentSortName, type CommentsQuery } from './comments-data';

/** Comment pages past this are not asked for (bounds the cache keys a crawler can create). */
export const MAX_COMMENT_PAGE = 1000;
/** Longer page numbers in the query are not read at all (page 1 is shown). */
const COMMENT_PAGE_DIGITS = 4;

/**
 * The comment slice an address asks for. Unknown values fall back to the defaults (newest
 * first, page 1) rather than answering 404: the page itself exists whatever the query says.
 */
export function commentsQuery(query: URLSearchParams): CommentsQuery {
  const sort: CommentSortName = query.get(COMMENT_QUERY.sort) === SORT_VALUES.older ? 'older' : 'newer';
  const page = parsePageNumber(query.get(COMMENT_QUERY.page), COMMENT_PAGE_DIGITS);
  return { sort, page: page === null ? 1 : Math.min(page, MAX_COMMENT_PAGE) };
}

/** Address of a slice of the comments, relative to the page (only non-default parts are written). */
export function commentsHref(pagePath: string, query: CommentsQuery): string {
  const search = new URLSearchParams();
  if (query.sort === 'older') search.set(COMMENT_QUERY.sort, SORT_VALUES.older);
  if (query.page > 1) search.set(COMMENT_QUERY.page, String(query.page));
  const text = search.toString();
  return `${pagePath}${text ? `?${text}` : ''}#${COMMENTS_ANCHOR}`;
}

/** The no-JavaScript "Odpowiedz" link: the server renders the form answering that comment. */
export function replyHref(pagePath: string, commentId: number): string {
  return `${pagePath}?${COMMENT_QUERY.replyTo}=${commentId}#${COMMENT_FORM_ANCHOR}`;
}

/** Where the visitor lands after a stored comment. */
export function pendingHref(pagePath: string): string {
  return `${pagePath}?${COMMENT_QUERY.notice}=${PENDING_NOTICE}#${COMMENTS_ANCHOR}`;
}

/** Form state a GET address carries: the success notice, or the comment being answered. */
export function formStateFromQuery(query: URLSearchParams): CommentFormState | undefined {
  const state: CommentFormState = {};
  if (query.get(COMMENT_QUERY.notice) === PENDING_NOTICE) state.pending = true;
  const replyTo = query.get(COMMENT_QUERY.replyTo) ?? '';
  if (/^[1-9]\d{0,15}$/.test(replyTo)) state.values = { reply_to: replyTo };
  return state.pending || state.values ? state : undefined;
}

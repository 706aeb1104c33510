/**
 * The server's one door into the features besides the route table (app/routes) and the page
 * registry (app/pages): the HTTP handlers of the features' posts, what they need at start, and
 * the per-request form state a page address carries. Generic server code imports features only
 * through here (eslint.config.mjs keeps it so).
 */
export { articleViews, type ViewLimits } from '../features/article-views/article-views.api';
export { viewLimits } from '../features/article-views/view-limits';
export { visitCookies } from '../features/article-views/visit-cookie';
export { commentsApi } from '../features/comments/comments.api';
export { commentLimiter, commentRateLimit } from '../features/comments/comment-rate-limit';
/** The comment form's state from a GET address (`?komentarz=oczekuje`, `?odpowiedz=<id>`). */
export { formStateFromQuery as pageFormState } from '../features/comments/comments-query';

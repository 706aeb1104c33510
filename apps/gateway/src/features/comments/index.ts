/**
 * What other features may use of the comments (they embed the list and the form under their own
 * pages): the section component, its data type and the query it reads. Browser-safe: page
 * chunks import it. The loader that fills the section is ./comments.loader (server only).
 * Everything else in this folder is the feature's own.
 */
export { CommentsSection } from './comments-section';
export { commentsQuery } from './comments-query';
export type { CommentsQuery, CommentsSectionData } from './comments-data';

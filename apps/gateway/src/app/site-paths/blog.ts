/**
 * Addresses of the blog listing, which the gateway makes up itself: the blog routes, the listing's
 * pager and sitemap.xml build them here. One small module per page chunk (see calendar.ts):
 * a module two page chunks share would become a chunk of its own in the browser bundle.
 */

/** Articles per blog listing page: 40 articles make the five pages the product lists. */
export const BLOG_PAGE_SIZE = 9;

/** Listing path of page n: '/blog/', '/blog/page-2/', '/blog/kredyty/page-3/'. */
export function blogPagePath(tagSlug: string | null, page: number): string {
  const base = tagSlug ? `/blog/${tagSlug}/` : '/blog/';
  return page <= 1 ? base : `${base}page-${page}/`;
}

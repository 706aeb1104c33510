/**
 * The article view beacon, run in the browser after every page shown (client/page-enhancements.ts):
 * an article page (ArticleBody marks it with `data-article-path`) reports one view per visit.
 * Counted here, never while rendering, because a memoised document is sent without rendering.
 */
import { visitId } from '../../client/visit-id';
import { ARTICLE_VIEWS_PATH } from './views-endpoint';

/** Reports one view of the article on screen, if any; never throws, never waits. */
export function countArticleView(doc: Document = document): void {
  const path = doc.querySelector<HTMLElement>('[data-article-path]')?.dataset.articlePath;
  if (!path) return;
  const sessionId = visitId();
  const body = JSON.stringify(sessionId ? { path, sessionId } : { path });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ARTICLE_VIEWS_PATH, body)) return;
    void fetch(ARTICLE_VIEWS_PATH, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
  } catch {
    // Counting is best-effort; the page must never break over it.
  }
}

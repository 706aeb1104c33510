/**
 * The article view beacon (the `view-beacon` island): ArticleBody marks the article with
 * islandMarker('view-beacon') and `data-article-path`, and every time the page is shown (first
 * load, reload, or client-side navigation to an article) the island reports one view of it.
 * Counted here, never while rendering, because a memoised document is sent without rendering.
 */
import { visitId } from '../../client/visit-id';
import { ARTICLE_VIEWS_PATH } from './views-endpoint';

/** Reports one view of the article at `path`; never throws, never waits. */
export function countArticleView(path: string): void {
  const sessionId = visitId();
  const body = JSON.stringify(sessionId ? { path, sessionId } : { path });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ARTICLE_VIEWS_PATH, body)) return;
    void fetch(ARTICLE_VIEWS_PATH, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
  } catch {
    // Counting is best-effort; the page must never break over it.
  }
}

/** Called once per page shown for the marked article: one view per page view. */
export function mount(article: HTMLElement): void {
  const path = article.dataset.articlePath;
  if (path) countArticleView(path);
}

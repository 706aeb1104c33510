/**
 * The article view beacon (the `view-beacon` island): ArticleBody marks the article with
 * islandMarker('view-beacon') and `data-article-path`, and every time the page is shown (first
 * load, reload, or client-side navigation to an article) the island reports one view of it.
 * Counted here, never while rendering, because a memoised document is sent without rendering.
 *
 * The visit is the server's HttpOnly cookie (pp_visit, on /api/views only): the first report of a
 * visit is answered with the cookie and a request to send again, and is sent once more.
 */
import { ARTICLE_VIEWS_PATH, VIEW_RESEND } from './views-endpoint';

function post(body: string): Promise<Response> {
  // keepalive: the report still goes out when the reader leaves the page at once.
  return fetch(ARTICLE_VIEWS_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
  });
}

async function asksToResend(response: Response): Promise<boolean> {
  if (response.status !== 200) return false;
  const answer = (await response.json()) as { resend?: unknown };
  return answer.resend === VIEW_RESEND.resend;
}

/** Reports one view of the article at `path`; never throws, never waits. */
export function countArticleView(path: string): void {
  const body = JSON.stringify({ path });
  try {
    if (typeof fetch !== 'function') {
      // Without fetch a beacon still carries the cookie once a visit has one.
      navigator.sendBeacon(ARTICLE_VIEWS_PATH, body);
      return;
    }
    void post(body)
      .then(async (response) => {
        if (await asksToResend(response)) await post(body);
      })
      .catch(() => undefined);
  } catch {
    // Counting is best-effort; the page must never break over it.
  }
}

/** Called once per page shown for the marked article: one view per page view. */
export function mount(article: HTMLElement): void {
  const path = article.dataset.articlePath;
  if (path) countArticleView(path);
}

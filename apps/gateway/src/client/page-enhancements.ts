/**
 * Small DOM behaviour for server-rendered pages that ship no React: the article view beacon, the
 * share buttons, and the comment form (its module is loaded only where a form is on the page).
 * It runs after the first load and after every client-side navigation.
 */
import { visitId } from './visit-id';

export { VISIT_ID_KEY, uuidV4 } from './visit-id';

/** Where the article view beacon goes (the gateway's route, see server/http/article-views.ts). */
export const VIEWS_ENDPOINT = '/api/views';

/** Reports one view of the article on screen, if any; never throws, never waits. */
export function countArticleView(doc: Document = document): void {
  const path = doc.querySelector<HTMLElement>('[data-article-path]')?.dataset.articlePath;
  if (!path) return;
  const sessionId = visitId();
  const body = JSON.stringify(sessionId ? { path, sessionId } : { path });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(VIEWS_ENDPOINT, body)) return;
    void fetch(VIEWS_ENDPOINT, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
  } catch {
    // Counting is best-effort; the page must never break over it.
  }
}

/** Turns on the share buttons this browser can serve (CSS hides them until then). */
export function revealShareButtons(root: HTMLElement = document.documentElement): void {
  if (typeof navigator.share === 'function') root.dataset.canShare = 'true';
  if (typeof navigator.clipboard?.writeText === 'function') root.dataset.canCopy = 'true';
}

function setStatus(button: HTMLElement, text: string): void {
  const status = button.closest('.share')?.querySelector<HTMLElement>('[data-share-status]');
  if (status) status.textContent = text;
}

/** One click handler for every page's share buttons (delegated, so re-rendered pages need nothing). */
export function onShareClick(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-share]');
  if (!button) return;
  const url = button.dataset.shareUrl ?? location.href;
  if (button.dataset.share === 'copy') {
    navigator.clipboard.writeText(url).then(
      () => setStatus(button, 'Link skopiowany do schowka.'),
      () => setStatus(button, `Nie udało się skopiować. Adres strony: ${url}`),
    );
  } else if (button.dataset.share === 'native') {
    // A dismissed share sheet rejects with AbortError: nothing to tell the visitor.
    navigator.share({ title: button.dataset.shareTitle ?? document.title, url }).catch(() => undefined);
  }
}

/** Everything a freshly shown page needs. */
export function enhancePage(): void {
  revealShareButtons();
  countArticleView();
  if (document.querySelector('form[data-comment-form]')) {
    // Without the module the form still posts as plain HTML; nothing to tell the visitor.
    import('./comment-form').then(({ enhanceCommentForms }) => enhanceCommentForms()).catch(() => undefined);
  }
}

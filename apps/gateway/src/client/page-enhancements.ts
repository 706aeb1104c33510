/**
 * Small DOM behaviour for server-rendered pages that ship no React: the article view beacon and
 * the share buttons. It runs after the first load and after every client-side navigation.
 */

/** Where the article view beacon goes (the gateway's route, see server/http/article-views.ts). */
export const VIEWS_ENDPOINT = '/api/views';
/** sessionStorage key of this tab's visit id: reloads in one visit count as one view. */
export const VISIT_ID_KEY = 'article_visit_id';

/** A version-4 UUID, or '' when the browser cannot make one (spec point 8: the helper never throws). */
export function uuidV4(): string {
  try {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  } catch {
    return '';
  }
}

function visitId(): string {
  try {
    const stored = sessionStorage.getItem(VISIT_ID_KEY);
    if (stored) return stored;
    const created = uuidV4();
    if (created) sessionStorage.setItem(VISIT_ID_KEY, created);
    return created;
  } catch {
    // Storage can be blocked (privacy settings); the view then counts without a visit id.
    return '';
  }
}

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
}

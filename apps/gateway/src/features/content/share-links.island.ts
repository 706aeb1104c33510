/**
 * The share buttons of an article (ShareLinks, marked islandMarker('share-links')), brought to life
 * in the browser: the copy and system-share buttons this browser can serve are revealed, and one
 * delegated click handler serves them on this and every later page.
 */

/** Turns on the share buttons this browser can serve (CSS hides them until then). */
function revealShareButtons(root: HTMLElement = document.documentElement): void {
  if (typeof navigator.share === 'function') root.dataset.canShare = 'true';
  if (typeof navigator.clipboard?.writeText === 'function') root.dataset.canCopy = 'true';
}

function setStatus(button: HTMLElement, text: string): void {
  const status = button.closest('.share')?.querySelector<HTMLElement>('[data-share-status]');
  if (status) status.textContent = text;
}

/** One click handler for every page's share buttons (delegated, so re-rendered pages need nothing). */
function onShareClick(event: MouseEvent): void {
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

let installed = false;

export function mount(): void {
  revealShareButtons();
  if (installed) return;
  installed = true;
  document.addEventListener('click', onShareClick);
}

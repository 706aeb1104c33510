import { type RouteHead } from '../../app/route-types';
import { type Locale } from '../../shared/locale';
import { APP_ROOT_ID, INLINE_STATE_ID, type InlineState } from '../../shared/page-state';
import { type ClientManifest, modulePreloads } from './client-manifest';
import { escapeHtml } from './html';

export interface DocumentParts {
  head: RouteHead;
  locale: Locale;
  manifest: ClientManifest;
  state: InlineState;
}

/**
 * Everything before React's markup. The entry script sits in <head> as a module (deferred by the
 * browser), so it downloads in parallel with the HTML; no inline script is ever emitted, which
 * keeps the Content-Security-Policy at script-src 'self'.
 */
export function documentStart({ head, locale, manifest, state }: DocumentParts): string {
  const meta = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    '<meta name="theme-color" content="#0b6b50">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...manifest.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...modulePreloads(manifest, state.page)
      .slice(1)
      .map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(manifest.entry.file)}"></script>`,
  ].join('');
  return `<!DOCTYPE html><html lang="${escapeHtml(locale.language)}"><head>${meta}</head><body><div id="${APP_ROOT_ID}">`;
}

/** Everything after React's markup: the page state for hydration (from serializeForScript), inlined exactly once. */
export function documentEnd(stateJson: string): string {
  return `</div><script id="${INLINE_STATE_ID}" type="application/json">${stateJson}</script></body></html>`;
}

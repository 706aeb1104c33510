import { type RouteHead } from '../../app/route-types';
import { SITE_NAME } from '../../app/seo/site';
import { type Locale } from '../../shared/locale';
import { APP_ROOT_ID, INLINE_STATE_ID, serializeForScript } from '../../shared/page-state';
import { type ClientManifest, modulePreloads } from './client-manifest';
import { CONSENT_NOTICE_HTML, CONSENT_PROBE_SCRIPT } from './consent-notice-markup';
import { escapeHtml } from './html';

export interface DocumentParts {
  head: RouteHead;
  locale: Locale;
  manifest: ClientManifest;
}

/** 'pl-PL' → 'pl_PL', the form Open Graph expects. */
export const ogLocale = (locale: Pick<Locale, 'code'>): string => locale.code.replace('-', '_');

/** Open Graph tags: what link previews show (title, description, address, type, language, site). */
export function openGraphTags(head: RouteHead, locale: Pick<Locale, 'code'>): string[] {
  const tag = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    tag('og:title', head.title),
    tag('og:description', head.description),
    head.canonical ? tag('og:url', head.canonical) : '',
    tag('og:type', head.ogType ?? 'website'),
    tag('og:locale', ogLocale(locale)),
    tag('og:site_name', SITE_NAME),
    head.ogImage ? tag('og:image', head.ogImage) : '',
    head.ogImage && head.ogImageWidth ? tag('og:image:width', String(head.ogImageWidth)) : '',
    head.ogImage && head.ogImageHeight ? tag('og:image:height', String(head.ogImageHeight)) : '',
    head.ogImage && head.ogImageAlt ? tag('og:image:alt', head.ogImageAlt) : '',
  ];
}

/**
 * JSON-LD blocks. They are data (type="application/ld+json" is never executed, so the CSP needs
 * no change); serializeForScript escapes '<', '>', '&' and line separators so no value can
 * close the element early.
 */
export function structuredDataScripts(head: RouteHead): string[] {
  return (head.structuredData ?? []).map(
    (item) => `<script type="application/ld+json">${serializeForScript(item)}</script>`,
  );
}

/**
 * Everything before React's markup. The entry script sits in <head> as a module (deferred by the
 * browser), so it downloads in parallel with the HTML. The one inline script, the cookie notice's
 * probe (consent-notice-markup.ts), comes before the stylesheets so that nothing holds it back; the
 * Content-Security-Policy allows it by its hash and no other inline script.
 */
export function documentStart({ head, locale, manifest }: DocumentParts): string {
  const meta = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<script>${CONSENT_PROBE_SCRIPT}</script>`,
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    ...openGraphTags(head, locale),
    '<meta name="theme-color" content="#0b6b50">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...manifest.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...modulePreloads(manifest)
      .slice(1)
      .map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(manifest.entry.file)}"></script>`,
    ...structuredDataScripts(head),
  ].join('');
  return `<!DOCTYPE html><html lang="${escapeHtml(locale.language)}"><head>${meta}</head><body><div id="${APP_ROOT_ID}">`;
}

/**
 * Everything after React's markup: the cookie notice (outside the root React hydrates) and the page
 * state (from serializeForScript), inlined exactly once.
 */
export function documentEnd(stateJson: string): string {
  return `</div>${CONSENT_NOTICE_HTML}<script id="${INLINE_STATE_ID}" type="application/json">${stateJson}</script></body></html>`;
}

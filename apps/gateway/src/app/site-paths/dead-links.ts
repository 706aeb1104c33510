import { type KeptWalks, mapPageStrings } from '../loaders/page-strings';

/*
 * Links in editorial HTML (Markdown rendered by the content service) to our own pages that do
 * not exist yet, such as the application form an article mentions before its page is built: the
 * link is taken out and its text stays. The same check as the navigation's, so a page that lands
 * later is linked again by itself (on the next load of the page's data).
 */

/** How every anchor SITE_ANCHOR matches begins: HTML without it has nothing to check. */
const SITE_ANCHOR_START = '<a href="/';
/** Anchors to a site path as the content service's sanitiser writes them (href first). */
const SITE_ANCHOR = /<a href="(\/[^"#?]*)([^"]*)"[^>]*>([\s\S]*?)<\/a>/g;

/** The HTML with every anchor to a site path that `exists` denies replaced by its text. */
export function unlinkMissingPages(html: string, exists: (path: string) => boolean): string {
  return html.replace(SITE_ANCHOR, (anchor, path: string, _rest: string, inner: string) =>
    exists(path) ? anchor : inner,
  );
}

/** The shared parts already checked, per `exists` (one per list of published pages). */
const checkedParts = new WeakMap<(path: string) => boolean, KeptWalks<unknown>>();

/**
 * Page data with unlinkMissingPages() applied to every editorial HTML field in it (string
 * properties named `…Html`: bodyHtml, introHtml, answerHtml, bioHtml, …), at any depth. Other
 * values are returned as they are; the input is not changed (parts without such a link are
 * returned as the same objects). A shared part (an article's body while its answer is unchanged)
 * is checked once per `exists`: pass the same function while the list of pages is the same.
 */
export function unlinkMissingPagesIn<T>(data: T, exists: (path: string) => boolean): T {
  let kept = checkedParts.get(exists);
  if (kept === undefined) {
    kept = new WeakMap();
    checkedParts.set(exists, kept);
  }
  return mapPageStrings(
    data,
    (text, key) =>
      key.endsWith('Html') && text.includes(SITE_ANCHOR_START) ? unlinkMissingPages(text, exists) : text,
    '',
    kept,
  );
}

/**
 * The shape of the site's addresses: pages live at lower-case ASCII slugs,
 * each path segment followed by a slash. One rule for the content files, every service request
 * that names a page and the gateway's route parameters.
 */

/** Words of lower-case letters and digits joined by single hyphens: 'placa-minimalna'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 100;

/** Slugs each followed by '/', from the root: '/', '/o-nas/', '/blog/kredyty/'. */
export const PAGE_PATH_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)*$/;
export const MAX_PAGE_PATH_LENGTH = 512;

export function isSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}

export function isPagePath(value: string): boolean {
  return value.length <= MAX_PAGE_PATH_LENGTH && PAGE_PATH_PATTERN.test(value);
}

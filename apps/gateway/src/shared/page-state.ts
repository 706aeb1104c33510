/**
 * The page state's wire rules, shared by the server and the browser: element ids, the payload URL,
 * and the escaping of JSON inside <script>. The shapes themselves are in app/page-payload.ts.
 */

/** id of the JSON script element carrying InlineState. */
export const INLINE_STATE_ID = '__STATE__';
/** id of the element React renders into. */
export const APP_ROOT_ID = 'app';

/** Suffix appended to a page path to get its payload: '/o-nas/' → '/o-nas/_payload.json'. */
export const PAYLOAD_SUFFIX = '_payload.json';

/** `/o-nas/_payload.json` → '/o-nas/'; null when the path is not a payload URL of a page. */
export function pagePathOfPayload(pathname: string): string | null {
  if (!pathname.endsWith(`/${PAYLOAD_SUFFIX}`)) return null;
  return pathname.slice(0, -PAYLOAD_SUFFIX.length);
}

export function payloadUrl(pagePath: string, buildId: string): string {
  const base = pagePath.endsWith('/') ? pagePath : `${pagePath}/`;
  return `${base}${PAYLOAD_SUFFIX}?v=${encodeURIComponent(buildId)}`;
}

/** Serialises JSON for a <script> element: no '</script>', '<!--' or line separators can break out. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The trailing-slash rule: page paths end with '/', except paths with a
 * dot (files) or a 'client-api' segment. Shared by the server's redirect and the browser's router.
 */
export function isExemptFromTrailingSlash(pathname: string): boolean {
  return pathname.includes('.') || pathname.split('/').includes('client-api');
}

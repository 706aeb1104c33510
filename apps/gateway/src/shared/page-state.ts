import { type LayoutName } from '../app/layouts';
import { type NavigationView } from '../app/layouts/navigation';
import { type PageName } from '../app/pages';
import { type RouteHead } from '../app/route-types';
import { type Locale } from './locale';

/** What `<path>_payload.json` answers: everything the browser needs to show a page without a reload. */
export interface PagePayload {
  buildId: string;
  /** Route name from the route table. */
  route: string;
  page: PageName;
  layout: LayoutName;
  /** The HTTP status the full page would have (200, or 404/503 for status pages). */
  status: number;
  params: unknown;
  data: unknown;
  head: RouteHead;
  /** Header and footer links the layout renders around the page. */
  navigation: NavigationView;
}

/**
 * The page state inlined once into the HTML for hydration. Pages that do not hydrate carry
 * neither data nor navigation (null); the head leaves out the JSON-LD the document already has.
 */
export interface InlineState extends Omit<PagePayload, 'navigation'> {
  navigation: NavigationView | null;
  locale: Locale;
  today: string;
}

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
 * The trailing-slash rule (product spec point 2): page paths end with '/', except paths with a
 * dot (files) or a 'client-api' segment. Shared by the server's redirect and the browser's router.
 */
export function isExemptFromTrailingSlash(pathname: string): boolean {
  return pathname.includes('.') || pathname.split('/').includes('client-api');
}

import { type Locale } from '../shared/locale';
import { type LayoutName } from './layouts';
import { type NavigationView } from './layouts/navigation';
import { type PageName } from './pages';
import { type RouteHead } from './route-types';

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
 * The page state inlined once into the HTML: what the browser runtime needs (build, locale,
 * today, the page shown). No page hydrates, so it carries neither the page data nor the
 * navigation (the HTML shows them once); the head leaves out the JSON-LD the document already has.
 */
export interface InlineState extends Omit<PagePayload, 'navigation' | 'data'> {
  locale: Locale;
  today: string;
  /**
   * The A/B flows of the page's experiments ('0300.1-A'), for the tracker's sub3; only on pages
   * that run experiments. Part of the ETag and so of every page cache key.
   */
  testFlow?: string;
}

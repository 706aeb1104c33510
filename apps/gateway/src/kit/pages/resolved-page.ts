import { type FormState } from '../../app/form-state';
import { type LayoutName } from '../../app/layouts';
import { type NavigationView } from '../../app/layouts/navigation';
import { type PagePayload } from '../../app/page-payload';
import { type PageName } from '../../app/pages';
import { type RouteHead } from '../../app/route-types';

/** A page ready to render or to send as a payload. */
export interface ResolvedPage {
  status: number;
  /** Route name, or 'not-found' / 'status' for the error pages. */
  route: string;
  /** Metrics label: the route pattern, never the raw path (bounded cardinality). */
  routeLabel: string;
  page: PageName;
  layout: LayoutName;
  params: unknown;
  data: unknown;
  head: RouteHead;
  /** Header and footer links for the layout. */
  navigation: NavigationView;
  /**
   * The page form's per-request state (the comment form's values and errors after a failed post,
   * the success notice, a reply target). Never part of cached data; such a page is not memoised.
   */
  formState?: FormState;
  /** The visitor's A/B flows on a page that runs experiments (features/experiments), else absent. */
  testFlow?: string;
}

/** The client router's payload of a page (`<path>_payload.json`): the page without its per-request parts. */
export function toPayload(page: ResolvedPage, buildId: string): PagePayload {
  return {
    buildId,
    route: page.route,
    page: page.page,
    layout: page.layout,
    status: page.status,
    params: page.params,
    data: page.data,
    head: page.head,
    navigation: page.navigation,
  };
}

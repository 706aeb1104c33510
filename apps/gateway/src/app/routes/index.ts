import { compilePattern, type RawParams } from '../match-path';
import { type AnyRoute } from '../route-types';
import { authorRoute } from './author';
import { blogRoutes } from './blog';
import { calendarRoute } from './calendar';
import { contentRoute } from './content';
import { homeRoute } from './home';
import { lenderReviewRoute, lenderReviewsRoute } from './lenders';

/*
 * The route table. Order matters: the first pattern that matches wins, so specific routes go
 * above the generic content route at the bottom. To add a page: create its component under
 * pages/<name>/, register it in pages/index.ts, and add a defineRoute() entry here.
 */
export { authorRoute, blogRoutes, calendarRoute, contentRoute, homeRoute, lenderReviewRoute, lenderReviewsRoute };

export const routes: readonly AnyRoute[] = [
  homeRoute,
  ...blogRoutes,
  authorRoute,
  lenderReviewsRoute,
  lenderReviewRoute,
  calendarRoute,
  contentRoute,
];

export interface RouteMatch {
  route: AnyRoute;
  raw: RawParams;
}

/** Builds a matcher over a table (the app's own, tests', or an app assembled with extra routes). */
export function compileRoutes(table: readonly AnyRoute[]) {
  return table.map((route) => ({ route, pattern: compilePattern(route.pattern) }));
}

const compiled = compileRoutes(routes);

/** The first route whose pattern matches the path, with its raw (decoded) parameters. */
export function matchRoute(pathname: string, table = compiled): RouteMatch | null {
  for (const { route, pattern } of table) {
    const raw = pattern.match(pathname);
    if (raw) return { route, raw };
  }
  return null;
}

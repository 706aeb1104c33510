import { contentV1, ratesV1 } from '@lib/contracts';
import { type RawParams, compilePattern } from './match-path';
import { HOME_OFFER_LIMIT } from './pages/home/home-data';
import { type AnyRoute, type HeadContext, type RouteHead, defineRoute } from './route-types';
import { toContentView, toOfferCard, toRatesBox, withoutBodyHtml } from './view-models';

/*
 * The route table. Order matters: the first pattern that matches wins, so specific routes go
 * above the generic content route at the bottom. To add a page: create its component under
 * pages/<name>/, register it in pages/index.ts, and add a defineRoute() entry here.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const noParams = (): Record<string, never> => ({});

function head(ctx: HeadContext, fields: { title: string; description: string; canonicalUrl?: string; noindex?: boolean }): RouteHead {
  return {
    title: fields.title,
    description: fields.description,
    canonical: fields.canonicalUrl || `${ctx.origin}${ctx.path}`,
    ...(fields.noindex ? { robots: 'noindex, follow' } : {}),
  };
}

const routeTypeName = (type: contentV1.RouteType): string => (contentV1.RouteType[type] ?? 'UNSPECIFIED').toLowerCase();

export const homeRoute = defineRoute({
  name: 'home',
  page: 'home',
  pattern: '/',
  layout: 'default',
  params: noParams,
  async load(ctx) {
    // The hero copy is essential (its failure answers 404/503); offers and rates are sections.
    const [page, offers, rates] = await Promise.all([
      ctx.services.content.getPage({ path: '/' }),
      ctx.section(async () => {
        const response = await ctx.services.offers.listOffers({ country: ctx.locale.country, limit: HOME_OFFER_LIMIT, offset: 0 });
        return { items: response.offers.slice(0, HOME_OFFER_LIMIT).map(toOfferCard), total: response.total };
      }),
      ctx.section(async () => toRatesBox(await ctx.services.rates.getLatestTable({ table: ratesV1.TableType.A }))),
    ]);
    return { page: toContentView(page, routeTypeName(page.type)), offers, rates };
  },
  head: (data, ctx) => head(ctx, data.page),
  hydrationData: (data) => ({ ...data, page: withoutBodyHtml(data.page) }),
});

/** Any other page the content service publishes: SEO landings, documents, about, contact copy. */
export const contentRoute = defineRoute({
  name: 'content',
  page: 'content',
  pattern: '/:path+/',
  layout: 'default',
  params(raw: RawParams) {
    const path = raw['path'];
    if (path === undefined || !path.split('/').every((segment) => SLUG.test(segment))) return null;
    return { path: `/${path}/` };
  },
  async load(ctx) {
    const page = await ctx.services.content.getPage({ path: ctx.params.path });
    return { page: toContentView(page, routeTypeName(page.type)) };
  },
  head: (data, ctx) => head(ctx, data.page),
  hydrationData: (data) => ({ page: withoutBodyHtml(data.page) }),
});

export const routes: readonly AnyRoute[] = [homeRoute, contentRoute];

export interface RouteMatch {
  route: AnyRoute;
  raw: RawParams;
}

const compiled = routes.map((route) => ({ route, pattern: compilePattern(route.pattern) }));

/** The first route whose pattern matches the path, with its raw (decoded) parameters. */
export function matchRoute(pathname: string, table = compiled): RouteMatch | null {
  for (const { route, pattern } of table) {
    const raw = pattern.match(pathname);
    if (raw) return { route, raw };
  }
  return null;
}

/** Builds a matcher over another table (tests, or an app assembled with extra routes). */
export function compileRoutes(table: readonly AnyRoute[]) {
  return table.map((route) => ({ route, pattern: compilePattern(route.pattern) }));
}

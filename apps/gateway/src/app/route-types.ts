import { type contentV1 } from '@lib/contracts';
import { type Locale } from '../shared/locale';
import { type LayoutName } from './layouts';
import { type RawParams } from './match-path';
import { type PageData, type PageName, pageModules } from './pages';
import { type Section } from './section';
import { type RouteSitemap } from './seo/sitemap-entry';
import { type JsonLd } from './seo/structured-data';
import { type GatewayServices } from './services';

/** What a route puts into the document head. */
export interface RouteHead {
  title: string;
  description: string;
  /**
   * Absolute canonical URL; omitted on pages that must not name one (the 404 page: its address
   * has no page, so it must not be declared the canonical of anything).
   */
  canonical?: string;
  /** e.g. 'noindex, follow'; omitted means indexable. */
  robots?: string;
  /** Open Graph type; 'website' when omitted. */
  ogType?: 'website' | 'article';
  /** Absolute image URL for og:image; the resolver puts the site's default PNG where a route sets none. */
  ogImage?: string;
  /** og:image:width / og:image:height in pixels, when known. */
  ogImageWidth?: number;
  ogImageHeight?: number;
  /** og:image:alt: what the image shows. */
  ogImageAlt?: string;
  /** JSON-LD objects of the page; the resolver puts the Organization first on every page. */
  structuredData?: JsonLd[];
}

export interface LoadContext<P> {
  params: P;
  /** The page path as requested (percent-encoded, with the trailing slash). */
  path: string;
  services: GatewayServices;
  locale: Locale;
  /** PUBLIC_ORIGIN without a trailing slash, for absolute URLs in the data (share links). */
  origin: string;
  /**
   * Runs a call that feeds one optional section: when it fails the section says so and the rest
   * of the page still renders (with HTTP 200, never cached). Calls a page cannot live without are
   * awaited directly; their failure decides the whole answer (404, 503, …).
   */
  section<T>(call: () => Promise<T>): Promise<Section<T>>;
  /**
   * The path's type in the content service's route list as last kept in this process (it may be
   * out of date: a hint, never the answer), when the list is known and has the path. A loader
   * may ask for everything a page of that type needs in one round, and checks the page's own type.
   */
  contentType?: contentV1.RouteType;
}

export interface HeadContext {
  path: string;
  /** PUBLIC_ORIGIN without a trailing slash, for canonical URLs. */
  origin: string;
}

/**
 * Thrown by a loader for an address its route pattern accepts but which has no page, such as
 * '/blog/page-9/' of a five-page blog: answers the 404 page like NOT_FOUND from a service.
 */
export class PageNotFoundError extends Error {
  /** Read by the gateway's one error-to-status mapping. */
  readonly status = 404;

  constructor(reason: string) {
    super(reason);
    this.name = 'PageNotFoundError';
  }
}

export interface RouteSpec<K extends PageName, P> {
  /** Unique route name; it labels metrics, logs and cache keys. */
  name: string;
  /** Which page component renders the data (a key of pageModules). */
  page: K;
  pattern: string;
  layout: LayoutName;
  /**
   * An alias of another address (e.g. '/blog/page-1/' of '/blog/'): the path to answer 301 with,
   * or null to serve the page. Checked before params().
   */
  redirect?(raw: RawParams): string | null;
  /**
   * Checks and converts the raw path parameters; null answers 404 ('Page Not Found: {path}').
   * The query is there for the few parts of a page an address may pick (the comment order and
   * page); what it yields is part of the cache key, so keep it to a small, bounded set of values.
   */
  params(raw: RawParams, query: URLSearchParams): P | null;
  /** Fetches the page data over gRPC; the page-data cache wraps it (key: route name + params). */
  load(ctx: LoadContext<P>): Promise<PageData<K>>;
  head(data: PageData<K>, ctx: HeadContext): RouteHead;
  /** Its addresses in sitemap.xml (app/seo/sitemap-entry.ts); absent: not listed by the gateway. */
  sitemap?: RouteSitemap;
}

export interface RouteDefinition<K extends PageName = PageName, P = unknown> extends RouteSpec<K, P> {
  /** Lazy loader of the page component (shared with the browser bundle, which splits on it). */
  component: (typeof pageModules)[K];
}

/** Declares a route; the data type its loader must return comes from the page component's props. */
export function defineRoute<K extends PageName, P>(spec: RouteSpec<K, P>): RouteDefinition<K, P> {
  return { ...spec, component: pageModules[spec.page] };
}

/** A route of any page and parameter type, as the table holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parameter types differ per route by design
export type AnyRoute = RouteDefinition<PageName, any>;

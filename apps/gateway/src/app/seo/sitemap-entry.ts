import { type GatewayServices } from '../services';

/** One address of sitemap.xml: a site path (or absolute URL) and its W3C date ('' when unknown). */
export interface SitemapEntry {
  loc: string;
  lastmod: string;
}

/** What a route may read to list its addresses: the services, today in Warsaw and the build's day. */
export interface SitemapContext {
  services: GatewayServices;
  /** 'YYYY-MM-DD' in Warsaw. */
  today: string;
  /** The build's day ('YYYY-MM-DD'): the date of pages that are code. */
  builtOn: string;
}

/**
 * How a route lists itself in sitemap.xml. A route whose pattern is one fixed address gives its
 * date only: `today` (its figures follow the feeds and tables every day) or `build` (it is code);
 * a route with parameters lists its addresses (a loader may ask the services; a failure lists
 * what it can). Routes without it are not listed by the gateway (content pages list themselves
 * through the content service's sitemap entries).
 */
export type RouteSitemap =
  { lastmod: 'today' | 'build' } | { entries(ctx: SitemapContext): Promise<readonly SitemapEntry[]> };

/** The W3C date of a date or an RFC 3339 timestamp; '' for anything else. */
export function w3cDate(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(value);
  return match?.[1] ?? '';
}

/** The newest of some dates as a W3C date; '' when none is one. */
export const newestW3cDate = (dates: readonly string[]): string =>
  dates.map(w3cDate).filter(Boolean).sort().at(-1) ?? '';

import { type GatewayServices } from '../../app/services';
import { BLOG_PAGE_SIZE, blogPagePath } from '../../app/site-paths/blog';
import { OFFER_REDIRECT_PREFIX } from '../../app/site-paths/offers';
import { type AnyRoute } from '../../app/route-types';
import { type SitemapEntry, w3cDate } from '../../app/seo/sitemap-entry';
import { escapeHtml } from '../render/html';

/** The sitemap protocol's limit per file; far above this site's few hundred pages. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapSources {
  services: GatewayServices;
  /** PUBLIC_ORIGIN without a trailing slash. */
  origin: string;
  /** Today in the site's time zone ('YYYY-MM-DD'). */
  today: string;
  /** When the running client build was made (RFC 3339): the date pages computed by code last changed. */
  builtAt: string;
  /** The routes that declare their sitemap addresses (the app's route table). */
  routes: readonly AnyRoute[];
}

/**
 * Every public page: the content service's entries (pages, articles, tags, authors, lender
 * reviews, documents) and the addresses the gateway itself serves — the home page, the blog
 * listing and tag pages beyond the first, and the holiday calendar of this year and the next.
 * When two sources name the same URL, the first one wins.
 */
export async function collectSitemap({
  services,
  origin,
  today,
  builtAt,
  routes,
}: SitemapSources): Promise<SitemapEntry[]> {
  // One call, whatever the number of articles: the service counts and dates the listings, and
  // already dates the tag and author pages by their newest article.
  const listed = await services.content.listSitemapEntries({ baseUrl: origin });
  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
  const fromContent = new Map(listed.entries.map((entry) => [absolute(entry.loc), w3cDate(entry.lastmod)]));
  const urls: SitemapEntry[] = [];
  const add = (path: string, lastmod: string) => urls.push({ loc: absolute(path), lastmod });

  // A content service older than the listings sends none: only the first pages are listed then.
  const blog = listed.blog ?? { articlesCount: 0, lastmod: '' };
  const blogUpdated = w3cDate(blog.lastmod);
  for (let page = 1; page <= listingPages(blog.articlesCount); page += 1)
    add(blogPagePath(null, page), blogUpdated);
  for (const tag of listed.tags) {
    // A tag without articles keeps its page's own date, as the content service lists it.
    const tagUpdated =
      w3cDate(tag.lastmod) || fromContent.get(absolute(blogPagePath(tag.slug, 1))) || blogUpdated;
    for (let page = 1; page <= listingPages(tag.articlesCount); page += 1)
      add(blogPagePath(tag.slug, page), tagUpdated);
  }
  // The gateway's own pages, as each route declares them (app/seo/sitemap-entry.ts).
  const builtOn = w3cDate(builtAt);
  const declared = await Promise.all(
    routes.map(async (route): Promise<readonly SitemapEntry[]> => {
      const sitemap = route.sitemap;
      if (!sitemap) return [];
      if ('lastmod' in sitemap)
        return [{ loc: route.pattern, lastmod: sitemap.lastmod === 'today' ? today : builtOn }];
      return sitemap.entries({ services, today, builtOn });
    }),
  );
  for (const entry of declared.flat()) add(entry.loc, entry.lastmod);

  const seen = new Set<string>();
  const all: SitemapEntry[] = [];
  for (const url of [...[...fromContent].map(([loc, lastmod]) => ({ loc, lastmod })), ...urls]) {
    if (seen.has(url.loc) || !url.loc.startsWith(`${origin}/`)) continue;
    seen.add(url.loc);
    all.push(url);
  }
  return all.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
}

/** Pages of a listing of this many articles at the blog's page size; an empty listing still has its first. */
const listingPages = (articlesCount: number): number =>
  Math.max(1, Math.ceil(articlesCount / BLOG_PAGE_SIZE));

/** sitemap.xml text: UTF-8, entity-escaped locations, one <url> per page. */
export function renderSitemapXml(urls: readonly SitemapEntry[]): string {
  const lines = urls.map(
    (url) =>
      `<url><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${lines.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled except the API and the page-data JSON. */
export function renderRobotsTxt(origin: string): string {
  // The offer redirect records a click: crawlers have no business there.
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${OFFER_REDIRECT_PREFIX}`,
    'Disallow: /*_payload.json',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import { warsawDay } from '@lib/pl-calendar';
import { CACHE, notFound } from '@lib/service-kit';
import { type BlogListings, blogListings } from '../domain/blog-listings';
import { ArticlesRepository } from '../persistence/articles.repository';
import { PagesRepository } from '../persistence/pages.repository';
import { CONTENT_CACHE_POLICY, cacheKey } from './content-cache';
import { ROUTE_TYPE, toPage } from './page-answers';

/** What listSitemapSection answers: one section's entries from offset, and how its chunks are dated. */
export interface SitemapSlice {
  section: contentV1.SitemapSection.PAGES | contentV1.SitemapSection.BLOG;
  offset: number;
  /** 0: no entries (the total and chunk dates alone). */
  limit: number;
  /** 0: no chunk dates. */
  chunkSize: number;
}

/** Cached route table entry: lastModified as an ISO string (cache values are JSON). */
interface CachedRoute {
  path: string;
  type: contentV1.RouteType;
  link: string;
  lastModified: string;
  /**
   * lastModified's Warsaw day, the sitemap's lastmod: worked out once per cached table rather
   * than per entry of every sitemap answer. Absent in a table cached by an older build.
   */
  lastModifiedDay?: string;
}

/** Pages of every kind by path, the route table and the sitemap. */
@Injectable()
export class PagesUseCases {
  constructor(
    private readonly pages: PagesRepository,
    @Inject(CACHE) private readonly cache: Cache,
    private readonly articles: ArticlesRepository,
  ) {}

  async getPage(path: string): Promise<contentV1.Page> {
    const page = await readThrough(this.cache, cacheKey('page', path), CONTENT_CACHE_POLICY, () =>
      this.loadPage(path),
    );
    if (!page) throw notFound('page', path);
    return page;
  }

  /** Every published route in URL order, or those of one type (UNSPECIFIED: all). */
  async listRoutes(type: contentV1.RouteType): Promise<contentV1.ListRoutesResponse> {
    const routes = await this.routes();
    const wanted =
      type === contentV1.RouteType.UNSPECIFIED ? routes : routes.filter((route) => route.type === type);
    return {
      routes: wanted.map((route) => ({
        path: route.path,
        type: route.type,
        link: route.link,
        updatedAt: route.lastModified,
      })),
    };
  }

  /**
   * `origin` is the site's origin without a trailing slash ('https://example.pl'). The blog and tag
   * listings come with the entries so that the gateway pages them without reading every article.
   */
  async listSitemapEntries(origin: string): Promise<contentV1.ListSitemapEntriesResponse> {
    const [routes, listings] = await Promise.all([this.routes(), this.blogListings()]);
    return {
      entries: routes.map((route) => sitemapEntry(origin, route)),
      blog: listings.blog,
      tags: listings.tags,
      total: 0,
      chunkLastmods: [],
    };
  }

  /**
   * One section's entries from `offset` (at most `limit`), its total, and with `chunkSize` the
   * newest date of each run of that many entries: what a sitemap index and one of its files need,
   * at a size that does not grow with the section. The listings come along as with every entry.
   */
  async listSitemapSection(
    origin: string,
    slice: SitemapSlice,
  ): Promise<contentV1.ListSitemapEntriesResponse> {
    const [routes, listings] = await Promise.all([this.routes(), this.blogListings()]);
    const inSection = routes.filter((route) => sitemapSectionOf(route.type) === slice.section);
    return {
      entries: inSection
        .slice(slice.offset, slice.offset + slice.limit)
        .map((route) => sitemapEntry(origin, route)),
      blog: listings.blog,
      tags: listings.tags,
      total: inSection.length,
      chunkLastmods: slice.chunkSize > 0 ? chunkLastmods(inSection, slice.chunkSize) : [],
    };
  }

  /** The route table in URL order, sorted once when it is cached rather than per sitemap answer. */
  private routes(): Promise<CachedRoute[]> {
    return readThrough(this.cache, cacheKey('routes'), CONTENT_CACHE_POLICY, async () =>
      (await this.pages.listRoutes())
        .map((row) => ({
          path: row.path,
          type: ROUTE_TYPE[row.type],
          link: row.link,
          lastModified: row.lastModified.toISOString(),
          lastModifiedDay: warsawDay(row.lastModified),
        }))
        .sort(byPath),
    );
  }

  /** Counted and dated once per cached answer (an import clears it), not per sitemap request. */
  private blogListings(): Promise<BlogListings> {
    return readThrough(this.cache, cacheKey('blog-listings'), CONTENT_CACHE_POLICY, async () => {
      const [articles, routes] = await Promise.all([this.articles.listedArticles(), this.routes()]);
      // A tag's route links to the tag by its slug.
      const tagSlugs = routes
        .filter((route) => route.type === contentV1.RouteType.TAG)
        .map((route) => route.link);
      return blogListings(articles, tagSlugs);
    });
  }

  private async loadPage(path: string): Promise<contentV1.Page | null> {
    const page = await this.pages.findPublished(path);
    if (!page) return null;
    const fallback = page.offerBlock?.fallbackPath ?? '';
    const headings = await this.pages.headings(fallback === '' ? page.related : [...page.related, fallback]);
    const lenderName = page.type === 'lender' ? await this.pages.lenderName(page.id) : undefined;
    return toPage(page, headings, lenderName);
  }
}

/** The blog's pages (articles, tags, authors) make one section of the sitemap, every other page the other. */
const BLOG_SECTION_TYPES: ReadonlySet<contentV1.RouteType> = new Set([
  contentV1.RouteType.BLOG,
  contentV1.RouteType.TAG,
  contentV1.RouteType.AUTHOR,
]);

const sitemapSectionOf = (type: contentV1.RouteType): contentV1.SitemapSection =>
  BLOG_SECTION_TYPES.has(type) ? contentV1.SitemapSection.BLOG : contentV1.SitemapSection.PAGES;

/** URL order of routes (by code unit, as the sitemap's files are cut). */
const byPath = (a: CachedRoute, b: CachedRoute): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

const lastmodOf = (route: CachedRoute): string =>
  route.lastModifiedDay ?? warsawDay(new Date(route.lastModified));

const sitemapEntry = (origin: string, route: CachedRoute): contentV1.SitemapEntry => ({
  loc: `${origin}${route.path}`,
  lastmod: lastmodOf(route),
  type: route.type,
});

/** The newest date of each run of `size` routes, in their order. */
function chunkLastmods(routes: readonly CachedRoute[], size: number): string[] {
  const dates: string[] = [];
  for (let start = 0; start < routes.length; start += size) {
    let newest = '';
    for (const route of routes.slice(start, start + size)) {
      const lastmod = lastmodOf(route);
      if (lastmod > newest) newest = lastmod;
    }
    dates.push(newest);
  }
  return dates;
}

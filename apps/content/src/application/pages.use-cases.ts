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

  /** Every published route, or those of one type (UNSPECIFIED: all). */
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
    const entries = routes.map((route) => ({
      loc: `${origin}${route.path}`,
      lastmod: route.lastModifiedDay ?? warsawDay(new Date(route.lastModified)),
      type: route.type,
    }));
    return {
      entries: entries.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0)),
      blog: listings.blog,
      tags: listings.tags,
    };
  }

  private routes(): Promise<CachedRoute[]> {
    return readThrough(this.cache, cacheKey('routes'), CONTENT_CACHE_POLICY, async () =>
      (await this.pages.listRoutes()).map((row) => ({
        path: row.path,
        type: ROUTE_TYPE[row.type],
        link: row.link,
        lastModified: row.lastModified.toISOString(),
        lastModifiedDay: warsawDay(row.lastModified),
      })),
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

import { Controller, Inject } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { contentV1 } from '@lib/contracts';
import { CACHE, GrpcService, notFound, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { CONTENT_CACHE_POLICY, cacheKey } from './cache-keys';
import { breadcrumbs, ROUTE_TYPE } from './mappers';
import { PagesRepository } from './persistence/pages.repository';
import { pathField } from './requests';
import { warsawDay } from '@lib/pl-calendar';

const getPageRequest = z.object({ path: pathField });

const listRoutesRequest = z.object({
  type: z.enum(contentV1.RouteType, { error: 'must be a known route type' }),
});

const listSitemapEntriesRequest = z.object({
  baseUrl: z
    .string()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.pathname === '/' &&
          !url.search &&
          !url.hash &&
          !url.username
        );
      } catch {
        return false;
      }
    }, "must be an origin such as 'https://example.pl'")
    .transform((value) => new URL(value).origin),
});

/** Cached route table entry: lastModified as an ISO string (cache values are JSON). */
interface CachedRoute {
  path: string;
  type: contentV1.RouteType;
  link: string;
  lastModified: string;
}

/** Pages of every kind by path, the route table and the sitemap. */
@Controller()
@GrpcService(contentV1.CONTENT_SERVICE_NAME)
export class ContentController implements Pick<
  contentV1.ContentServiceController,
  'getPage' | 'listRoutes' | 'listSitemapEntries'
> {
  constructor(
    private readonly pages: PagesRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async getPage(request: contentV1.GetPageRequest): Promise<contentV1.Page> {
    const { path } = parseRequest(getPageRequest, request);
    const page = await readThrough(this.cache, cacheKey('page', path), CONTENT_CACHE_POLICY, () =>
      this.loadPage(path),
    );
    if (!page) throw notFound('page', path);
    return page;
  }

  async listRoutes(request: contentV1.ListRoutesRequest): Promise<contentV1.ListRoutesResponse> {
    const { type } = parseRequest(listRoutesRequest, request);
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

  async listSitemapEntries(
    request: contentV1.ListSitemapEntriesRequest,
  ): Promise<contentV1.ListSitemapEntriesResponse> {
    const { baseUrl } = parseRequest(listSitemapEntriesRequest, request);
    const routes = await this.routes();
    const entries = routes.map((route) => ({
      loc: `${baseUrl}${route.path}`,
      lastmod: warsawDay(new Date(route.lastModified)),
    }));
    return { entries: entries.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0)) };
  }

  private routes(): Promise<CachedRoute[]> {
    return readThrough(this.cache, cacheKey('routes'), CONTENT_CACHE_POLICY, async () =>
      (await this.pages.listRoutes()).map((row) => ({
        path: row.path,
        type: ROUTE_TYPE[row.type],
        link: row.link,
        lastModified: row.lastModified.toISOString(),
      })),
    );
  }

  private async loadPage(path: string): Promise<contentV1.Page | null> {
    const page = await this.pages.findPublished(path);
    if (!page) return null;
    const related = await this.pages.headings(page.related);
    const lenderName = page.type === 'lender' ? await this.pages.lenderName(page.id) : undefined;
    return {
      path: page.path,
      type: ROUTE_TYPE[page.type],
      link: page.link,
      title: page.title,
      description: page.description,
      h1: page.h1,
      bodyHtml: page.bodyHtml,
      updatedAt: page.updatedAt.toISOString(),
      publishedAt: page.publishedAt.toISOString(),
      breadcrumbs: breadcrumbs(page, lenderName),
      faq: page.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
      imageUrl: '',
      canonicalUrl: '',
      noindex: false,
      introHtml: page.introHtml,
      toc: page.toc.map((entry) => ({ anchor: entry.anchor, title: entry.title, level: entry.level })),
      // Only targets still published: a related page whose file was removed drops out of the list.
      related: page.related.flatMap((target) => {
        const title = related.get(target);
        return title === undefined ? [] : [{ path: target, title }];
      }),
      showOffers: page.showOffers,
      readingTimeMinutes: page.readingMinutes,
      wordCount: page.wordCount,
    };
  }
}

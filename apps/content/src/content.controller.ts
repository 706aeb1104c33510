import { Controller } from '@nestjs/common';
import { contentV1 } from '@lib/contracts';
import { GrpcService, notFound, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { type PageEntity, type PageType } from './persistence/page.entity';
import { PagesRepository } from './persistence/pages.repository';

const { RouteType } = contentV1;

const ROUTE_TYPE: Record<PageType, contentV1.RouteType> = {
  page: RouteType.PAGE,
  seo: RouteType.SEO,
  blog: RouteType.BLOG,
  tag: RouteType.TAG,
  lender: RouteType.LENDER,
  doc: RouteType.DOC,
  author: RouteType.AUTHOR,
};

/** Public paths: lower-case slugs separated by slashes, with both slashes present (spec point 2). */
const getPageRequest = z.object({
  path: z
    .string()
    .max(512, 'must be at most 512 characters')
    .regex(/^\/(?:[a-z0-9-]+\/)*$/, "must be a path like '/o-nas/' (lower-case slugs, trailing slash)"),
});

function toPage(page: PageEntity): contentV1.Page {
  const breadcrumbs: contentV1.Breadcrumb[] =
    page.path === '/' ? [] : [{ text: 'Strona główna', link: '/' }, { text: page.h1, link: '' }];
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
    breadcrumbs,
    faq: [],
    imageUrl: '',
    canonicalUrl: '',
    noindex: false,
  };
}

@Controller()
@GrpcService(contentV1.CONTENT_SERVICE_NAME)
export class ContentController implements Pick<contentV1.ContentServiceController, 'getPage'> {
  constructor(private readonly pages: PagesRepository) {}

  async getPage(request: contentV1.GetPageRequest): Promise<contentV1.Page> {
    const { path } = parseRequest(getPageRequest, request);
    const page = await this.pages.findPublished(path);
    if (!page) throw notFound('page', path);
    return toPage(page);
  }
}

import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError } from '@lib/contracts';
import { type RawParams } from '../match-path';
import { type BlogListData, blogPagePath } from '../pages/blog/blog-data';
import { type HeadContext, type LoadContext, PageNotFoundError, type RouteHead, defineRoute } from '../route-types';
import { type Crumb } from '../seo/structured-data';
import { toArticleCard, toTagLink } from '../view-models';
import { HOME_CRUMB, pageHead } from './head';
import { pageNumberParam, slugParam } from './params';

/** Articles per listing page: 40 articles make the five pages the product lists. */
export const BLOG_PAGE_SIZE = 9;
/** Articles in the 'popular' box of the listing. */
export const POPULAR_LIMIT = 5;

interface BlogParams {
  /** Tag slug; empty for the whole blog. */
  tag: string;
  page: number;
}

async function listArticles(ctx: LoadContext<BlogParams>) {
  const { tag, page } = ctx.params;
  try {
    return await ctx.services.content.listArticles({ page: { page, pageSize: BLOG_PAGE_SIZE }, tagSlug: tag, authorId: 0, authorSlug: '' });
  } catch (error) {
    // A page number past the end is an address without a page, whichever way the service says it.
    if (page > 1 && error instanceof GrpcCallError && error.code === GrpcStatus.OUT_OF_RANGE) {
      throw new PageNotFoundError(`${blogPagePath(tag || null, page)} is past the last page`);
    }
    throw error;
  }
}

async function loadBlogList(ctx: LoadContext<BlogParams>): Promise<BlogListData> {
  const { tag, page } = ctx.params;
  const { content } = ctx.services;
  const [tagInfo, list, tags, popular] = await Promise.all([
    tag ? content.getTag({ slug: tag }) : Promise.resolve(null),
    listArticles(ctx),
    ctx.section(async () => (await content.listTags({})).tags.map(toTagLink)),
    ctx.section(async () => (await content.listPopularArticles({ limit: POPULAR_LIMIT })).articles.map(toArticleCard)),
  ]);
  const totalPages = Math.max(1, list.pageInfo?.totalPages ?? 1);
  if (page > totalPages) throw new PageNotFoundError(`${blogPagePath(tag || null, page)} is past page ${totalPages}`);
  return {
    tag: tagInfo ? { slug: tagInfo.slug, name: tagInfo.name, description: tagInfo.description } : null,
    articles: list.articles.map(toArticleCard),
    page,
    totalPages,
    totalItems: list.pageInfo?.totalItems ?? list.articles.length,
    tags,
    popular,
  };
}

/** '… – strona 2 z 5' on pages after the first, so every listing page has its own title. */
function pageSuffix(data: BlogListData): string {
  return data.page > 1 ? ` – strona ${data.page} z ${data.totalPages}` : '';
}

function blogHead(data: BlogListData, ctx: HeadContext): RouteHead {
  const crumbs: Crumb[] = [HOME_CRUMB];
  if (data.tag) {
    crumbs.push({ text: 'Blog', link: '/blog/' }, { text: data.tag.name, link: '' });
    return pageHead(ctx, {
      title: `${data.tag.name} – artykuły na blogu${pageSuffix(data)}`,
      description: data.tag.description || `Artykuły z kategorii ${data.tag.name}.`,
      breadcrumbs: crumbs,
    });
  }
  crumbs.push({ text: 'Blog', link: '' });
  return pageHead(ctx, {
    title: `Blog o pożyczkach, kredytach i finansach${pageSuffix(data)}`,
    description: 'Poradniki i aktualności o pożyczkach, kredytach, BIK, świadczeniach i domowym budżecie – pisane prostym językiem.',
    breadcrumbs: crumbs,
  });
}

const blogRoute = (spec: {
  name: string;
  pattern: string;
  redirect?: (raw: RawParams) => string | null;
  params: (raw: RawParams) => BlogParams | null;
}) =>
  defineRoute({
    ...spec,
    page: 'blog',
    layout: 'default',
    load: loadBlogList,
    head: blogHead,
  });

/** '/blog/page-1/' and '/blog/<tag>/page-1/' are the first page under another address. */
const isFirstPage = (raw: RawParams) => raw['page'] === '1';

export const blogRoutes = [
  blogRoute({ name: 'blog', pattern: '/blog/', params: () => ({ tag: '', page: 1 }) }),
  blogRoute({
    name: 'blog-page',
    pattern: '/blog/page-:page(\\d+)/',
    redirect: (raw) => (isFirstPage(raw) ? blogPagePath(null, 1) : null),
    params: (raw) => {
      const page = pageNumberParam(raw, 'page');
      return page === null ? null : { tag: '', page };
    },
  }),
  blogRoute({
    name: 'blog-tag',
    pattern: '/blog/:tag/',
    params: (raw) => {
      const tag = slugParam(raw, 'tag');
      return tag === null ? null : { tag, page: 1 };
    },
  }),
  blogRoute({
    name: 'blog-tag-page',
    pattern: '/blog/:tag/page-:page(\\d+)/',
    redirect: (raw) => {
      const tag = slugParam(raw, 'tag');
      return isFirstPage(raw) && tag !== null ? blogPagePath(tag, 1) : null;
    },
    params: (raw) => {
      const tag = slugParam(raw, 'tag');
      const page = pageNumberParam(raw, 'page');
      return tag === null || page === null ? null : { tag, page };
    },
  }),
];

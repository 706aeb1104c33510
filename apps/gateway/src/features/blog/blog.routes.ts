import { type RawParams } from '../../app/match-path';
import { type HeadContext, type RouteHead, defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { pageNumberParam, slugParam } from '../../app/routes/params';
import { type Crumb } from '../../app/seo/structured-data';
import { blogPagePath } from '../../app/site-paths/blog';
import { type BlogListData } from './blog-data';
import { type BlogParams, loadBlogList } from './blog.loader';

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
    description:
      'Poradniki i aktualności o pożyczkach, kredytach, BIK, świadczeniach i domowym budżecie – pisane prostym językiem.',
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

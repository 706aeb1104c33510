import { isSlug } from '@lib/pl-validation';
import { type RawParams } from '../../app/match-path';
import { type HeadContext, type RouteHead, defineRoute } from '../../app/route-types';
import { HOME_CRUMB, contentHead } from '../../app/routes/head';
import { DEFAULT_OG_IMAGE } from '../../app/seo/og-image';
import { articleLd } from '../../app/seo/structured-data';
import { commentsQuery } from '../comments';
import { type ContentPageData } from './content-data';
import { type ContentParams, loadContentPage } from './content.loader';

function head(data: ContentPageData, ctx: HeadContext): RouteHead {
  if (data.kind !== 'article') return contentHead(ctx, data.page);
  const { page, article } = data;
  const canonical = page.canonicalUrl || `${ctx.origin}${ctx.path}`;
  const breadcrumbs =
    page.breadcrumbs.length > 0
      ? page.breadcrumbs
      : [HOME_CRUMB, { text: 'Blog', link: '/blog/' }, { text: article.h1, link: '' }];
  return contentHead(ctx, page, {
    description: page.description || article.description,
    ogType: 'article',
    breadcrumbs,
    structuredData: [
      articleLd(ctx.origin, {
        headline: article.h1,
        description: article.description || page.description,
        canonical,
        datePublished: article.writtenAt,
        dateModified: article.editedAt,
        author: article.author
          ? { name: article.author.name, path: article.author.path, role: article.author.role }
          : { name: 'Redakcja', path: '' },
        imageUrl: article.imageUrl || DEFAULT_OG_IMAGE.path,
      }),
    ],
  });
}

/**
 * Any other page the content service publishes, rendered by its route type: SEO landing pages
 * (with the offers block when the page asks for it), blog articles at top-level slugs, and
 * documents and core pages (about, how it works, …).
 */
export const contentRoute = defineRoute({
  name: 'content',
  page: 'content',
  pattern: '/:path+/',
  layout: 'default',
  params(raw: RawParams, query: URLSearchParams): ContentParams | null {
    const path = raw['path'];
    if (path === undefined || !path.split('/').every(isSlug)) return null;
    // Only articles show comments; other pages keep one cache entry whatever the query says.
    return { path: `/${path}/`, comments: commentsQuery(query) };
  },
  load: loadContentPage,
  head,
});

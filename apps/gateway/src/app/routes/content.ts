import { contentV1 } from '@lib/contracts';
import { commentsQuery } from '../comments/comments-query';
import { type RawParams } from '../match-path';
import { type ContentPageData } from '../pages/content/content-data';
import { type HeadContext, type RouteHead, defineRoute } from '../route-types';
import { articleLd } from '../seo/structured-data';
import { articleWithoutBody, toArticleView, toContentView, withoutBodyHtml } from '../view-models';
import { loadComments } from '../view-models/comments';
import { HOME_CRUMB, contentHead } from './head';
import { loadOfferBlock } from './offers-block';
import { SLUG } from './params';

function head(data: ContentPageData, ctx: HeadContext): RouteHead {
  if (data.kind !== 'article') return contentHead(ctx, data.page);
  const { page, article } = data;
  const canonical = page.canonicalUrl || `${ctx.origin}${ctx.path}`;
  const breadcrumbs = page.breadcrumbs.length > 0 ? page.breadcrumbs : [HOME_CRUMB, { text: 'Blog', link: '/blog/' }, { text: article.h1, link: '' }];
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
        author: { name: article.author?.name ?? 'Redakcja', path: article.author?.path ?? '' },
        imageUrl: article.imageUrl,
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
  params(raw: RawParams, query: URLSearchParams) {
    const path = raw['path'];
    if (path === undefined || !path.split('/').every((segment) => SLUG.test(segment))) return null;
    // Only articles show comments; other pages keep one cache entry whatever the query says.
    return { path: `/${path}/`, comments: commentsQuery(query) };
  },
  async load(ctx): Promise<ContentPageData> {
    const page = await ctx.services.content.getPage({ path: ctx.params.path });
    const view = toContentView(page);
    if (page.type === contentV1.RouteType.BLOG) {
      const [article, comments] = await Promise.all([
        ctx.services.content.getArticle({ slug: ctx.params.path.slice(1, -1) }),
        loadComments(ctx, ctx.params.path, ctx.params.comments),
      ]);
      // The article's own body is the one shown; the page's copy of it would only be carried along.
      const shareUrl = view.canonicalUrl || `${ctx.origin}${ctx.params.path}`;
      return { kind: 'article', page: { ...view, bodyHtml: '' }, article: toArticleView(article, shareUrl), comments };
    }
    if (page.type === contentV1.RouteType.SEO) {
      return { kind: 'seo', page: view, offers: view.showOffers ? await ctx.section(() => loadOfferBlock(ctx)) : null };
    }
    // Documents, core pages, and any type this build does not know yet read as a document.
    return { kind: 'page', page: view };
  },
  head,
  hydrationData(data) {
    const page = withoutBodyHtml(data.page);
    return data.kind === 'article' ? { ...data, page, article: articleWithoutBody(data.article) } : { ...data, page };
  },
});

import { type AuthorPageData } from '../pages/author/author-data';
import { defineRoute } from '../route-types';
import { toArticleCard } from '../view-models';
import { HOME_CRUMB, pageHead } from './head';
import { slugParam } from './params';

/**
 * An author's articles on one page: the blog has about forty, so no author needs paging (50 is
 * also the largest page the content service serves).
 */
export const AUTHOR_ARTICLES_LIMIT = 50;

export const authorRoute = defineRoute({
  name: 'author',
  page: 'author',
  pattern: '/autor/:slug/',
  layout: 'default',
  params(raw) {
    const slug = slugParam(raw, 'slug');
    return slug === null ? null : { slug };
  },
  async load(ctx): Promise<AuthorPageData> {
    const author = await ctx.services.content.getAuthor({ slug: ctx.params.slug, id: 0, page: { page: 1, pageSize: AUTHOR_ARTICLES_LIMIT } });
    const summary = author.summary;
    return {
      author: {
        slug: summary?.slug || ctx.params.slug,
        name: summary?.name ?? '',
        role: summary?.role ?? '',
        imageUrl: summary?.imageUrl ?? '',
        bioHtml: author.bioHtml,
      },
      articles: author.articles.map(toArticleCard),
      totalArticles: author.pageInfo?.totalItems ?? author.articles.length,
    };
  },
  head: (data, ctx) =>
    pageHead(ctx, {
      title: `${data.author.name} – autor artykułów`,
      description: data.author.role
        ? `${data.author.name}, ${data.author.role.toLowerCase()} – artykuły i poradniki na naszym blogu.`
        : `${data.author.name} – artykuły i poradniki na naszym blogu.`,
      breadcrumbs: [HOME_CRUMB, { text: 'Blog', link: '/blog/' }, { text: data.author.name, link: '' }],
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          mainEntity: { '@type': 'Person', name: data.author.name, ...(data.author.role ? { jobTitle: data.author.role } : {}) },
        },
      ],
    }),
  hydrationData: (data) => ({ ...data, author: { ...data.author, bioHtml: data.author.bioHtml ? null : data.author.bioHtml } }),
});

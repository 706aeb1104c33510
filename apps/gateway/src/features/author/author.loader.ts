import { type LoadContext } from '../../app/route-types';
import { toArticleCard } from '../../app/view-models';
import { type AuthorPageData } from './author-data';

/**
 * An author's articles on one page: the blog has about forty, so no author needs paging (50 is
 * also the largest page the content service serves).
 */
export const AUTHOR_ARTICLES_LIMIT = 50;

/** GetAuthor: the biography and the author's articles. */
export async function loadAuthor(ctx: LoadContext<{ slug: string }>): Promise<AuthorPageData> {
  const author = await ctx.services.content.getAuthor({
    slug: ctx.params.slug,
    id: 0,
    page: { page: 1, pageSize: AUTHOR_ARTICLES_LIMIT },
  });
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
}

import { type contentV1 } from '@lib/contracts';
import { type ArticleCard, type ArticleView, type AuthorLink, type TagLink } from '../pages/blog/blog-data';
import { toToc } from './content';

export function toArticleCard(summary: contentV1.ArticleSummary): ArticleCard {
  return {
    path: summary.path,
    title: summary.title,
    excerpt: summary.excerpt,
    imageUrl: summary.imageUrl,
    imageCaption: summary.imageCaption,
    writtenAt: summary.writtenAt,
    editedAt: summary.editedAt,
    views: summary.views,
    readingTimeMinutes: summary.readingTimeMinutes,
  };
}

export function toTagLink(tag: contentV1.Tag): TagLink {
  return { slug: tag.slug, name: tag.name, url: tag.url || `/blog/${tag.slug}/`, articlesCount: tag.articlesCount };
}

export function toAuthorLink(author: contentV1.AuthorSummary): AuthorLink {
  return { name: author.name, role: author.role, path: `/autor/${author.slug}/`, imageUrl: author.imageUrl };
}

/** Mean of ratings given as count and sum; null when there are none. */
export function average(count: number, sum: number): number | null {
  return count > 0 ? sum / count : null;
}

export function toArticleView(article: contentV1.Article, shareUrl: string): ArticleView {
  const summary: Partial<contentV1.ArticleSummary> = article.summary ?? {};
  return {
    path: summary.path ?? '',
    shareUrl,
    h1: article.h1 || summary.title || '',
    description: article.description,
    bodyHtml: article.bodyHtml,
    imageUrl: summary.imageUrl ?? '',
    imageCaption: summary.imageCaption ?? '',
    writtenAt: summary.writtenAt ?? '',
    editedAt: summary.editedAt ?? '',
    views: summary.views ?? 0,
    readingTimeMinutes: summary.readingTimeMinutes ?? 0,
    ratingsCount: article.ratingsCount,
    ratingsAverage: average(article.ratingsCount, article.ratingsSum),
    commentsCount: article.commentsCount,
    author: article.author && article.author.slug !== '' ? toAuthorLink(article.author) : null,
    tags: article.tags.map(toTagLink),
    toc: toToc(article.toc),
    similar: article.similar.map(toArticleCard),
    popular: article.popular.map(toArticleCard),
    sources: article.sources.map((source) => ({ name: source.name, url: source.url })),
  };
}

/** Leaves the article body out of the inline hydration copy (the browser reads it from the DOM). */
export function articleWithoutBody(article: ArticleView): ArticleView {
  return article.bodyHtml ? { ...article, bodyHtml: null } : article;
}

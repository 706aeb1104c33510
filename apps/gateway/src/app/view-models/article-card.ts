import { type contentV1 } from '@lib/contracts';
import { type ArticleCard, type AuthorLink, type TagLink } from '../view-types';

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
    tagSlug: summary.tagSlugs[0] ?? '',
  };
}

export function toTagLink(tag: contentV1.Tag): TagLink {
  return {
    slug: tag.slug,
    name: tag.name,
    url: tag.url || `/blog/${tag.slug}/`,
    articlesCount: tag.articlesCount,
  };
}

export function toAuthorLink(author: contentV1.AuthorSummary): AuthorLink {
  return { name: author.name, role: author.role, path: `/autor/${author.slug}/`, imageUrl: author.imageUrl };
}

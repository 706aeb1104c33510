import { type contentV1 } from '@lib/contracts';
import { tagPath } from '../domain/catalogue';
import { type ArticleDetailRow, type ArticleRow } from '../persistence/articles.repository';
import { type AuthorRow, type TagRow } from '../persistence/blog-taxonomy.repository';

export function toArticleSummary(row: ArticleRow): contentV1.ArticleSummary {
  return {
    slug: row.slug,
    path: row.path,
    title: row.title,
    excerpt: row.description,
    imageUrl: '',
    imageCaption: '',
    writtenAt: row.written,
    editedAt: row.edited === row.written ? '' : row.edited,
    views: row.views,
    readingTimeMinutes: row.readingMinutes,
    tagSlugs: row.tags,
    authorId: row.authorId,
  };
}

export function toTag(row: TagRow): contentV1.Tag {
  return {
    slug: row.slug,
    url: tagPath(row.slug),
    name: row.name,
    description: row.description,
    articlesCount: row.articlesCount,
  };
}

export function toAuthorSummary(author: AuthorRow): contentV1.AuthorSummary {
  return {
    id: author.id,
    slug: author.slug,
    name: author.name,
    role: author.role,
    imageUrl: author.imageUrl,
  };
}

/** What GetArticle answers besides the article's own row; the lists are already in display order. */
export interface ArticleSurroundings {
  author: AuthorRow | undefined;
  tags: contentV1.Tag[];
  similar: ArticleRow[];
  popular: contentV1.ArticleSummary[];
}

export function toArticle(article: ArticleDetailRow, around: ArticleSurroundings): contentV1.Article {
  return {
    summary: toArticleSummary(article),
    description: article.description,
    bodyHtml: article.bodyHtml,
    author: around.author ? toAuthorSummary(around.author) : null,
    tags: around.tags,
    ratingsCount: article.ratingsCount,
    ratingsSum: article.ratingsSum,
    commentsCount: article.commentsCount,
    toc: article.toc.map((entry) => ({ anchor: entry.anchor, title: entry.title, level: entry.level })),
    similar: around.similar.map(toArticleSummary),
    popular: around.popular,
    h1: article.h1,
    sources: article.sources.map((s) => ({ name: s.name, url: s.url })),
    wordCount: article.wordCount,
  };
}

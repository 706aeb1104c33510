import { type contentV1 } from '@lib/contracts';
import { average, toArticleCard, toAuthorLink, toTagLink, toToc } from '../../app/view-models';
import { oncePerAnswer } from '../../app/loaders/per-answer';
import { type ArticleView } from './content-data';

function articleView(article: contentV1.Article, shareUrl: string): ArticleView {
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

/** An article as its page shows it, made once per GetArticle answer and address to share (oncePerAnswer). */
export const toArticleView = oncePerAnswer(articleView, (shareUrl) => shareUrl);

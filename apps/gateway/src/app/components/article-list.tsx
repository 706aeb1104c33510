import { formatDate } from '../../shared/format';
import { type ArticleCard } from '../view-types';
import { useRenderContext } from '../render-context';
import { ArticleCover } from './article-cover';

/**
 * Article cards for listings (blog, tag and author pages, similar and popular articles). Listings
 * are ordered by the date the article was written, so that is the date a card shows, labelled.
 */
export function ArticleList({ articles, compact = false }: { articles: ArticleCard[]; compact?: boolean }) {
  const { locale } = useRenderContext();
  return (
    <ul className={compact ? 'article-list article-list--compact' : 'article-list'}>
      {articles.map((article) => (
        <li className="article-card" key={article.path}>
          {!compact &&
            (article.imageUrl !== '' ? (
              <img
                className="article-card__image"
                src={article.imageUrl}
                alt={article.imageCaption}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <ArticleCover
                className="article-card__image"
                title={article.title}
                tagSlug={article.tagSlug ?? ''}
              />
            ))}
          <h3 className="article-card__title">
            <a href={article.path}>{article.title}</a>
          </h3>
          <p className="article-card__meta">
            Opublikowano <time dateTime={article.writtenAt}>{formatDate(locale, article.writtenAt)}</time>
            {article.readingTimeMinutes > 0 && ` · ${article.readingTimeMinutes} min czytania`}
          </p>
          {!compact && article.excerpt !== '' && <p className="article-card__excerpt">{article.excerpt}</p>}
        </li>
      ))}
    </ul>
  );
}

import { formatDate } from '../../shared/format';
import { type ArticleCard } from '../view-types';
import { useRenderContext } from '../render-context';

/** Article cards for listings (blog, tag and author pages, similar and popular articles). */
export function ArticleList({ articles, compact = false }: { articles: ArticleCard[]; compact?: boolean }) {
  const { locale } = useRenderContext();
  return (
    <ul className={compact ? 'article-list article-list--compact' : 'article-list'}>
      {articles.map((article) => (
        <li className="article-card" key={article.path}>
          {!compact && article.imageUrl !== '' && (
            <img className="article-card__image" src={article.imageUrl} alt={article.imageCaption} loading="lazy" decoding="async" />
          )}
          <h3 className="article-card__title">
            <a href={article.path}>{article.title}</a>
          </h3>
          <p className="article-card__meta">
            <time dateTime={article.editedAt || article.writtenAt}>{formatDate(locale, article.editedAt || article.writtenAt)}</time>
            {article.readingTimeMinutes > 0 && ` · ${article.readingTimeMinutes} min czytania`}
          </p>
          {!compact && article.excerpt !== '' && <p className="article-card__excerpt">{article.excerpt}</p>}
        </li>
      ))}
    </ul>
  );
}

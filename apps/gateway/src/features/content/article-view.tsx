import { ApplyCta } from '../../app/components/apply-cta';
import { ArticleCover } from '../../app/components/article-cover';
import { ArticleList } from '../../app/components/article-list';
import { HtmlBlock } from '../../app/components/html-block';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { TableOfContents } from '../../app/components/toc';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { type ContentPageView } from '../../app/view-types';
import { formatDate, formatInteger, formatRating, plural } from '../../shared/format';
import { CommentsSection, type CommentsSectionData } from '../comments';
import { type ArticleView } from './content-data';
import { ShareLinks } from './share-links';

/**
 * A blog article: dates, author, reading time, views and ratings, table of contents, the body,
 * sources, share links, similar and popular articles. The `view-beacon` island counts this view
 * of `data-article-path` (POST /api/views): views are counted per visit in the browser, never
 * while rendering, because a memoised document is sent without rendering.
 */
export function ArticleBody({
  page,
  article,
  comments,
}: {
  page: ContentPageView;
  article: ArticleView;
  comments: CommentsSectionData;
}) {
  const { locale } = useRenderContext();
  const edited = article.editedAt !== '' && article.editedAt !== article.writtenAt;
  const breadcrumbs =
    page.breadcrumbs.length > 0
      ? page.breadcrumbs
      : [
          { text: 'Strona główna', link: '/' },
          { text: 'Blog', link: '/blog/' },
          { text: article.h1, link: '' },
        ];
  return (
    <div className="container article-layout">
      <article className="article" data-article-path={article.path} {...islandMarker('view-beacon')}>
        <Breadcrumbs items={breadcrumbs} />
        <h1>{article.h1}</h1>
        <ul className="article__facts">
          <li>
            Napisano: <time dateTime={article.writtenAt}>{formatDate(locale, article.writtenAt)}</time>
          </li>
          {edited && (
            <li>
              Zaktualizowano: <time dateTime={article.editedAt}>{formatDate(locale, article.editedAt)}</time>
            </li>
          )}
          {article.author && (
            <li>
              Autor: <a href={article.author.path}>{article.author.name}</a>
            </li>
          )}
          {article.readingTimeMinutes > 0 && <li>{`${article.readingTimeMinutes} min czytania`}</li>}
          <li>{`${formatInteger(locale, article.views)} ${plural(article.views, 'wyświetlenie', 'wyświetlenia', 'wyświetleń')}`}</li>
          <li>
            {article.ratingsAverage !== null
              ? `Ocena ${formatRating(locale, article.ratingsAverage)}/5 (${formatInteger(locale, article.ratingsCount)} ${plural(article.ratingsCount, 'ocena', 'oceny', 'ocen')})`
              : 'Brak ocen'}
          </li>
        </ul>
        {article.tags.length > 0 && (
          <ul className="article__tags" aria-label="Tematy">
            {article.tags.map((tag) => (
              <li key={tag.slug}>
                <a className="tag" href={tag.url}>
                  {tag.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {article.description !== '' && <p className="article__lead">{article.description}</p>}
        {article.imageUrl !== '' ? (
          <figure className="article__figure">
            <img src={article.imageUrl} alt={article.imageCaption} decoding="async" />
            {article.imageCaption !== '' && <figcaption>{article.imageCaption}</figcaption>}
          </figure>
        ) : (
          <figure className="article__figure">
            <ArticleCover
              className="article__cover"
              title={article.h1}
              tagSlug={article.tags[0]?.slug ?? ''}
            />
          </figure>
        )}
        <TableOfContents items={article.toc} />
        <HtmlBlock id="tresc_artykulu" className="prose" html={article.bodyHtml} />
        {article.sources.length > 0 && (
          <section className="sources" aria-labelledby="zrodla_sekcja">
            <h2 id="zrodla_sekcja">Źródła</h2>
            <ul>
              {article.sources.map((source) => (
                <li key={source.url + source.name}>
                  <a href={source.url} rel="noopener noreferrer" target="_blank">
                    {source.name}
                    <span className="visually-hidden"> (otwiera się w nowej karcie)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <Faq items={page.faq} />
        <ShareLinks url={article.shareUrl} title={article.h1} />
        <ApplyCta title="Potrzebujesz pieniędzy na już?" />
        <CommentsSection comments={comments} pagePath={article.path || page.path} />
      </article>
      <aside className="article-layout__aside" aria-label="Więcej artykułów">
        {article.similar.length > 0 && (
          <section className="aside-box">
            <h2>Podobne artykuły</h2>
            <ArticleList articles={article.similar} compact />
          </section>
        )}
        {article.popular.length > 0 && (
          <section className="aside-box">
            <h2>Popularne artykuły</h2>
            <ArticleList articles={article.popular} compact />
          </section>
        )}
      </aside>
    </div>
  );
}

import { HtmlBlock } from '../../app/components/html-block';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { RelatedLinks } from '../../app/components/related-links';
import { TableOfContents } from '../../app/components/toc';
import { useRenderContext } from '../../app/render-context';
import { type ContentPageView } from '../../app/view-types';
import { formatDate } from '../../shared/format';

/** Documents and core pages: heading, introduction, body, FAQ and related links. */
export function DocumentView({ page }: { page: ContentPageView }) {
  const { locale } = useRenderContext();
  return (
    <article className="container article">
      <Breadcrumbs items={page.breadcrumbs} />
      <h1>{page.h1}</h1>
      {page.introHtml !== '' ? (
        <div className="article__lead" dangerouslySetInnerHTML={{ __html: page.introHtml }} />
      ) : (
        page.description !== '' && <p className="article__lead">{page.description}</p>
      )}
      {page.type === 'doc' && page.updatedAt !== '' && (
        <p className="article__meta">
          Ostatnia aktualizacja: <time dateTime={page.updatedAt}>{formatDate(locale, page.updatedAt)}</time>
        </p>
      )}
      {page.toc.length > 2 && <TableOfContents items={page.toc} />}
      <HtmlBlock id="tresc-strony" className="prose" html={page.bodyHtml} />
      <Faq items={page.faq} />
      <RelatedLinks links={page.related} />
    </article>
  );
}

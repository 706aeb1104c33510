import { HtmlBlock } from '../../app/components/html-block';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { RelatedLinks } from '../../app/components/related-links';
import { TableOfContents } from '../../app/components/toc';
import { OperatorExampleNotice, fillOperatorMarkers } from '../../app/operator';
import { useRenderContext } from '../../app/render-context';
import { type ContentPageView } from '../../app/view-types';
import { formatDate } from '../../shared/format';

/**
 * Documents and core pages: heading, introduction, body, FAQ and related links. The operator
 * markers of a document's text ({{operator:…}}, app/operator/operator-markers.ts) are filled with
 * the configured operator here, so no document spells out who runs the site.
 */
export function DocumentView({ page }: { page: ContentPageView }) {
  const { locale, navigation } = useRenderContext();
  const operator = navigation.operator;
  const intro = operator
    ? fillOperatorMarkers(page.introHtml, operator)
    : { html: page.introHtml, used: false, block: false };
  const body = operator
    ? fillOperatorMarkers(page.bodyHtml, operator)
    : { html: page.bodyHtml, used: false, block: false };
  const exampleNotice =
    operator?.example === true && (intro.used || body.used) && !intro.block && !body.block;
  return (
    <article className="container article">
      <Breadcrumbs items={page.breadcrumbs} />
      <h1>{page.h1}</h1>
      {intro.html !== '' ? (
        <div className="article__lead" dangerouslySetInnerHTML={{ __html: intro.html }} />
      ) : (
        page.description !== '' && <p className="article__lead">{page.description}</p>
      )}
      {page.type === 'doc' && page.updatedAt !== '' && (
        <p className="article__meta">
          Ostatnia aktualizacja: <time dateTime={page.updatedAt}>{formatDate(locale, page.updatedAt)}</time>
        </p>
      )}
      {exampleNotice && <OperatorExampleNotice />}
      {page.toc.length > 2 && <TableOfContents items={page.toc} />}
      <HtmlBlock id="tresc-strony" className="prose" html={body.html} />
      <Faq items={page.faq} />
      <RelatedLinks links={page.related} />
    </article>
  );
}

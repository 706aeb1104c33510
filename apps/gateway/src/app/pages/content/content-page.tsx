import { HtmlBlock } from '../../components/html-block';
import { Breadcrumbs, Faq } from '../../components/page-extras';
import { type ContentPageData } from './content-data';

/** Any page the content service publishes (SEO pages, documents, about, …). */
export default function ContentPage({ data }: { data: ContentPageData }) {
  const { page } = data;
  return (
    <article className="container article">
      <Breadcrumbs items={page.breadcrumbs} />
      <h1>{page.h1}</h1>
      {page.description !== '' && <p className="article__lead">{page.description}</p>}
      <HtmlBlock id="tresc-strony" className="prose" html={page.bodyHtml} />
      <Faq items={page.faq} />
    </article>
  );
}

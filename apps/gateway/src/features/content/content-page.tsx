import { ArticleBody } from './article-view';
import { type ContentPageData } from './content-data';
import { DocumentView } from './document-view';
import { SeoView } from './seo-view';

/** Every top-level page the content service publishes, by its route type. */
export default function ContentPage({ data }: { data: ContentPageData }) {
  switch (data.kind) {
    case 'article':
      return <ArticleBody page={data.page} article={data.article} comments={data.comments} />;
    case 'seo':
      return (
        <SeoView
          page={data.page}
          offers={data.offers}
          applicantGroup={data.applicantGroup}
          formLimits={data.formLimits}
        />
      );
    case 'page':
      return <DocumentView page={data.page} />;
    default:
      // Data that does not fit (a broken loader) must fail the render, not show an empty page.
      return <DocumentView page={(data as { page: ContentPageData['page'] }).page} />;
  }
}

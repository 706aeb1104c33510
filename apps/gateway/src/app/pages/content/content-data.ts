/** What a page from the content service needs on screen; the loader maps the gRPC Page onto it. */
export interface ContentPageView {
  path: string;
  type: string;
  title: string;
  description: string;
  h1: string;
  /** Sanitized HTML from the content service; null in the inline hydration copy (read back from the DOM). */
  bodyHtml: string | null;
  updatedAt: string;
  /** Home first; an empty link marks the current page. */
  breadcrumbs: { text: string; link: string }[];
  /** Answers are sanitized HTML from the content service. */
  faq: { question: string; answerHtml: string }[];
  canonicalUrl: string;
  noindex: boolean;
}

export interface ContentPageData {
  page: ContentPageView;
}

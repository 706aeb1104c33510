import { type CommentsSection } from '../../comments/comments-data';
import { type ArticleView } from '../blog/blog-data';
import { type OfferCard } from '../home/home-data';
import { type Section } from '../section';

/** One heading of a table of contents; the anchor is an id in the body HTML. */
export interface TocItem {
  anchor: string;
  title: string;
  /** 2 for h2, 3 for h3. */
  level: number;
}

/** What a page from the content service needs on screen; the loader maps the gRPC Page onto it. */
export interface ContentPageView {
  path: string;
  type: string;
  title: string;
  description: string;
  h1: string;
  /** Introduction under the H1 (sanitised HTML); empty when the page has none. */
  introHtml: string;
  /** Sanitized HTML from the content service; null in the inline hydration copy (read back from the DOM). */
  bodyHtml: string | null;
  /** RFC 3339 */
  updatedAt: string;
  /** RFC 3339; empty when unknown. */
  publishedAt: string;
  /** Home first; an empty link marks the current page. */
  breadcrumbs: { text: string; link: string }[];
  /** Answers are sanitized HTML from the content service. */
  faq: { question: string; answerHtml: string }[];
  toc: TocItem[];
  related: { path: string; title: string }[];
  /** The page shows the offers block and the call to action of the loan journey. */
  showOffers: boolean;
  readingTimeMinutes: number;
  imageUrl: string;
  canonicalUrl: string;
  noindex: boolean;
}

/** Offers as a block of a page: the cards and how many the service lists in all. */
export interface OfferBlock {
  items: OfferCard[];
  total: number;
}

/**
 * A top-level page of the content service, by its route type: an SEO landing page (with the
 * offers block when the page asks for it), a blog article, or any other page (documents, core
 * pages), which renders as a document.
 */
export type ContentPageData =
  | { kind: 'page'; page: ContentPageView }
  | { kind: 'seo'; page: ContentPageView; offers: Section<OfferBlock> | null }
  | { kind: 'article'; page: ContentPageView; article: ArticleView; comments: CommentsSection };

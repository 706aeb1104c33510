import { type leadsV1 } from '@lib/contracts';
import { type Section } from '../../app/section';
import {
  type ArticleCard,
  type AuthorLink,
  type ContentPageView,
  type OfferBlock,
  type TagLink,
  type TocItem,
} from '../../app/view-types';
import { type CommentsSectionData } from '../comments';
import { type ApplicantGroup } from './form-limits-notice.view-model';

/** A blog article page (the body comes from the content service as sanitised HTML). */
export interface ArticleView {
  path: string;
  /** Absolute URL to share (the canonical one). */
  shareUrl: string;
  h1: string;
  description: string;
  /** Sanitized HTML from the content service. */
  bodyHtml: string;
  imageUrl: string;
  imageCaption: string;
  writtenAt: string;
  editedAt: string;
  views: number;
  readingTimeMinutes: number;
  ratingsCount: number;
  /** Average of the ratings (1–5); null without ratings. */
  ratingsAverage: number | null;
  commentsCount: number;
  author: AuthorLink | null;
  tags: TagLink[];
  toc: TocItem[];
  similar: ArticleCard[];
  popular: ArticleCard[];
  sources: { name: string; url: string }[];
}

/**
 * A top-level page of the content service, by its route type: an SEO landing page (with the
 * offers block when the page asks for it), a blog article, or any other page (documents, core
 * pages), which renders as a document.
 */
export type ContentPageData =
  | { kind: 'page'; page: ContentPageView }
  | {
      kind: 'seo';
      page: ContentPageView;
      offers: Section<OfferBlock> | null;
      /** The group of borrowers the page speaks to; null when it names none (or shows no block). */
      applicantGroup: ApplicantGroup | null;
      /** What the application form accepts (GetApplicationLimits), for that group; null without one. */
      formLimits: Section<leadsV1.ApplicationLimits> | null;
    }
  | { kind: 'article'; page: ContentPageView; article: ArticleView; comments: CommentsSectionData };

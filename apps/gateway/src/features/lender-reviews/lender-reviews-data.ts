import { type Section } from '../../app/section';
import { type ContentPageView, type OfferBlock, type OfferCard } from '../../app/view-types';
import { type CommentsSectionData } from '../comments';
import { type LenderFactsView } from '../../app/figures/lender-facts.view-model';

/** Where the lender reviews live (app/site-paths: offer cards link the reviews too). */
export { LENDER_REVIEWS_PATH } from '../../app/site-paths/lender-reviews';

/** A lender in the review listing. */
export interface LenderCard {
  slug: string;
  path: string;
  name: string;
  logoUrl: string;
  reviewsCount: number;
  /** Average review rating (1–5); null without reviews. */
  ratingAverage: number | null;
}

/** /opinie-o-pozyczkach/: editorial copy (hero, FAQ) from the content page, the lenders, offers. */
export interface LenderReviewsData {
  page: ContentPageView;
  lenders: LenderCard[];
  offers: Section<OfferBlock>;
}

export interface LenderReviewView extends LenderCard {
  title: string;
  subtitle: string;
  description: string;
  faq: { question: string; answerHtml: string }[];
  /** Sanitised HTML. */
  bodyHtml: string;
}

export interface LenderReviewData {
  review: LenderReviewView;
  /**
   * The lender's current offer: null when the review names none; a missing or inactive offer
   * (ok with null) and an offers service that did not answer both invite the visitor to compare.
   */
  offer: Section<OfferCard | null> | null;
  /** The facts block from the offers service's lender facts (one source with the offers). */
  facts: Section<LenderFactsView>;
  /** Published comments (reviews) with the form under them. */
  comments: CommentsSectionData;
}

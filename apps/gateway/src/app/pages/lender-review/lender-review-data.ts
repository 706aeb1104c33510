import { type CommentsSection } from '../../comments/comments-data';
import { type OfferCard } from '../home/home-data';
import { type LenderCard } from '../lender-reviews/lender-reviews-data';
import { type Section } from '../section';

export interface LenderReviewView extends LenderCard {
  title: string;
  subtitle: string;
  description: string;
  faq: { question: string; answerHtml: string }[];
  /** Lender facts as label and value. */
  info: { label: string; value: string }[];
  /** 'YYYY-MM-DD' the facts were checked; empty when unknown. */
  infoCheckedAt: string;
  /** Sanitised HTML; null in the inline hydration copy. */
  bodyHtml: string | null;
}

export interface LenderReviewData {
  review: LenderReviewView;
  /**
   * The lender's current offer: null when the review names none; a missing or inactive offer
   * (ok with null) and an offers service that did not answer both invite the visitor to compare.
   */
  offer: Section<OfferCard | null> | null;
  /** Published comments (reviews) with the form under them. */
  comments: CommentsSection;
}

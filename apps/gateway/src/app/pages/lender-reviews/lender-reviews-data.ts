import { type ContentPageView, type OfferBlock } from '../content/content-data';
import { type Section } from '../section';

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

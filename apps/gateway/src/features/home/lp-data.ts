import { type Section } from '../../app/section';
import { type CalculatorData } from './home-data';

/** One visitor's published rating of a lender, as the campaign page quotes it. */
export interface LenderRatingView {
  id: string;
  lender: string;
  /** Where it is published: the lender review page, at the comment. */
  link: string;
  author: string;
  /** The comment, cut at a word near QUOTE_LENGTH with '…' when longer (the link shows it whole). */
  text: string;
  /** 1–5. */
  rating: number;
  /** RFC 3339: when it was written. */
  writtenAt: string;
  /** All published ratings of that lender and their average (one decimal, Polish). */
  lenderRatings: number;
  lenderAverage: string;
}

/** The latest published ratings of lenders and how many there are in all. */
export interface RecentRatingsView {
  total: number;
  ratings: LenderRatingView[];
}

export interface LandingData extends CalculatorData {
  /** Null when nothing rated is published: the page then has no reviews block. */
  ratings: Section<RecentRatingsView | null>;
}

/** How many of the latest ratings the campaign page quotes. */
export const LANDING_RATINGS_LIMIT = 3;
/** Longest quote before it is cut. */
export const QUOTE_LENGTH = 280;

import { type NameForms } from '@lib/pl-format';
import { type Section } from '../../app/section';
import { type ArticleCard, type OfferBlock, type OfferCard } from '../../app/view-types';
import { type OfferFilters } from './offer-filters';

/** The three list layouts of /offers/, /offers2/ and /offers3/: cards, a compact list, tiles. */
export type OffersLayout = 'cards' | 'compact' | 'tiles';

/** Offers listed on a list page (the ranking is the service's; the gateway keeps its order). */
export const OFFERS_PAGE_LIMIT = 50;

export interface OffersPageData {
  layout: OffersLayout;
  /** The page's own address, the filter form's action. */
  path: string;
  filters: OfferFilters;
  offers: OfferBlock;
}

/** The campaigns' landing pages, each at `/landing/<kind>/` (offers.routes.ts). */
export type LandingKind = 'offers' | 'redirector' | 'rejected' | 'rejected2' | 'trafficback';

/** The landings a lender's refusal leads to (application-status: every delivery rejected). */
export const REFUSAL_LANDINGS: ReadonlySet<LandingKind> = new Set(['rejected', 'rejected2']);

/**
 * The content's tag of the articles about debt (content/tags.yaml): the refusal landings link to
 * them, and to its listing, before any new application.
 */
export const DEBT_ADVICE_TAG = 'zadluzenie';
export const DEBT_ADVICE_PATH = `/blog/${DEBT_ADVICE_TAG}/`;
/** Articles the refusal landings list. */
export const DEBT_ADVICE_LIMIT = 4;

export interface LandingPageData {
  kind: LandingKind;
  /** MatchOffers for the default request; null on pages that show no list. */
  offers: OfferBlock | null;
  /** The refusal landings' articles about debt (a section of their own); null on the other landings. */
  advice: Section<ArticleCard[]> | null;
}

/** /lenders/{id}/: one lender and its current offers. */
export interface LenderOfferData {
  lenderId: string;
  name: string;
  /** The name in the cases the page's sentences need ('Warunki pożyczki w Pożyczce Plus'). */
  names: NameForms;
  website: string;
  /** The lender's review page; '' when the site has none. */
  reviewPath: string;
  /** Active offers of the lender (position = their order here). */
  offers: OfferCard[];
}

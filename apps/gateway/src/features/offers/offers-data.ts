import { type NameForms } from '@lib/pl-format';
import { type OfferBlock, type OfferCard } from '../../app/view-types';
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

export interface LandingPageData {
  kind: LandingKind;
  /** MatchOffers for the default request; null on pages that show no list. */
  offers: OfferBlock | null;
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

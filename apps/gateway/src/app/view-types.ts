import { type NameForms } from '@lib/pl-format';

/**
 * What several features show: the view shapes they share, in one place every feature imports
 * from (a feature never reaches into another for a type). Components never see protobuf types;
 * the shared mappings that fill these are in view-models/.
 */

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
  /** Sanitized HTML from the content service. */
  bodyHtml: string;
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

export interface OfferCard {
  id: string;
  name: string;
  /** The reviewed brand's name in the cases sentences need ('Opinie o Pożyczce Plus'). */
  names: NameForms;
  link: string;
  /**
   * Decimal string such as '4.8'; empty unless the feed gave a rating with its count and source
   * (drawn or unsourced stars are never shown as a rating).
   */
  stars: string;
  /** How many ratings `stars` averages and who collected them; 0 and '' with no stars. */
  ratingCount: number;
  ratingSource: string;
  /** 'Porównywarka, nie pożyczkodawca' and the like for a brand that does not lend; '' for a lender. */
  notALenderLabel: string;
  amountMinGrosze: number;
  amountMaxGrosze: number;
  periodMinDays: number;
  periodMaxDays: number;
  /** Youngest and oldest borrower the offer takes, as its feed states them; 0 when it does not say. */
  ageMin: number;
  ageMax: number;
  aprBasisPoints: number;
  firstLoanFree: boolean;
  /** Up to which amount the first loan is free (grosze); 0 when unknown or not free. */
  firstLoanFreeMaxGrosze?: number;
  tags: string[];
  /** Path of the lender's review page, e.g. '/vivus/'; empty when the site has none. */
  reviewPath: string;
  /** A paid placement: labelled 'Oferta sponsorowana', never shown as a ranking result. */
  sponsored: boolean;
  /** 1-based place in the list shown (the click record's position). */
  position: number;
  /** The offer comes from the sample feed bundled with the product: its list carries the sample notice. */
  sample: boolean;
  /** Day the offer's feed was fetched, 'YYYY-MM-DD'; the date its figures are stated with ('' when unknown). */
  asOf: string;
  /**
   * The representative example consumer-credit advertising requires next to any cost figure
   * (rate, total cost, total payable, RRSO, term), from the offers service; null when the
   * service gives none, and then the card shows no cost figure at all.
   */
  example: CostExample | null;
  /**
   * No cost may be shown for the amount and period asked (the feed states only the free first
   * loan's terms, and it does not cover them): the card says the cost is unknown, with no example.
   */
  costUnknown?: boolean;
}

/** A representative example of one offer for one amount and term (money in grosze). */
export interface CostExample {
  amountGrosze: number;
  periodDays: number;
  /** Nominal annual interest rate, basis points. */
  interestRateBp: number;
  /** Interest plus fees. */
  totalCostGrosze: number;
  /** Amount plus total cost. */
  totalPayableGrosze: number;
  /** RRSO in percent, a decimal string such as '36.54'. */
  rrsoPercent: string;
  /** Number of payments (1: repaid at once). */
  payments: number;
  /** A first loan of this amount and term costs nothing for a new client. */
  firstLoanFreeApplies: boolean;
}

/** Where an offer list is shown; the click record's 'sub7' (libs/tracking, offerClick). */
export type OfferListSource = 'offers' | 'home' | 'seo' | 'lender' | 'landing';

/** Offers able to lend the amount asked only for another period, all priced at this one. */
export interface OtherPeriodGroup {
  periodDays: number;
  offers: OfferCard[];
}

/** Offers as a block of a page: the cards and how many the service lists in all. */
export interface OfferBlock {
  /** Ranked offers able to lend the amount for the period asked. */
  items: OfferCard[];
  /** All offers able to lend the amount for the period asked (the count a list states). */
  total: number;
  /** Paid placements that fit, shown labelled and apart from the ranked items. */
  sponsored: OfferCard[];
  /**
   * Comparison sites and credit intermediaries that fit: apart, never ranked or counted, and with
   * no cost of their own (it depends on the lender they pass the application to).
   */
  intermediaries: OfferCard[];
  /** The block's heading: what it shows, worded from its request ('Chwilówki …: 1 000 zł na 61 dni'). */
  label: string;
  /** The amount (zł) and period (days) asked for. */
  request: { amountZl: number; periodDays: number };
  /** Offers able to lend the amount only for another period, apart, nearest period first. */
  otherPeriod: OtherPeriodGroup[];
  /** All such offers (the groups may hold fewer). */
  otherPeriodTotal: number;
  /** What the page asks for that no feed states ('business', 'without_credit_check'): then no offer fits. */
  unsupported: string[];
  /** Where the block sends the visitor when no offer fits. */
  fallback: { path: string; title: string };
}

/** An article in lists: blog pages, tag pages, author pages, similar and popular articles. */
export interface ArticleCard {
  path: string;
  title: string;
  excerpt: string;
  imageUrl: string;
  imageCaption: string;
  /** 'YYYY-MM-DD' */
  writtenAt: string;
  /** 'YYYY-MM-DD'; empty when never edited. */
  editedAt: string;
  views: number;
  readingTimeMinutes: number;
  /** The first tag's slug: the colour of the designed cover shown when there is no image. */
  tagSlug?: string;
}

export interface TagLink {
  slug: string;
  name: string;
  /** Listing path, '/blog/<slug>/'. */
  url: string;
  articlesCount: number;
}

export interface AuthorLink {
  name: string;
  role: string;
  /** '/autor/<slug>/' */
  path: string;
  imageUrl: string;
}

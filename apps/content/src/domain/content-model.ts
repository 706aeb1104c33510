import { type TocEntry } from './markdown';

export type RouteType = 'page' | 'seo' | 'doc' | 'blog' | 'tag' | 'author' | 'lender';

export interface FaqEntry {
  question: string;
  answerHtml: string;
}

/** An SEO page's offers block as declared in its front matter (content/README.md, "The offers block"). */
export interface OfferBlockRecord {
  amountZl: number;
  periodDays: number;
  /** Feed product types; empty: any. */
  productTypes: string[];
  firstLoanFreeOnly: boolean;
  /** Borrower ages every offer must take; 0: that end not asked. */
  ageFrom: number;
  ageTo: number;
  business: boolean;
  withoutCreditCheck: boolean;
  /** Page an empty block sends the visitor to; '' for the offers list of the same amount and period. */
  fallbackPath: string;
  /**
   * The group of borrowers the page speaks to (front matter `offers.applicants`); absent when it
   * names none. Ages 0: that end not named; documents held instead of a Polish ID card.
   */
  applicants?: { ageFrom: number; ageTo: number; documents: string[] };
}

/** What every published path stores, whatever its kind: the row of content.pages. */
export interface RouteRecord {
  path: string;
  type: RouteType;
  /** Route metadata `link`: the path, or the slug for tags. */
  link: string;
  title: string;
  description: string;
  h1: string;
  bodyHtml: string;
  introHtml: string;
  faq: FaqEntry[];
  related: string[];
  toc: TocEntry[];
  wordCount: number;
  readingMinutes: number;
  showOffers: boolean;
  /** What the page's offers block shows (front matter `offers`); null when it shows none or is not an SEO page. */
  offerBlock: OfferBlockRecord | null;
  /** Editorial dates (YYYY-MM-DD); null where the file has none (tags, authors): the import's time is used. */
  publishedOn: string | null;
  updatedOn: string | null;
  /** As shown in messages: `content/pages/x.md`, or `content/tags.yaml#kredyty` for list entries. */
  sourceFile: string;
  /** sha256 (hex) of the source; an unchanged hash means nothing to write. */
  contentHash: string;
}

export interface ArticleSource {
  name: string;
  url: string;
}

export interface ArticleRecord {
  route: RouteRecord;
  slug: string;
  authorSlug: string;
  tags: string[];
  written: string;
  edited: string;
  sources: ArticleSource[];
}

export interface AuthorRecord {
  route: RouteRecord;
  slug: string;
  name: string;
  role: string;
}

export interface TagRecord {
  route: RouteRecord;
  slug: string;
  name: string;
  description: string;
  position: number;
}

export interface LenderInfo {
  company: string | null;
  amount: string | null;
  period: string | null;
  firstLoanFree: boolean | null;
  checked: string;
}

export interface LenderRecord {
  route: RouteRecord;
  slug: string;
  name: string;
  subtitle: string;
  info: LenderInfo;
}

export interface MenuLinkDoc {
  text: string;
  link: string;
  icon: string;
}

export interface MenuColumnDoc {
  id: string;
  title: string;
  links: MenuLinkDoc[];
}

/** navigation.yaml as stored (one JSON document) and served. */
export interface NavigationDocument {
  menuGroups: { title: string; imageUrl: string; columns: MenuColumnDoc[] }[];
  footerColumns: MenuColumnDoc[];
  dataRemovalLink: MenuLinkDoc;
  partners: { name: string; imageUrl: string; link: string }[];
}

export interface NavigationRecord {
  document: NavigationDocument;
  sourceFile: string;
  contentHash: string;
}

/** Everything one import writes, validated and rendered. */
export interface ContentBundle {
  pages: RouteRecord[];
  articles: ArticleRecord[];
  authors: AuthorRecord[];
  tags: TagRecord[];
  lenders: LenderRecord[];
  navigation: NavigationRecord;
}

export const allRoutes = (bundle: ContentBundle): RouteRecord[] => [
  ...bundle.pages,
  ...bundle.articles.map((a) => a.route),
  ...bundle.authors.map((a) => a.route),
  ...bundle.tags.map((t) => t.route),
  ...bundle.lenders.map((l) => l.route),
];

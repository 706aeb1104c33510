/**
 * The page type of a site path, for analysts grouping page views (events service enrichment) and
 * for the funnel. Pure and total: any string gets a type, 'other' when it is no site path.
 */
export const PAGE_TYPES = [
  'home',
  'application',
  'offers',
  'offer',
  'landing',
  'blog',
  'author',
  'lender_review',
  'calendar',
  'calculator',
  'currency',
  'form',
  'content',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const EXACT: Record<string, PageType> = {
  '/': 'home',
  '/lp/': 'home',
  '/application/': 'application',
  '/process/': 'application',
  '/transition/': 'application',
  '/reg/': 'application',
  '/reg2/': 'application',
  '/main/': 'application',
  '/offers/': 'offers',
  '/offers2/': 'offers',
  '/offers3/': 'offers',
  '/landing/offers/': 'offers',
  '/landing/redirector/': 'offers',
  '/kalkulator-kredytowy/': 'calculator',
  '/kontakt/': 'form',
  '/wspolpraca/': 'form',
  '/unsubscribe/': 'form',
};

const PREFIXES: readonly [string, PageType][] = [
  ['/lenders/', 'offer'],
  ['/landing/', 'landing'],
  ['/blog/', 'blog'],
  ['/autor/', 'author'],
  ['/opinie-o-pozyczkach/', 'lender_review'],
  ['/kalkulator-walutowy/', 'currency'],
  ['/kursy-walut-w-bankach/', 'currency'],
];

const SITE_PATH = /^\/[^\s?#]*$/;

/** The page type of a path (query and fragment ignored, a missing trailing slash tolerated). */
export function pageTypeOf(rawPath: string): PageType {
  let path = rawPath.split(/[?#]/, 1)[0] ?? '';
  if (!SITE_PATH.test(path)) return 'other';
  if (!path.endsWith('/')) path += '/';
  path = path.toLowerCase();
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, type] of PREFIXES) if (path.startsWith(prefix)) return type;
  if (/^\/kalendarz-\d{4}\/$/.test(path)) return 'calendar';
  return 'content';
}

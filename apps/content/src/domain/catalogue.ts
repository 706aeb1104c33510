/** Lender review slugs the product spec lists (point 2, "Lender reviews"); no others are published. */
export const LENDER_SLUGS = [
  'vivus',
  'smart-pozyczka',
  'wandoo',
  'finbo',
  'netcredit',
  'rupi',
  'super-grosz',
  'kuki',
  'oros',
  'alfa-kredyt',
  'bycard',
  'miloan',
  'feniko',
  'wonga',
  'provident',
  'cashspace',
  'ekspres-pozyczka',
  'kasa-stefczyka',
  'zefin',
  'smartney',
  'szybka-gotowka',
  'tarata',
  'youmoney',
  'kredytok',
  'avinto',
  'ekassa',
  'opena',
  'pozyczka-plus',
] as const;

/** The blog's tags: a fixed list of 14; tags.yaml must hold exactly these. */
export const TAG_SLUGS = [
  'pozyczki-pozabankowe',
  'kredyty',
  'finanse-domowe',
  'poradnik-pozyczkobiorcy',
  'edukacja-finansowa',
  'aktualnosci-z-rynku',
  'gospodarka',
  'praca-i-kariera',
  'swiadczenia-i-zasilki',
  'styl-zycia',
  'zadluzenie',
  'technologie',
  'finanse-firmowe',
  'kalendarz',
] as const;

/** Footer column keys of navigation.yaml, in display order. */
export const FOOTER_COLUMNS = ['loans', 'credits', 'cities', 'company'] as const;

export const BLOG_PATH = '/blog/';
export const LENDER_LISTING_PATH = '/opinie-o-pozyczkach/';
export const tagPath = (slug: string) => `${BLOG_PATH}${slug}/`;
export const authorPath = (slug: string) => `/autor/${slug}/`;
export const lenderPath = (slug: string) => `${LENDER_LISTING_PATH}${slug}/`;
export const articlePath = (slug: string) => `/${slug}/`;
/** The slug of the article a path would hold (articlePath's inverse); undefined for a path of more or fewer parts. */
export const articleSlugOf = (path: string): string | undefined => /^\/([^/]+)\/$/.exec(path)?.[1];

import { isCurrencyCode } from '@lib/currencies';
import { type contentV1, ratesV1 } from '@lib/contracts';
import { MAX_YEAR, MIN_YEAR } from '@lib/pl-calendar';
import { type GatewayServices } from '../../app/services';
import { BLOG_PAGE_SIZE, blogPagePath } from '../../app/site-paths/blog';
import { calendarPath } from '../../app/site-paths/calendar';
import { OFFER_REDIRECT_PREFIX, OFFERS_PATH } from '../../app/site-paths/offers';
import { BANK_RATES_PATH, CONVERTER_PATH, bankPath, currencyPairPath } from '../../app/site-paths/rates';
import { escapeHtml } from '../render/html';

/** One <url> of sitemap.xml. */
export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** 'YYYY-MM-DD'; empty when unknown (the element is then left out, as the protocol allows). */
  lastmod: string;
}

/** The sitemap protocol's limit per file; far above this site's few hundred pages. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapSources {
  services: GatewayServices;
  /** PUBLIC_ORIGIN without a trailing slash. */
  origin: string;
  /** Today in the site's time zone ('YYYY-MM-DD'). */
  today: string;
  /** When the running client build was made (RFC 3339): the date pages computed by code last changed. */
  builtAt: string;
}

/** 'YYYY-MM-DD' from a date or RFC 3339 timestamp; '' when it is neither. */
export function w3cDate(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(value);
  return match?.[1] ?? '';
}

const newest = (dates: string[]): string => dates.map(w3cDate).filter(Boolean).sort().at(-1) ?? '';

/**
 * Every public page: the content service's entries (pages, articles, tags, authors, lender
 * reviews, documents) and the addresses the gateway itself serves — the home page, the blog
 * listing and tag pages beyond the first, and the holiday calendar of this year and the next.
 * When two sources name the same URL, the first one wins.
 */
export async function collectSitemap({ services, origin, today, builtAt }: SitemapSources): Promise<SitemapUrl[]> {
  const { content } = services;
  const [entries, blog, tags] = await Promise.all([
    content.listSitemapEntries({ baseUrl: origin }),
    content.listArticles({ page: { page: 1, pageSize: BLOG_PAGE_SIZE }, tagSlug: '', authorId: 0, authorSlug: '' }),
    content.listTags({}),
  ]);
  const absolute = (pathOrUrl: string) => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);
  const fromContent = new Map(entries.entries.map((entry) => [absolute(entry.loc), w3cDate(entry.lastmod)]));
  const articles = await allArticles(services, blog);
  const blogUpdated = newest(articles.map(articleUpdated));
  // Tag and author pages change when one of their articles does: dated by its newest edit, never by the import.
  const listingDates = await articleListingDates(services, articles, { tags: tags.tags.map((tag) => tag.slug), locs: [...fromContent.keys()], origin });
  for (const [path, lastmod] of listingDates) {
    fromContent.set(absolute(path), lastmod);
  }
  const urls: SitemapUrl[] = [];
  const add = (path: string, lastmod: string) => urls.push({ loc: absolute(path), lastmod });

  // Offers and exchange rates on the home page change every day.
  add('/', today);
  // The offer list (its first layout; the others and the landings are noindex) follows the feeds.
  add(OFFERS_PATH, today);
  const blogPages = Math.max(1, blog.pageInfo?.totalPages ?? 1);
  for (let page = 1; page <= blogPages; page += 1) add(blogPagePath(null, page), blogUpdated);
  for (const tag of tags.tags) {
    const tagUpdated = fromContent.get(absolute(blogPagePath(tag.slug, 1))) || blogUpdated;
    const pages = Math.max(1, Math.ceil(tag.articlesCount / BLOG_PAGE_SIZE));
    for (let page = 1; page <= pages; page += 1) add(blogPagePath(tag.slug, page), tagUpdated);
  }
  const year = Number(today.slice(0, 4));
  for (const shown of [year, year + 1]) {
    if (shown >= MIN_YEAR && shown <= MAX_YEAR) add(calendarPath(shown), w3cDate(builtAt));
  }
  // The loan calculator is code: it changes with a build.
  add('/kalkulator-kredytowy/', w3cDate(builtAt));
  // So is the eligibility quiz.
  add('/sprawdz-szanse/', w3cDate(builtAt));
  // The contact and partner programme forms are code too (/unsubscribe/ is noindex: not listed).
  add('/kontakt/', w3cDate(builtAt));
  add('/wspolpraca/', w3cDate(builtAt));
  for (const url of await ratesSitemapPaths(services, today)) add(url.loc, url.lastmod);

  const seen = new Set<string>();
  const all: SitemapUrl[] = [];
  for (const url of [...[...fromContent].map(([loc, lastmod]) => ({ loc, lastmod })), ...urls]) {
    if (seen.has(url.loc) || !url.loc.startsWith(`${origin}/`)) continue;
    seen.add(url.loc);
    all.push(url);
  }
  return all.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
}

/** The date an article last changed: its edit, or when never edited, its writing. */
const articleUpdated = (article: contentV1.ArticleSummary): string => article.editedAt || article.writtenAt;

/** Every published article, page by page from the blog listing's first page (already fetched). */
async function allArticles(services: GatewayServices, first: contentV1.ListArticlesResponse): Promise<contentV1.ArticleSummary[]> {
  const totalPages = Math.max(1, first.pageInfo?.totalPages ?? 1);
  const rest = await Promise.all(
    Array.from({ length: totalPages - 1 }, (_, index) =>
      services.content.listArticles({ page: { page: index + 2, pageSize: BLOG_PAGE_SIZE }, tagSlug: '', authorId: 0, authorSlug: '' }),
    ),
  );
  return [first, ...rest].flatMap((page) => page.articles);
}

const AUTHOR_PATH = /\/autor\/([a-z0-9-]+)\/$/;

/**
 * lastmod of the tag pages ('/blog/<tag>/') and author pages ('/autor/<slug>/'): the newest
 * edited (or written) date of their articles. A page without articles, or an author the content
 * service cannot name now, keeps the service's own date.
 */
export async function articleListingDates(
  services: GatewayServices,
  articles: readonly contentV1.ArticleSummary[],
  { tags, locs, origin }: { tags: readonly string[]; locs: readonly string[]; origin: string },
): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  const tagSlugs = new Set([...tags, ...articles.flatMap((article) => article.tagSlugs)]);
  const setIfKnown = (path: string, lastmod: string) => {
    if (lastmod !== '') dates.set(path, lastmod);
  };
  for (const slug of tagSlugs) {
    setIfKnown(blogPagePath(slug, 1), newest(articles.filter((article) => article.tagSlugs.includes(slug)).map(articleUpdated)));
  }
  const authorSlugs = locs.flatMap((loc) => {
    if (!loc.startsWith(`${origin}/`)) return [];
    const match = AUTHOR_PATH.exec(loc.slice(origin.length));
    return match ? [match[1]!] : [];
  });
  await Promise.all(
    authorSlugs.map(async (slug) => {
      try {
        const author = await services.content.getAuthor({ slug, id: 0, page: { page: 1, pageSize: 1 } });
        const id = author.summary?.id;
        if (id === undefined) return;
        setIfKnown(`/autor/${slug}/`, newest(articles.filter((article) => article.authorId === id).map(articleUpdated)));
      } catch {
        // the service's own date stays
      }
    }),
  );
  return dates;
}

/**
 * The rates pages: the converter and the bank list (always: they are the gateway's own), a pair
 * page against the złoty for every currency of NBP tables A and B the site names, and every
 * bank's page, each dated by its newest table. While the rates service does not answer, only the
 * two fixed pages are listed (the sitemap is not withheld for them).
 */
export async function ratesSitemapPaths(services: GatewayServices, today: string): Promise<SitemapUrl[]> {
  const orNull = async <T>(call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch {
      return null;
    }
  };
  const [tableA, tableB, banks] = await Promise.all([
    orNull(() => services.rates.getLatestTable({ table: ratesV1.TableType.A })),
    orNull(() => services.rates.getLatestTable({ table: ratesV1.TableType.B })),
    orNull(() => services.rates.listBanks({})),
  ]);
  const urls: SitemapUrl[] = [
    { loc: CONVERTER_PATH, lastmod: tableA?.effectiveDate ?? today },
    { loc: BANK_RATES_PATH, lastmod: newest(banks?.banks.map((bank) => bank.latestTableDate) ?? []) || today },
  ];
  const seen = new Set<string>(['PLN']);
  for (const table of [tableA, tableB]) {
    for (const rate of table?.rates ?? []) {
      const code = rate.code.toUpperCase();
      if (seen.has(code) || !isCurrencyCode(code)) continue;
      seen.add(code);
      urls.push({ loc: currencyPairPath(code, 'PLN'), lastmod: w3cDate(table?.effectiveDate ?? '') });
    }
  }
  for (const bank of banks?.banks ?? []) urls.push({ loc: bankPath(bank.slug), lastmod: w3cDate(bank.latestTableDate) });
  return urls;
}

/** sitemap.xml text: UTF-8, entity-escaped locations, one <url> per page. */
export function renderSitemapXml(urls: readonly SitemapUrl[]): string {
  const lines = urls.map(
    (url) => `<url><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${lines.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled except the API and the page-data JSON. */
export function renderRobotsTxt(origin: string): string {
  // The offer redirect records a click: crawlers have no business there.
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', `Disallow: ${OFFER_REDIRECT_PREFIX}`, 'Disallow: /*_payload.json', '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}

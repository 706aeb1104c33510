import { contentV1 } from '@lib/contracts';
import { type GatewayServices } from '../../app/services';
import { BLOG_PAGE_SIZE, blogPagePath } from '../../app/site-paths/blog';
import { OFFER_REDIRECT_PREFIX } from '../../app/site-paths/offers';
import { type AnyRoute } from '../../app/route-types';
import { type SitemapEntry, w3cDate } from '../../app/seo/sitemap-entry';
import { escapeHtml } from '../render/html';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The address robots.txt names: the sitemap index, which lists the sitemap files. */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/**
 * The sitemap's files by section: the blog (articles, tags, authors and the listing pages, which
 * grow with every article) apart from the site's other pages, so that publishing an article
 * changes the blog's files and their dates in the index, and a crawler can leave the rest.
 */
export const SITEMAP_SECTIONS = ['strony', 'blog'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/**
 * Addresses per sitemap file. The protocol allows 50 000; a thousand keeps a file near 100 KB and
 * its answer cheap however much the content grows, since more addresses make more files.
 */
export const SITEMAP_FILE_URLS = 1000;

/** An address of the sitemap with the section whose files list it. */
export interface SectionedSitemapEntry extends SitemapEntry {
  section: SitemapSection;
}

/** One sitemap file: its site path, the newest date of its addresses ('' when none has one), its addresses. */
export interface SitemapFile {
  path: string;
  lastmod: string;
  urls: readonly SitemapEntry[];
}

/** '/sitemap-blog-2.xml': the second file of the blog's section (files count from 1). */
export const sitemapFilePath = (section: SitemapSection, page: number): string =>
  `/sitemap-${section}-${page}.xml`;

const SITEMAP_FILE_PATH = new RegExp(`^/sitemap-(?:${SITEMAP_SECTIONS.join('|')})-[1-9][0-9]{0,5}\\.xml$`);

/** Whether a path has the form of a sitemap file's (whether that file exists depends on the content). */
export const isSitemapFilePath = (path: string): boolean => SITEMAP_FILE_PATH.test(path);

/** Content types whose pages belong to the blog's section; everything else is a page of the site. */
const BLOG_TYPES: ReadonlySet<contentV1.RouteType> = new Set([
  contentV1.RouteType.BLOG,
  contentV1.RouteType.TAG,
  contentV1.RouteType.AUTHOR,
]);

export interface SitemapSources {
  services: GatewayServices;
  /** PUBLIC_ORIGIN without a trailing slash. */
  origin: string;
  /** Today in the site's time zone ('YYYY-MM-DD'). */
  today: string;
  /** When the running client build was made (RFC 3339): the date pages computed by code last changed. */
  builtAt: string;
  /** The routes that declare their sitemap addresses (the app's route table). */
  routes: readonly AnyRoute[];
}

/**
 * Every public page, with its section: the content service's entries (pages, articles, tags,
 * authors, lender reviews, documents) and the addresses the gateway itself serves — the home
 * page, the blog listing and tag pages beyond the first, and the holiday calendar of this year and
 * the next. When two sources name the same URL, the first one wins. Sorted by URL.
 */
export async function collectSitemap({
  services,
  origin,
  today,
  builtAt,
  routes,
}: SitemapSources): Promise<SectionedSitemapEntry[]> {
  // One call, whatever the number of articles: the service counts and dates the listings, and
  // already dates the tag and author pages by their newest article.
  const listed = await services.content.listSitemapEntries({ baseUrl: origin });
  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
  const fromContent = new Map(
    listed.entries.map((entry): [string, SectionedSitemapEntry] => {
      const loc = absolute(entry.loc);
      const section = BLOG_TYPES.has(entry.type) ? 'blog' : 'strony';
      return [loc, { loc, lastmod: w3cDate(entry.lastmod), section }];
    }),
  );
  const urls: SectionedSitemapEntry[] = [];
  const add = (path: string, lastmod: string, section: SitemapSection) =>
    urls.push({ loc: absolute(path), lastmod, section });

  // A content service older than the listings sends none: only the first pages are listed then.
  const blog = listed.blog ?? { articlesCount: 0, lastmod: '' };
  const blogUpdated = w3cDate(blog.lastmod);
  for (let page = 1; page <= listingPages(blog.articlesCount); page += 1)
    add(blogPagePath(null, page), blogUpdated, 'blog');
  for (const tag of listed.tags) {
    // A tag without articles keeps its page's own date, as the content service lists it.
    const tagUpdated =
      w3cDate(tag.lastmod) || fromContent.get(absolute(blogPagePath(tag.slug, 1)))?.lastmod || blogUpdated;
    for (let page = 1; page <= listingPages(tag.articlesCount); page += 1)
      add(blogPagePath(tag.slug, page), tagUpdated, 'blog');
  }
  // The gateway's own pages, as each route declares them (app/seo/sitemap-entry.ts).
  const builtOn = w3cDate(builtAt);
  const declared = await Promise.all(
    routes.map(async (route): Promise<readonly SitemapEntry[]> => {
      const sitemap = route.sitemap;
      if (!sitemap) return [];
      if ('lastmod' in sitemap)
        return [{ loc: route.pattern, lastmod: sitemap.lastmod === 'today' ? today : builtOn }];
      return sitemap.entries({ services, today, builtOn });
    }),
  );
  for (const entry of declared.flat()) add(entry.loc, entry.lastmod, 'strony');

  const seen = new Set<string>();
  const all: SectionedSitemapEntry[] = [];
  for (const url of [...fromContent.values(), ...urls]) {
    if (seen.has(url.loc) || !url.loc.startsWith(`${origin}/`)) continue;
    seen.add(url.loc);
    all.push(url);
  }
  return all.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
}

/** Pages of a listing of this many articles at the blog's page size; an empty listing still has its first. */
const listingPages = (articlesCount: number): number =>
  Math.max(1, Math.ceil(articlesCount / BLOG_PAGE_SIZE));

/**
 * The sitemap's files: each section's addresses (in URL order) cut into files of
 * SITEMAP_FILE_URLS, each dated by its newest address. A section without addresses has no file.
 */
export function sitemapFiles(entries: readonly SectionedSitemapEntry[]): SitemapFile[] {
  const files: SitemapFile[] = [];
  for (const section of SITEMAP_SECTIONS) {
    const listed = entries.filter((entry) => entry.section === section);
    for (let start = 0; start < listed.length; start += SITEMAP_FILE_URLS) {
      const urls = listed
        .slice(start, start + SITEMAP_FILE_URLS)
        .map(({ loc, lastmod }): SitemapEntry => ({ loc, lastmod }));
      const lastmod = urls.reduce((newest, url) => (url.lastmod > newest ? url.lastmod : newest), '');
      files.push({ path: sitemapFilePath(section, start / SITEMAP_FILE_URLS + 1), lastmod, urls });
    }
  }
  return files;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const lastmodTag = (lastmod: string): string => (lastmod ? `<lastmod>${lastmod}</lastmod>` : '');

/** A sitemap file's text: UTF-8, entity-escaped locations, one <url> per page. */
export function renderSitemapXml(urls: readonly SitemapEntry[]): string {
  const lines = urls.map((url) => `<url><loc>${escapeHtml(url.loc)}</loc>${lastmodTag(url.lastmod)}</url>`);
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${lines.join('\n')}\n</urlset>\n`;
}

/** The sitemap index's text: one <sitemap> per file, on the public origin, dated by its newest address. */
export function renderSitemapIndexXml(origin: string, files: readonly SitemapFile[]): string {
  const lines = files.map(
    (file) =>
      `<sitemap><loc>${escapeHtml(`${origin}${file.path}`)}</loc>${lastmodTag(file.lastmod)}</sitemap>`,
  );
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The text at a sitemap address: the index at SITEMAP_INDEX_PATH, a file at its path; null for a
 * file the content does not fill (a section with fewer pages of addresses).
 */
export function renderSitemapAt(
  path: string,
  origin: string,
  entries: readonly SectionedSitemapEntry[],
): string | null {
  const files = sitemapFiles(entries);
  if (path === SITEMAP_INDEX_PATH) return renderSitemapIndexXml(origin, files);
  const file = files.find((candidate) => candidate.path === path);
  return file ? renderSitemapXml(file.urls) : null;
}

/** robots.txt: everything may be crawled except the API and the page-data JSON. */
export function renderRobotsTxt(origin: string): string {
  // The offer redirect records a click: crawlers have no business there.
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${OFFER_REDIRECT_PREFIX}`,
    'Disallow: /*_payload.json',
    '',
    `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`,
    '',
  ].join('\n');
}

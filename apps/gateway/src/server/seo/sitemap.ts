import { contentV1 } from '@lib/contracts';
import { type GatewayServices } from '../../app/services';
import { BLOG_PAGE_SIZE, blogPagePath } from '../../app/site-paths/blog';
import { OFFER_REDIRECT_PREFIX } from '../../app/site-paths/offers';
import { type AnyRoute } from '../../app/route-types';
import { type SitemapEntry, newestW3cDate, w3cDate } from '../../app/seo/sitemap-entry';
import { escapeHtml } from '../render/html';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The address robots.txt names: the sitemap index, which lists the sitemap files. */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/**
 * The sitemap's files by section. `blog`: the articles, tag pages and author pages, which the
 * content service pages itself, so a blog file costs the same however many articles there are.
 * `strony`: every other page — the content service's other pages, the gateway's own and the
 * blog's listing pages. Publishing an article changes the blog's files (and the listings' dates),
 * and each file's date in the index tells a crawler which to read again.
 */
export const SITEMAP_SECTIONS = ['strony', 'blog'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/**
 * Addresses per sitemap file. The protocol allows 50 000; a thousand keeps a file near 100 KB and
 * its answer cheap however much the content grows, since more addresses make more files.
 */
export const SITEMAP_FILE_URLS = 1000;

/** The most entries the content service answers at once (the protocol's limit per file). */
const CONTENT_SECTION_MAX = 50_000;

/** One sitemap file as the index lists it: its site path and the newest date of its addresses ('' when none has one). */
export interface SitemapFile {
  path: string;
  lastmod: string;
}

/** The blog section's size and the newest date of each of its files, as the content service counts them. */
export interface BlogOutline {
  total: number;
  fileLastmods: string[];
}

/** '/sitemap-blog-2.xml': the second file of the blog's section (files count from 1). */
export const sitemapFilePath = (section: SitemapSection, page: number): string =>
  `/sitemap-${section}-${page}.xml`;

// Up to 999 files a section (999 000 addresses): a larger number is no file's, and its offset would
// be past what the content service is asked for.
const SITEMAP_FILE_PATH = new RegExp(`^/sitemap-(${SITEMAP_SECTIONS.join('|')})-([1-9][0-9]{0,2})\\.xml$`);

/** The section and number of a sitemap file's path, or null for any other path. */
export function parseSitemapFilePath(path: string): { section: SitemapSection; page: number } | null {
  const match = SITEMAP_FILE_PATH.exec(path);
  return match ? { section: match[1] as SitemapSection, page: Number(match[2]) } : null;
}

/** Whether a path has the form of a sitemap file's (whether that file exists depends on the content). */
export const isSitemapFilePath = (path: string): boolean => parseSitemapFilePath(path) !== null;

/**
 * The parts every sitemap answer is made of, each loaded on its own so that a caller may keep
 * them (the page-data cache): the `strony` section whole, the blog's outline, one blog file.
 */
export interface SitemapParts {
  /** Every address of the `strony` section, in URL order. */
  pages(): Promise<SitemapEntry[]>;
  blogOutline(): Promise<BlogOutline>;
  /** The addresses of the blog's file `page` (from 1), in URL order; none past the last file. */
  blogFile(page: number): Promise<SitemapEntry[]>;
}

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

/** A request for one section of the content service's sitemap entries. */
const sectionRequest = (
  origin: string,
  section: contentV1.SitemapSection,
  offset: number,
  limit: number,
  chunkSize = 0,
): contentV1.ListSitemapEntriesRequest => ({ baseUrl: origin, section, offset, limit, chunkSize });

/** A content service older than the sections answers every entry whatever is asked: refuse it, do not list it wrong. */
function checkPaged(answer: contentV1.ListSitemapEntriesResponse, limit: number): void {
  if (answer.entries.length > limit)
    throw new Error('the content service does not answer sitemap sections; update it before the gateway');
}

/** The sitemap's parts straight from the services (each call asks them anew). */
export function sitemapParts(sources: SitemapSources): SitemapParts {
  const { services, origin } = sources;
  return {
    pages: () => collectPages(sources),
    blogOutline: async () => {
      // The counts and dates alone: no entries, whatever the number of articles.
      const answer = await services.content.listSitemapEntries(
        sectionRequest(origin, contentV1.SitemapSection.BLOG, 0, 0, SITEMAP_FILE_URLS),
      );
      checkPaged(answer, 0);
      return { total: answer.total, fileLastmods: answer.chunkLastmods.map(w3cDate) };
    },
    blogFile: async (page) => {
      const answer = await services.content.listSitemapEntries(
        sectionRequest(
          origin,
          contentV1.SitemapSection.BLOG,
          (page - 1) * SITEMAP_FILE_URLS,
          SITEMAP_FILE_URLS,
        ),
      );
      checkPaged(answer, SITEMAP_FILE_URLS);
      return onOrigin(
        origin,
        answer.entries.map((entry) => ({ loc: entry.loc, lastmod: w3cDate(entry.lastmod) })),
      );
    },
  };
}

/** Absolute URLs on our origin only, each once (the first wins), in URL order. */
function onOrigin(origin: string, entries: readonly SitemapEntry[]): SitemapEntry[] {
  const seen = new Set<string>();
  const kept: SitemapEntry[] = [];
  for (const entry of entries) {
    if (seen.has(entry.loc) || !entry.loc.startsWith(`${origin}/`)) continue;
    seen.add(entry.loc);
    kept.push(entry);
  }
  return kept.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
}

/**
 * The `strony` section: the content service's pages outside the blog (SEO pages, lender reviews,
 * documents, the home page), the blog's listing pages (every page of the blog, each tag's beyond
 * its first, which is the tag's own page in the blog section) and the addresses the gateway's
 * routes declare (calculators, the holiday calendar of this year and the next, currency pages).
 * When two sources name the same URL, the content service's wins.
 */
async function collectPages({
  services,
  origin,
  today,
  builtAt,
  routes,
}: SitemapSources): Promise<SitemapEntry[]> {
  const builtOn = w3cDate(builtAt);
  const [listed, declared] = await Promise.all([
    // One call, whatever the number of articles: the service counts and dates the listings.
    services.content.listSitemapEntries(
      sectionRequest(origin, contentV1.SitemapSection.PAGES, 0, CONTENT_SECTION_MAX),
    ),
    // The gateway's own pages, as each route declares them (app/seo/sitemap-entry.ts).
    Promise.all(
      routes.map(async (route): Promise<readonly SitemapEntry[]> => {
        const sitemap = route.sitemap;
        if (!sitemap) return [];
        if ('lastmod' in sitemap)
          return [{ loc: route.pattern, lastmod: sitemap.lastmod === 'today' ? today : builtOn }];
        return sitemap.entries({ services, today, builtOn });
      }),
    ),
  ]);
  checkPaged(listed, CONTENT_SECTION_MAX);
  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
  const entries: SitemapEntry[] = listed.entries.map((entry) => ({
    loc: absolute(entry.loc),
    lastmod: w3cDate(entry.lastmod),
  }));
  const add = (path: string, lastmod: string) => entries.push({ loc: absolute(path), lastmod });

  const blog = listed.blog ?? { articlesCount: 0, lastmod: '' };
  const blogUpdated = w3cDate(blog.lastmod);
  for (let page = 1; page <= listingPages(blog.articlesCount); page += 1)
    add(blogPagePath(null, page), blogUpdated);
  for (const tag of listed.tags) {
    const tagUpdated = w3cDate(tag.lastmod) || blogUpdated;
    for (let page = 2; page <= listingPages(tag.articlesCount); page += 1)
      add(blogPagePath(tag.slug, page), tagUpdated);
  }
  for (const entry of declared.flat()) add(entry.loc, entry.lastmod);
  return onOrigin(origin, entries);
}

/** Pages of a listing of this many articles at the blog's page size; an empty listing still has its first. */
const listingPages = (articlesCount: number): number =>
  Math.max(1, Math.ceil(articlesCount / BLOG_PAGE_SIZE));

/** The newest date among some addresses ('' when none has one). */
/** The sitemap's files: the `strony` section cut into files of SITEMAP_FILE_URLS, then the blog's. */
export function sitemapFiles(pages: readonly SitemapEntry[], blog: BlogOutline): SitemapFile[] {
  const files: SitemapFile[] = [];
  for (let start = 0; start < pages.length; start += SITEMAP_FILE_URLS)
    files.push({
      path: sitemapFilePath('strony', start / SITEMAP_FILE_URLS + 1),
      lastmod: newestW3cDate(pages.slice(start, start + SITEMAP_FILE_URLS).map((url) => url.lastmod)),
    });
  blog.fileLastmods.forEach((lastmod, at) => files.push({ path: sitemapFilePath('blog', at + 1), lastmod }));
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
 * The text at a sitemap address from the parts it needs: the index at SITEMAP_INDEX_PATH (the
 * `strony` section and the blog's outline), a file at its path; null for any other path and for
 * a file the content does not fill.
 */
export async function renderSitemapAt(
  path: string,
  origin: string,
  parts: SitemapParts,
): Promise<string | null> {
  if (path === SITEMAP_INDEX_PATH) {
    const [pages, blog] = await Promise.all([parts.pages(), parts.blogOutline()]);
    return renderSitemapIndexXml(origin, sitemapFiles(pages, blog));
  }
  const file = parseSitemapFilePath(path);
  if (!file) return null;
  const urls =
    file.section === 'blog'
      ? await parts.blogFile(file.page)
      : (await parts.pages()).slice((file.page - 1) * SITEMAP_FILE_URLS, file.page * SITEMAP_FILE_URLS);
  return urls.length > 0 ? renderSitemapXml(urls) : null;
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

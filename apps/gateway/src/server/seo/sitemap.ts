import { type contentV1 } from '@lib/contracts';
import { type GatewayServices } from '../../app/services';
import { BLOG_PAGE_SIZE, blogPagePath } from '../../app/site-paths/blog';
import { OFFER_REDIRECT_PREFIX } from '../../app/site-paths/offers';
import { type AnyRoute } from '../../app/route-types';
import { type SitemapEntry, newestW3cDate, w3cDate } from '../../app/seo/sitemap-entry';
import { escapeHtml } from '../render/html';

/** The sitemap protocol's limit per file; far above this site's few hundred pages. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Article summaries asked per ListArticles call while collecting the sitemap: the most the content
 * service gives in one page, so the calls per sitemap grow by one per 50 articles, not per 9.
 */
const ARTICLES_PER_CALL = 50;

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

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
 * Every public page: the content service's entries (pages, articles, tags, authors, lender
 * reviews, documents) and the addresses the gateway itself serves — the home page, the blog
 * listing and tag pages beyond the first, and the holiday calendar of this year and the next.
 * When two sources name the same URL, the first one wins.
 */
export async function collectSitemap({
  services,
  origin,
  today,
  builtAt,
  routes,
}: SitemapSources): Promise<SitemapEntry[]> {
  const { content } = services;
  const [entries, blog, tags] = await Promise.all([
    content.listSitemapEntries({ baseUrl: origin }),
    content.listArticles({
      page: { page: 1, pageSize: ARTICLES_PER_CALL },
      tagSlug: '',
      authorId: 0,
      authorSlug: '',
    }),
    content.listTags({}),
  ]);
  const absolute = (pathOrUrl: string) =>
    /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
  const fromContent = new Map(entries.entries.map((entry) => [absolute(entry.loc), w3cDate(entry.lastmod)]));
  const articles = await allArticles(services, blog);
  const blogUpdated = newestW3cDate(articles.map(articleUpdated));
  // Tag and author pages change when one of their articles does: dated by its newest edit, never by the import.
  const listingDates = await articleListingDates(services, articles, {
    tags: tags.tags.map((tag) => tag.slug),
    locs: [...fromContent.keys()],
    origin,
  });
  for (const [path, lastmod] of listingDates) {
    fromContent.set(absolute(path), lastmod);
  }
  const urls: SitemapEntry[] = [];
  const add = (path: string, lastmod: string) => urls.push({ loc: absolute(path), lastmod });

  const blogPages = Math.max(1, Math.ceil((blog.pageInfo?.totalItems ?? 0) / BLOG_PAGE_SIZE));
  for (let page = 1; page <= blogPages; page += 1) add(blogPagePath(null, page), blogUpdated);
  for (const tag of tags.tags) {
    const tagUpdated = fromContent.get(absolute(blogPagePath(tag.slug, 1))) || blogUpdated;
    const pages = Math.max(1, Math.ceil(tag.articlesCount / BLOG_PAGE_SIZE));
    for (let page = 1; page <= pages; page += 1) add(blogPagePath(tag.slug, page), tagUpdated);
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
  for (const entry of declared.flat()) add(entry.loc, entry.lastmod);

  const seen = new Set<string>();
  const all: SitemapEntry[] = [];
  for (const url of [...[...fromContent].map(([loc, lastmod]) => ({ loc, lastmod })), ...urls]) {
    if (seen.has(url.loc) || !url.loc.startsWith(`${origin}/`)) continue;
    seen.add(url.loc);
    all.push(url);
  }
  return all.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
}

/** The date an article last changed: its edit, or when never edited, its writing. */
const articleUpdated = (article: contentV1.ArticleSummary): string => article.editedAt || article.writtenAt;

/** Every published article, page by page from the first page (already fetched, ARTICLES_PER_CALL each). */
async function allArticles(
  services: GatewayServices,
  first: contentV1.ListArticlesResponse,
): Promise<contentV1.ArticleSummary[]> {
  const totalPages = Math.max(1, first.pageInfo?.totalPages ?? 1);
  const rest = await Promise.all(
    Array.from({ length: totalPages - 1 }, (_, index) =>
      services.content.listArticles({
        page: { page: index + 2, pageSize: ARTICLES_PER_CALL },
        tagSlug: '',
        authorId: 0,
        authorSlug: '',
      }),
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
    setIfKnown(
      blogPagePath(slug, 1),
      newestW3cDate(articles.filter((article) => article.tagSlugs.includes(slug)).map(articleUpdated)),
    );
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
        setIfKnown(
          `/autor/${slug}/`,
          newestW3cDate(articles.filter((article) => article.authorId === id).map(articleUpdated)),
        );
      } catch {
        // the service's own date stays
      }
    }),
  );
  return dates;
}

/** sitemap.xml text: UTF-8, entity-escaped locations, one <url> per page. */
export function renderSitemapXml(urls: readonly SitemapEntry[]): string {
  const lines = urls.map(
    (url) =>
      `<url><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${lines.join('\n')}\n</urlset>\n`;
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
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

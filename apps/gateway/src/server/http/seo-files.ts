import { type Cache } from '@lib/cache';
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type PageDataCacheOptions, loadPageData, pageDataKey } from '../pages/page-data-cache';
import { type KeptAnswers, sendKeptAnswer } from '../render/kept-answers';
import { type AnyRoute } from '../../app/route-types';
import {
  SITEMAP_INDEX_PATH,
  type SitemapParts,
  isSitemapFilePath,
  renderRobotsTxt,
  renderSitemapAt,
  sitemapParts,
} from '../seo/sitemap';

export interface SeoFilesDeps {
  services: GatewayServices;
  cache: Cache;
  cacheOptions: PageDataCacheOptions;
  origin: string;
  builtAt: string;
  /** The routes that declare their sitemap addresses. */
  routes: readonly AnyRoute[];
  today: () => string;
  /** Finished answers kept for PAGE_MEMO_MS (with the page cache on): the sitemap is kept like a page. */
  answers?: KeptAnswers;
}

const SITEMAP_TYPE = 'application/xml; charset=utf-8';
const SITEMAP_CACHE_CONTROL = 'public, max-age=900';

/**
 * The sitemap's parts cached like page data, each under its own key: the index and every file
 * are made from them, and a blog file asks the content service for that file's addresses only.
 */
function cachedSitemapParts(deps: SeoFilesDeps): SitemapParts {
  const direct = () =>
    sitemapParts({
      services: deps.services,
      origin: deps.origin,
      today: deps.today(),
      builtAt: deps.builtAt,
      routes: deps.routes,
    });
  const cached = <T>(name: string, params: object, load: () => Promise<T>): Promise<T> =>
    loadPageData(deps.cache, deps.cacheOptions, pageDataKey(name, params), load, () => false) as Promise<T>;
  return {
    pages: () => cached('sitemap-strony', {}, () => direct().pages()),
    blogOutline: () => cached('sitemap-blog-outline', {}, () => direct().blogOutline()),
    blogFile: (page) => cached('sitemap-blog-file', { page }, () => direct().blogFile(page)),
  };
}

/**
 * The kept-answer key of a sitemap address (the index or a file's, whatever the query), or
 * undefined for any other path: the same for every visitor, so the fast path may answer it too.
 */
export const sitemapAnswerKey = (path: string): string | undefined =>
  path === SITEMAP_INDEX_PATH || isSitemapFilePath(path) ? `sitemap ${path}` : undefined;

/** The metrics label of a sitemap address: the index, or its section's files. */
const sitemapRouteLabel = (path: string): string =>
  path === SITEMAP_INDEX_PATH ? path : path.replace(/-\d+\.xml$/, '-:n.xml');

/**
 * GET /sitemap.xml (the sitemap index) and GET /sitemap-<section>-<n>.xml (its files: every public
 * page with its last change), made from parts cached like page data; a content service that
 * does not answer gives the 503 page, a file the content does not fill the 404 page. GET /robots.txt.
 */
export function seoFiles(deps: SeoFilesDeps): Router {
  const router = Router();
  const parts = cachedSitemapParts(deps);

  // The index and the files; a path of theirs that is no sitemap address passes on (to the 404 page).
  router.get(/^\/sitemap[a-z0-9-]*\.xml$/, (req, res, next) => {
    const path = req.path;
    const answerKey = sitemapAnswerKey(path);
    if (answerKey === undefined) {
      next();
      return;
    }
    const routeLabel = sitemapRouteLabel(path);
    res.locals['routeLabel'] = routeLabel;
    const kept = deps.answers?.get(answerKey);
    if (kept) {
      sendKeptAnswer(req, res, kept);
      return;
    }
    renderSitemapAt(path, deps.origin, parts)
      .then((text) => {
        if (text === null) {
          next();
          return;
        }
        const body = Buffer.from(text, 'utf8');
        const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
        const answer = {
          status: 200,
          routeLabel,
          cacheControl: SITEMAP_CACHE_CONTROL,
          etag,
          body,
          contentType: SITEMAP_TYPE,
        };
        deps.answers?.set(answerKey, answer);
        sendKeptAnswer(req, res, { ...answer, expiresAt: 0 });
      })
      .catch(next);
  });

  const robots = renderRobotsTxt(deps.origin);
  router.get('/robots.txt', (_req, res) => {
    res.locals['routeLabel'] = '/robots.txt';
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain; charset=utf-8').send(robots);
  });

  return router;
}

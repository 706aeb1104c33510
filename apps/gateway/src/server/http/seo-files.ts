import { type Cache } from '@lib/cache';
import { createHash } from 'node:crypto';
import { type Logger } from '@lib/observability';
import { Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type PageDataCacheOptions, loadPageData, pageDataKey } from '../pages/page-data-cache';
import { type KeptAnswers, sendKeptAnswer } from '../render/kept-answers';
import { type AnyRoute } from '../../app/route-types';
import { type SitemapEntry } from '../../app/seo/sitemap-entry';
import { SITEMAP_MAX_URLS, collectSitemap, renderRobotsTxt, renderSitemapXml } from '../seo/sitemap';

export interface SeoFilesDeps {
  services: GatewayServices;
  cache: Cache;
  cacheOptions: PageDataCacheOptions;
  origin: string;
  builtAt: string;
  /** The routes that declare their sitemap addresses. */
  routes: readonly AnyRoute[];
  today: () => string;
  logger: Logger;
  /** Finished answers kept for PAGE_MEMO_MS (with the page cache on): the sitemap is kept like a page. */
  answers?: KeptAnswers;
}

const SITEMAP_TYPE = 'application/xml; charset=utf-8';
const SITEMAP_CACHE_CONTROL = 'public, max-age=900';
const SITEMAP_ANSWER_KEY = 'sitemap /sitemap.xml';

const SITEMAP_CACHE_KEY = pageDataKey('sitemap', {});

/**
 * GET /sitemap.xml (every public page with its last change, cached like page data; a content
 * service that does not answer gives the 503 page) and GET /robots.txt.
 */
export function seoFiles(deps: SeoFilesDeps): Router {
  const router = Router();

  router.get('/sitemap.xml', (req, res, next) => {
    res.locals['routeLabel'] = '/sitemap.xml';
    const kept = deps.answers?.get(SITEMAP_ANSWER_KEY);
    if (kept) {
      sendKeptAnswer(req, res, kept);
      return;
    }
    loadPageData(
      deps.cache,
      deps.cacheOptions,
      SITEMAP_CACHE_KEY,
      () =>
        collectSitemap({
          services: deps.services,
          origin: deps.origin,
          today: deps.today(),
          builtAt: deps.builtAt,
          routes: deps.routes,
        }),
      () => false,
    )
      .then((loaded) => {
        let urls = loaded as SitemapEntry[];
        if (urls.length > SITEMAP_MAX_URLS) {
          deps.logger.error(
            { urls: urls.length },
            `sitemap has more than ${SITEMAP_MAX_URLS} URLs; the rest needs a sitemap index`,
          );
          urls = urls.slice(0, SITEMAP_MAX_URLS);
        }
        const body = Buffer.from(renderSitemapXml(urls), 'utf8');
        const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
        const answer = {
          status: 200,
          routeLabel: '/sitemap.xml',
          cacheControl: SITEMAP_CACHE_CONTROL,
          etag,
          body,
          contentType: SITEMAP_TYPE,
        };
        deps.answers?.set(SITEMAP_ANSWER_KEY, answer);
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

import { Router, type RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { routes as appRoutes } from '../../app/routes';
import { type AnyRoute } from '../../app/route-types';
import { hasUnavailableSection } from '../../app/section';
import { type GatewayServices } from '../../app/services';
import { type GatewayDeps } from '../deps';
import { queryFormState } from '../answer-policy';
import { pageDataKey } from '../pages/page-data-cache';
import { type PageResolver } from '../pages/page-resolver';
import { type PageRenderer, type RenderedString } from '../render/page-renderer';
import {
  SITEMAP_INDEX_PATH,
  type SitemapParts,
  isSitemapFilePath,
  renderSitemapAt,
  sitemapParts,
} from '../seo/sitemap';
import { splitUrl } from '../../kit/http/request-guards';
import { type LabelledResponse } from '../../kit/http/labelled-response';
import { requestIsFresh } from '../../kit/http/request-freshness';

/** URL prefix of the benchmark's static baseline. */
export const BENCH_STATIC_PREFIX = '/__static';
/** URL prefix of the benchmark's bare render. */
export const BENCH_BARE_PREFIX = '/__bare';

/** A benchmark baseline's answer for a page path (the address without its bench prefix). */
export type BaselineAnswer = (
  req: IncomingMessage,
  res: LabelledResponse,
  target: { pagePath: string; search: string },
) => Promise<void>;

/**
 * BENCH_STATIC=1 hook for the benchmark harness (bench/): GET /__static/<path> answers with the
 * bytes of one full SSR render of <path>, rendered once and then sent from memory, as
 * express.static would send a file (ETag, 304, Content-Type, Content-Length). It is answered
 * where <path> itself is (the page lane, or the Express stack for the pages the lane leaves to it)
 * behind the same middleware (security headers, compression, metrics, guards), so "SSR vs static"
 * compares only the rendering. Off by default; never enable it in production (it pins pages in
 * memory).
 */
export function benchStaticAnswer(render: (path: string) => Promise<RenderedString>): BaselineAnswer {
  const rendered = new Map<string, Promise<{ status: number; body: Buffer; etag: string }>>();
  return async (req, res, { pagePath }) => {
    let entry = rendered.get(pagePath);
    if (!entry) {
      // The ETag is made once, as express.static derives a file's from its stat: hashing the body per
      // request is the handler's cost, not the middleware's this baseline measures.
      entry = render(pagePath).then(({ status, html }) => {
        const body = Buffer.from(html, 'utf8');
        return { status, body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
      });
      rendered.set(pagePath, entry);
      entry.catch(() => rendered.delete(pagePath));
    }
    const { status, body, etag } = await entry;
    res.locals['routeLabel'] = `${BENCH_STATIC_PREFIX}/*`;
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (status === 200 && requestIsFresh(req, etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };
}

/**
 * BENCH_STATIC=1: GET /__bare/<path>, the bare render of <path>: the page handler's work (resolve,
 * form state, streamed React render with head, layout, page and document) on data kept in memory
 * (benchBareDeps), answered where <path> itself is, behind the same middleware, so that "full
 * stack vs bare render" isolates the data layer (gRPC, page-data cache) and "bare render vs
 * static" the render.
 */
export function bareRenderAnswer(bare: BareRuntime): BaselineAnswer {
  return async (req, res, { pagePath, search }) => {
    const page = await bare.resolver.resolve(pagePath, search);
    res.locals['routeLabel'] = `${BENCH_BARE_PREFIX}/*`;
    const formState = page.status === 200 ? queryFormState(search) : undefined;
    await bare.renderer.stream(req, res, formState ? { ...page, formState } : page);
  };
}

/** The page path a bench address names under its prefix ('/__bare/x/' → '/x/'). */
export function benchPagePath(pathname: string, prefix: string): string {
  return pathname.slice(prefix.length) || '/';
}

/** A baseline answer as a handler of the Express stack. */
export function baselineHandler(prefix: string, answer: BaselineAnswer): RequestHandler {
  return (req, res, next) => {
    const { pathname, search } = splitUrl(req.originalUrl);
    answer(req, res, { pagePath: benchPagePath(pathname, prefix), search }).catch(next);
  };
}

/**
 * Remembers the first successful answer of `load` per key, so that a failure is tried again and
 * a caller after the first one never waits for the backend. Partial answers (`keep` says no) are
 * handed out but not remembered.
 */
export function keepFirst<A extends unknown[], R>(
  load: (...args: A) => Promise<R>,
  keyOf: (...args: A) => string,
  keep: (value: R) => boolean = () => true,
): (...args: A) => Promise<R> {
  const kept = new Map<string, Promise<R>>();
  return (...args) => {
    const key = keyOf(...args);
    const known = kept.get(key);
    if (known) return known;
    const pending = load(...args);
    kept.set(key, pending);
    pending.then(
      (value) => {
        if (!keep(value)) kept.delete(key);
      },
      () => kept.delete(key),
    );
    return pending;
  };
}

/** Client methods that manage the channel rather than fetch data: never remembered. */
const LIFECYCLE_METHODS: ReadonlySet<PropertyKey> = new Set(['close', 'waitForReady', 'healthCheck']);

/**
 * The gRPC clients with every data call answered from memory after its first answer (keyed by
 * method and request). The resolver's own calls (the navigation) go through these.
 */
export function keptServices(services: GatewayServices): GatewayServices {
  const wrap = <C extends object>(client: C): C => {
    const methods = new Map<PropertyKey, unknown>();
    return new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || LIFECYCLE_METHODS.has(property)) return value;
        let method = methods.get(property);
        if (!method) {
          const call = (request: unknown, ...rest: unknown[]) =>
            (value as (...args: unknown[]) => Promise<unknown>).call(target, request, ...rest);
          method = keepFirst(call, (request: unknown) => JSON.stringify(request ?? null));
          methods.set(property, method);
        }
        return method;
      },
    });
  };
  return Object.fromEntries(
    Object.entries(services).map(([name, client]) => [name, wrap(client as object)]),
  ) as GatewayServices;
}

/**
 * Each route with its loader run once per parameter set (the page-data cache's own key) and the
 * result kept in memory, unless a section came out unavailable (then the next request loads again).
 */
export function keptRoutes(routes: readonly AnyRoute[]): AnyRoute[] {
  return routes.map((route) => ({
    ...route,
    load: keepFirst(
      route.load.bind(route),
      (ctx) => pageDataKey(route.name, ctx.params),
      (data) => !hasUnavailableSection(data),
    ),
  }));
}

/**
 * The dependencies of the bare render's runtime: the same gateway, but with every route's data
 * and the navigation loaded once through the normal loaders and then kept in memory, the page-data
 * cache off and no finished-HTML memo (PAGE_CACHE=false gives both). What is left per request is
 * route matching, parameters, head, inline state, ETag and the React render.
 */
export function benchBareDeps(deps: GatewayDeps): GatewayDeps {
  return {
    ...deps,
    config: { ...deps.config, PAGE_CACHE: false, SHARED_ANSWER_CACHE: false },
    routes: keptRoutes(deps.routes ?? appRoutes),
    services: keptServices(deps.services),
  };
}

/** The parts of a gateway runtime the bare render uses (app.ts's createRuntime over benchBareDeps). */
export interface BareRuntime {
  resolver: PageResolver;
  renderer: PageRenderer;
  today(): string;
}

/** The sitemap address (index or file) a bench address names, or null for a page's. */
function sitemapPathOf(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  return rest === SITEMAP_INDEX_PATH || isSitemapFilePath(rest) ? rest : null;
}

/**
 * Whether benchRoutes answers `path`: the bare renders and the static sitemap. Every other page
 * request, the static baseline's included, passes it by this check instead of walking its router.
 */
export const reachesBenchRoutes = (path: string): boolean =>
  path.startsWith(BENCH_BARE_PREFIX) || sitemapPathOf(path, BENCH_STATIC_PREFIX) !== null;

/**
 * BENCH_STATIC=1: the benchmark's addresses in the Express stack: /__bare/sitemap.xml and
 * /__static/sitemap.xml do for the sitemap index what the page baselines do for a page, and
 * /__bare/sitemap-<section>-<n>.xml with its /__static twin for a sitemap file (its parts
 * collected once; the XML written per request, or once per address); /__bare/<page> is the bare
 * render (bareRenderAnswer) of a page the page lane leaves to the stack.
 */
export function benchRoutes(deps: GatewayDeps, bare: BareRuntime, services: GatewayServices): Router {
  const router = Router();
  const origin = deps.config.PUBLIC_ORIGIN;
  // Each part collected once (per day) and kept: the XML is then written per request from memory.
  const direct = () =>
    sitemapParts({
      services,
      origin,
      today: bare.today(),
      builtAt: deps.manifest.builtAt,
      routes: deps.routes ?? appRoutes,
    });
  const parts: SitemapParts = {
    pages: keepFirst(
      () => direct().pages(),
      () => bare.today(),
    ),
    blogOutline: keepFirst(
      () => direct().blogOutline(),
      () => bare.today(),
    ),
    blogFile: keepFirst(
      (page: number) => direct().blogFile(page),
      (page) => `${bare.today()} ${page}`,
    ),
  };
  const sitemapText = (path: string) => renderSitemapAt(path, origin, parts);
  const sitemapBytes = keepFirst(
    async (path: string) => {
      const text = await sitemapText(path);
      return text === null ? null : Buffer.from(text, 'utf8');
    },
    (path) => `${bare.today()} ${path}`,
  );
  // The sitemap's index or file under a bench prefix, as `answer` gives its text; anything else passes.
  const sitemapUnder =
    (prefix: string, answer: (path: string) => Promise<string | Buffer | null>): RequestHandler =>
    (req, res, next) => {
      const path = sitemapPathOf(req.path, prefix);
      if (path === null) {
        next();
        return;
      }
      answer(path)
        .then((body) => {
          if (body === null) {
            next();
            return;
          }
          res.locals['routeLabel'] = `${prefix}/sitemap`;
          res.setHeader('Cache-Control', 'no-cache');
          res.type('application/xml; charset=utf-8').send(body);
        })
        .catch(next);
    };

  router.get(`${BENCH_STATIC_PREFIX}/:file`, sitemapUnder(BENCH_STATIC_PREFIX, sitemapBytes));
  router.get(`${BENCH_BARE_PREFIX}/:file`, sitemapUnder(BENCH_BARE_PREFIX, sitemapText));
  router.get(`${BENCH_BARE_PREFIX}{/*path}`, baselineHandler(BENCH_BARE_PREFIX, bareRenderAnswer(bare)));
  return router;
}

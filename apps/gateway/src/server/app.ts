import { createMetricsRegistry } from '@lib/observability';
import compression from 'compression';
import express, { type Express } from 'express';
import { routes as appRoutes } from '../app/routes';
import { createPolishLocale } from '../shared/locale';
import { warsawDay } from '@lib/pl-calendar';
import { type GatewayDeps } from './deps';
import { articleViews, commentRateLimit, commentsApi } from './feature-handlers';
import { BENCH_STATIC_PREFIX, benchRoutes, benchStaticHandler } from './http/bench-static';
import { buildRoutes } from './http/builds';
import { errorHandler } from './http/error-handler';
import { createGatewayMetrics } from './http/metrics';
import { publicProbeRoutes } from './http/ops';
import { pageHandler, payloadHandler } from './http/page-handlers';
import { limitDeclaredBody, onlyReadMethods, rejectMalformedUrl, trailingSlashRedirect } from './http/request-guards';
import { seoFiles } from './http/seo-files';
import { securityHeaders } from './http/security';
import { staticFiles } from './http/static-files';
import { type PageDataCacheOptions } from './pages/page-data-cache';
import { PageResolver } from './pages/page-resolver';
import { PageRenderer, type RenderedString } from './render/page-renderer';
import { MemoryRateLimiter } from './rate-limit/rate-limiter';
import { ReadinessState } from './readiness-state';

/** Request bodies above this are refused with 413 (forms and events are far smaller). */
export const BODY_LIMIT_BYTES = 100 * 1024;

interface Runtime {
  resolver: PageResolver;
  renderer: PageRenderer;
  cacheOptions: PageDataCacheOptions;
  /** Today in the site's time zone ('YYYY-MM-DD'). */
  today: () => string;
}

function createRuntime(deps: GatewayDeps, onUpstreamError?: (error: unknown) => void): Runtime {
  const locale = createPolishLocale(deps.config.PUBLIC_ORIGIN);
  const now = deps.now ?? (() => new Date());
  const today = () => warsawDay(now());
  const cacheOptions: PageDataCacheOptions = {
    enabled: deps.config.PAGE_CACHE,
    ttlMs: deps.config.PAGE_CACHE_TTL_MS,
    staleMs: deps.config.PAGE_CACHE_STALE_MS,
  };
  const resolver = new PageResolver({
    routes: deps.routes ?? appRoutes,
    services: deps.services,
    cache: deps.cache,
    cacheOptions,
    locale,
    origin: deps.config.PUBLIC_ORIGIN,
    logger: deps.logger,
    ...(onUpstreamError ? { onUpstreamError } : {}),
  });
  const renderer = new PageRenderer({
    manifest: deps.manifest,
    locale,
    logger: deps.logger,
    renderTimeoutMs: deps.config.RENDER_TIMEOUT_MS,
    memoizeHtml: deps.config.PAGE_CACHE,
    today,
  });
  return { resolver, renderer, cacheOptions, today };
}

/**
 * The gateway's Express app. Order of the stack, top to bottom: metrics and security headers,
 * bare probes (/healthz, /readyz; /metrics is on the ops port), compression, URL sanity (400), static assets and build files, comments (POST
 * /api/comments, with its own 10 kB limit), body limits (413), the article-view beacon (POST /api/views), the read-only rule (405), the trailing-slash redirect
 * (301), sitemap.xml and robots.txt, page payloads, pages, and one error handler that never
 * leaks a stack.
 */
export function createGatewayApp(deps: GatewayDeps): Express {
  const registry = deps.registry ?? createMetricsRegistry({ serviceName: 'gateway' });
  const readiness = deps.readiness ?? new ReadinessState();
  const metrics = createGatewayMetrics(registry);
  const onUpstreamError = (error: unknown) => metrics.upstreamError(error);
  const runtime = createRuntime(deps, onUpstreamError);
  const { resolver, renderer } = runtime;

  const app = express();
  app.disable('x-powered-by');
  // Our own ETags (pages) and Express's weak ETags (JSON, static) only; no query parser surprises.
  app.set('etag', 'weak');
  app.set('query parser', 'simple');
  // req.ip is the socket address unless TRUST_PROXY names the proxies in front of us.
  app.set('trust proxy', deps.config.TRUST_PROXY);

  app.use(metrics.middleware);
  app.use((_req, res, next) => {
    // While draining, tell keep-alive clients to reconnect elsewhere.
    if (readiness.isDraining) res.setHeader('Connection', 'close');
    next();
  });
  app.use(securityHeaders(deps.config.PUBLIC_ORIGIN));
  // Bare /healthz and /readyz only: /metrics and the detailed readiness live on the ops port (main.ts).
  app.use(publicProbeRoutes(readiness));
  app.use(compression());
  app.use(rejectMalformedUrl());
  app.use(staticFiles(deps.publicDir));
  app.use(buildRoutes(deps.manifest));
  // Before the general body limit: it holds its own (10 kB) and answers forms with pages.
  app.use(
    commentsApi({
      services: deps.services,
      logger: deps.logger,
      limiter: deps.commentRateLimiter ?? new MemoryRateLimiter(commentRateLimit(deps.config)),
      publicOrigin: deps.config.PUBLIC_ORIGIN,
      resolver,
      renderer,
      onUpstreamError,
    }),
  );
  app.use(limitDeclaredBody(BODY_LIMIT_BYTES));
  // Before the shared body parsers: it reads its own (text, 1 kB) body, as sendBeacon sends it.
  app.use(articleViews({ services: deps.services, logger: deps.logger, onUpstreamError }));
  app.use(express.json({ limit: BODY_LIMIT_BYTES }));
  app.use(express.urlencoded({ limit: BODY_LIMIT_BYTES, extended: false }));
  app.use(onlyReadMethods());
  app.use(trailingSlashRedirect());
  app.use(
    seoFiles({
      services: deps.services,
      cache: deps.cache,
      cacheOptions: runtime.cacheOptions,
      origin: deps.config.PUBLIC_ORIGIN,
      builtAt: deps.manifest.builtAt,
      today: runtime.today,
      logger: deps.logger,
    }),
  );
  if (deps.config.BENCH_STATIC) {
    // The bare render (/__bare<path>: kept data, no gRPC, no cache) and the sitemap's baselines.
    app.use(benchRoutes(deps, (bareDeps) => createRuntime(bareDeps, onUpstreamError)));
    app.get(`${BENCH_STATIC_PREFIX}{/*path}`, benchStaticHandler((path) => renderWith(runtime, path)));
  }
  app.use(payloadHandler(resolver, deps.manifest.buildId));
  app.use(pageHandler(resolver, renderer));
  app.use(errorHandler(resolver, renderer, deps.logger));
  return app;
}

async function renderWith(runtime: Runtime, path: string): Promise<RenderedString> {
  return runtime.renderer.renderToString(await runtime.resolver.resolve(path));
}

/**
 * Renders a page path to the exact HTML the server would stream for it (same loaders, cache,
 * manifest and render), for the benchmark's static baseline and for tests.
 */
export function renderRouteToString(deps: GatewayDeps, path: string): Promise<RenderedString> {
  return renderWith(createRuntime(deps), path);
}

import { MemoryCache, createRateBudgets } from '@lib/cache';
import { bindToRequestContext, createMetricsRegistry, traceServerRequests } from '@lib/observability';
import express from 'express';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { isbot } from 'isbot';
import { routes as appRoutes } from '../app/routes';
import { createPolishLocale } from '../shared/locale';
import { warsawDayClock } from '@lib/pl-calendar';
import { GATEWAY_REDIS_NAMESPACE } from '../kit/config/gateway-config';
import { type GatewayDeps } from './deps';
import { type GatewayServices } from '../app/services';
import { withCompactErrors } from './log-errors';
import {
  FEATURE_HANDLERS,
  assignPageExperiments,
  createEventDelivery,
  createServerEventDelivery,
  createServerEventRecorder,
  registerDeliveryMetrics,
} from './feature-handlers';
import { type FeatureContext, type FeatureStage, reachedBy } from '../kit/feature';
import { type PagePort } from '../kit/pages/page-port';
import {
  BENCH_BARE_PREFIX,
  BENCH_STATIC_PREFIX,
  type BaselineAnswer,
  bareRenderAnswer,
  baselineHandler,
  benchBareDeps,
  benchRoutes,
  benchStaticAnswer,
  reachesBenchRoutes,
} from './http/bench-static';
import { buildRoutes } from './http/builds';
import { compressWhereAccepted } from './http/compression';
import { errorAnswer, errorHandler } from './http/error-handler';
import { createGatewayMetrics } from './http/metrics';
import { ConditionalSteps, type RequestLine, withBody } from '../kit/http/only-when';
import { sequence } from '../kit/http/sequence';
import { publicProbeRoutes } from './http/ops';
import {
  type PageExperimentsFor,
  fastPathKey,
  pageAnswer,
  pageHandler,
  payloadHandler,
} from './http/page-handlers';
import { newClientId, readClientId } from '../kit/identity/client-id';
import { readConsent } from '../shared/consent';
import { limitDeclaredBody, rejectMalformedUrl, trailingSlashRedirect } from '../kit/http/request-guards';
import { allowHeader, methodRule, methodTable, unansweredPosts } from '../kit/http/methods';
import { originFormTarget } from '../kit/http/request-target';
import { HttpProblem } from '../kit/http/http-problem';
import {
  isApiAddress,
  isGeneratedFile,
  keepsItsAddress,
  knownAddress,
  mayBeFile,
  serverEndpoints,
} from './http/addresses';
import { seoFiles, sitemapAnswerKey } from './http/seo-files';
import { securityHeaderList, securityHeaders } from './http/security';
import { keptAnswerFastPath } from './http/kept-answer-fast-path';
import { pageLane } from './http/page-lane';
import { staticFiles } from './http/static-files';
import { type PageDataCacheOptions } from './pages/page-data-cache';
import { PageResolver } from './pages/page-resolver';
import { withSharedAnswers } from './pages/shared-answers';
import { KeptAnswers } from './render/kept-answers';
import { PageRenderer, type RenderedString } from './render/page-renderer';
import { pageCachePolicy } from './answer-policy';
import { csrfKey } from '../kit/csrf';
import { ReadinessState } from './readiness-state';
import { formBodies } from '../kit/http/request-body';

/**
 * Shared answers kept at most (least recently used go first): one per offers block's parameter
 * set and page, plus a handful of site-wide ones; far above what the site's pages ask.
 */
const SHARED_ANSWER_ENTRIES = 5_000;

/** Request bodies above this are refused with 413 (forms and events are far smaller). */
export const BODY_LIMIT_BYTES = 100 * 1024;

interface Runtime {
  /** The services as page loaders (and the sitemap) ask them: through the shared answers when on. */
  pageServices: GatewayServices;
  resolver: PageResolver;
  renderer: PageRenderer;
  /** Finished pages by address (PAGE_MEMO_MS), when the page cache is on. */
  answers: KeptAnswers | undefined;
  cacheOptions: PageDataCacheOptions;
  /** Today in the site's time zone ('YYYY-MM-DD'). */
  today: () => string;
}

function createRuntime(deps: GatewayDeps, onUpstreamError?: (error: unknown) => void): Runtime {
  const locale = createPolishLocale(deps.config.PUBLIC_ORIGIN);
  const now = deps.now ?? (() => new Date());
  const today = warsawDayClock(now);
  const cacheOptions: PageDataCacheOptions = {
    enabled: deps.config.PAGE_CACHE,
    ttlMs: deps.config.PAGE_CACHE_TTL_MS,
    staleMs: deps.config.PAGE_CACHE_STALE_MS,
  };
  // Page loaders read the answers many pages share from this process's cache; forms never do.
  const pageServices = deps.config.SHARED_ANSWER_CACHE
    ? withSharedAnswers(
        deps.services,
        new MemoryCache({ logger: deps.logger, shareValues: true, maxEntries: SHARED_ANSWER_ENTRIES }),
        { ttlMs: deps.config.PAGE_CACHE_TTL_MS, staleMs: deps.config.PAGE_CACHE_STALE_MS },
      )
    : deps.services;
  const resolver = new PageResolver({
    routes: deps.routes ?? appRoutes,
    services: pageServices,
    cache: deps.cache,
    cacheOptions,
    locale,
    origin: deps.config.PUBLIC_ORIGIN,
    operator: deps.config.OPERATOR,
    logger: deps.logger,
    ...(onUpstreamError ? { onUpstreamError } : {}),
  });
  const answers =
    deps.config.PAGE_CACHE && deps.config.PAGE_MEMO_MS > 0
      ? new KeptAnswers(Math.min(deps.config.PAGE_MEMO_MS, deps.config.PAGE_CACHE_TTL_MS))
      : undefined;
  const renderer = new PageRenderer({
    cachePolicy: pageCachePolicy(deps.config),
    ...(answers ? { answers } : {}),
    manifest: deps.manifest,
    locale,
    logger: deps.logger,
    renderTimeoutMs: deps.config.RENDER_TIMEOUT_MS,
    memoizeHtml: deps.config.PAGE_CACHE,
    today,
  });
  return { pageServices, resolver, renderer, answers, cacheOptions, today };
}

/** What the HTTP server calls for every request. */
export type GatewayListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The gateway's request listener: the fast path of kept answers, pages and the sitemap
 * (http/kept-answer-fast-path.ts, with the page cache on), then the page lane, which answers the
 * other page reads that only the page handler would answer (http/page-lane.ts: the same metric,
 * security headers, compression, page answer and error answer, without Express), then the Express
 * app for everything else. Order of the Express stack, top to bottom: metrics and security headers,
 * the request target in origin form (absolute form naming us rewritten, any other authority 400),
 * bare probes (/healthz, /readyz; /metrics is on the ops port), compression, URL sanity (400), the
 * trailing-slash rule (301, 308), the method rule (OPTIONS 204, 405 and 404 with the address's
 * Allow), static assets and build files, the features' posts that read their own bodies (comments,
 * events, views), the general body limit (413) and parsers, the features' form posts (contact,
 * partners, unsubscribe, the journey), posts nothing answered (405), the features' read-only
 * endpoints (offer redirect, lead feed), the sitemap (index and files) and robots.txt, page
 * payloads, pages, and one error handler that never leaks a stack. The features' handlers come
 * from one list (feature-handlers.ts), each placed by its stage and declaring its addresses'
 * methods.
 */
export function createGatewayApp(appDeps: GatewayDeps): GatewayListener {
  // A failed service call is one log line wherever it is logged (log-errors.ts).
  const deps: GatewayDeps = { ...appDeps, logger: withCompactErrors(appDeps.logger) };
  const registry = deps.registry ?? createMetricsRegistry({ serviceName: 'gateway' });
  const readiness = deps.readiness ?? new ReadinessState();
  const metrics = createGatewayMetrics(registry);
  const onUpstreamError = (error: unknown) => metrics.upstreamError(error);
  const runtime = createRuntime(deps, onUpstreamError);
  const { resolver, renderer } = runtime;
  // Our one origin for the posts' same-origin checks (comments, views, forms).
  const origin = { publicOrigin: deps.config.PUBLIC_ORIGIN };

  const app = express();
  app.disable('x-powered-by');
  // Our own ETags (pages) and Express's weak ETags (JSON, static) only; no query parser surprises.
  app.set('etag', 'weak');
  app.set('query parser', 'simple');
  // req.ip is the socket address unless TRUST_PROXY names the proxies in front of us.
  app.set('trust proxy', deps.config.TRUST_PROXY);

  // The whole stack up to the error handler is one Express layer (kit/http/sequence.ts): the same
  // handlers in the same order, without the router's per-layer work for each of them.
  const stack: express.RequestHandler[] = [];
  // The steps ahead of the page handler that answer only some addresses: the page lane leaves
  // every read one of them takes to this stack.
  const steps = new ConditionalSteps();
  stack.push(metrics.middleware);
  stack.push((_req, res, next) => {
    // While draining, tell keep-alive clients to reconnect elsewhere.
    if (readiness.isDraining) res.setHeader('Connection', 'close');
    next();
  });
  const fixedHeaders = securityHeaderList(deps.config.PUBLIC_ORIGIN);
  stack.push(securityHeaders(fixedHeaders));
  // Every address's methods: the features' declared endpoints and the server's own; GET elsewhere.
  const methods = methodTable([
    ...serverEndpoints(deps.config.BENCH_STATIC),
    ...FEATURE_HANDLERS.flatMap((feature) => feature.endpoints),
  ]);
  // One origin: an absolute-form target naming ours is answered as its path, another authority is 400.
  stack.push(originFormTarget(deps.config.PUBLIC_ORIGIN, allowHeader(['GET', 'POST'])));
  // Bare /healthz and /readyz only: /metrics and the detailed readiness live on the ops port (main.ts).
  // Their other methods meet the method rule below.
  stack.push(
    steps.onlyWhen(
      (req) => (req.path === '/healthz' || req.path === '/readyz') && !withBody(req),
      publicProbeRoutes(readiness),
    ),
  );
  const compress = compressWhereAccepted();
  stack.push(compress);
  stack.push(rejectMalformedUrl());
  // Before any handler: a page address without its slash is a redirect whatever the method, so no
  // handler answers it under two addresses; then one rule for the methods of every address.
  stack.push(trailingSlashRedirect(keepsItsAddress));
  stack.push(methodRule(methods, knownAddress(resolver, deps.publicDir)));
  // Files have a dot or live under /assets; page paths end with '/' and skip both routers.
  stack.push(steps.onlyWhen((req) => mayBeFile(req.path), staticFiles(deps.publicDir, deps.buildArchive)));
  stack.push(
    steps.onlyWhen((req) => req.path.startsWith('/builds/'), buildRoutes(deps.manifest, deps.buildArchive)),
  );
  // The browsers' events (Kafka or gRPC), and apart from them the gateway's own (offer clicks:
  // always the events service over gRPC as the server origin, also with KAFKA_BROKERS set).
  const eventDelivery =
    deps.eventDelivery ?? createEventDelivery(deps.config, deps.services.events, deps.logger);
  const serverEventDelivery =
    deps.serverEventDelivery ?? createServerEventDelivery(deps.config, deps.services.events, deps.logger);
  registerDeliveryMetrics(registry, [eventDelivery, serverEventDelivery]);
  const context: FeatureContext = {
    config: deps.config,
    services: deps.services,
    logger: deps.logger,
    pages: pagePort(runtime, deps.manifest.buildId),
    budgets: deps.rateBudgets ?? createRateBudgets(undefined, GATEWAY_REDIS_NAMESPACE, deps.logger),
    origin,
    csrf: { key: csrfKey(deps.config.CSRF_SECRET), secure: deps.config.PUBLIC_ORIGIN.startsWith('https:') },
    events: eventDelivery,
    serverEvents: createServerEventRecorder({
      events: deps.services.events,
      retry: serverEventDelivery,
      deadlineMs: deps.config.OFFER_CLICK_DEADLINE_MS,
    }),
    registry,
    today: runtime.today,
    now: deps.now ?? (() => new Date()),
    onUpstreamError,
  };
  // Each feature's handler is entered only by requests for its own addresses: a page request passes
  // every feature with one synchronous check each instead of walking their routers.
  const features = (stage: FeatureStage, alsoWhen: (req: RequestLine) => boolean = () => true) =>
    FEATURE_HANDLERS.filter((feature) => feature.stage === stage).map((feature) => {
      const reaches = reachedBy(feature);
      return steps.onlyWhen((req) => alsoWhen(req) && reaches(req), feature.create(context));
    });
  // Posts that read their own bodies (comments, events, views), each within its own limit.
  stack.push(...features('own-body', withBody));
  stack.push(limitDeclaredBody(BODY_LIMIT_BYTES));
  stack.push(...formBodies(BODY_LIMIT_BYTES).map((reader) => steps.onlyWhen(withBody, reader)));
  // The visitors' forms posted to their own pages (/kontakt/, /wspolpraca/, /unsubscribe/, the journey):
  // same origin and a CSRF token bound to the form cookie, then the service; GET draws each form per visitor.
  stack.push(...features('forms'));
  stack.push(unansweredPosts(methods));
  // Read-only endpoints ('Przejdź do oferty', the lead feed, the status page): GET and HEAD only reach them.
  stack.push(...features('reads'));
  // An API address nothing answered is a JSON 404, never rendered as a page.
  stack.push(
    steps.onlyWhen(
      (req) => isApiAddress(req.path),
      (_req, _res, next) => next(new HttpProblem(404, 'no such API address')),
    ),
  );
  stack.push(
    steps.onlyWhen(
      (req) => isGeneratedFile(req.path),
      seoFiles({
        // The routes' own sitemap entries read the same shared answers as their pages (NBP tables, banks).
        services: runtime.pageServices,
        cache: deps.cache,
        cacheOptions: runtime.cacheOptions,
        origin: deps.config.PUBLIC_ORIGIN,
        builtAt: deps.manifest.builtAt,
        routes: deps.routes ?? appRoutes,
        today: runtime.today,
        ...(runtime.answers ? { answers: runtime.answers } : {}),
      }),
    ),
  );
  // The benchmark's baselines of a page: its bytes sent from memory, and its bare render.
  const baselines: { prefix: string; answer: BaselineAnswer }[] = [];
  if (deps.config.BENCH_STATIC) {
    // The bare render (/__bare<path>: kept data, no gRPC, no cache) and the sitemap's baselines.
    const bareDeps = benchBareDeps(deps);
    const bare = createRuntime(bareDeps, onUpstreamError);
    const staticPage = benchStaticAnswer((path) => renderWith(runtime, path));
    baselines.push(
      { prefix: BENCH_STATIC_PREFIX, answer: staticPage },
      { prefix: BENCH_BARE_PREFIX, answer: bareRenderAnswer(bare) },
    );
    stack.push(
      steps.onlyWhen((req) => reachesBenchRoutes(req.path), benchRoutes(deps, bare, bareDeps.services)),
    );
    stack.push(
      steps.onlyWhen(
        (req) => !withBody(req) && req.path.startsWith(`${BENCH_STATIC_PREFIX}/`),
        baselineHandler(BENCH_STATIC_PREFIX, staticPage),
      ),
    );
  }
  stack.push(payloadHandler(resolver, deps.manifest.buildId));
  const experimentsFor = pageExperiments(deps);
  const page = pageAnswer(resolver, renderer, runtime.answers, experimentsFor);
  stack.push(pageHandler(resolver, page));
  app.use(sequence(stack));
  const answerError = errorAnswer(resolver, renderer, deps.logger);
  app.use(errorHandler(answerError));
  // The Express stack reads bodies and streams renders: its handlers continue from the request's
  // and the response's events, which must carry the request's trace.
  const stackListener: GatewayListener = (req, res) => {
    bindToRequestContext(req, res);
    app(req, res);
  };
  const pageKeyOf = fastPathKey(experimentsFor);
  const fastPath = runtime.answers
    ? keptAnswerFastPath({
        answers: runtime.answers,
        fixedHeaders,
        // A page's key as its handler plans it, else the sitemap's (the same for everyone).
        keyOf: (req, pathname, search) => pageKeyOf(req, pathname, search) ?? sitemapAnswerKey(pathname),
        observe: metrics.observe,
        isDraining: () => readiness.isDraining,
      })
    : undefined;
  const lane = pageLane({
    fixedHeaders,
    // What the stack answers ahead of the page handler: a declared endpoint (the method rule and
    // its handler), any read a conditional step takes, and an alias (the page handler's 301).
    leftToStack: (pagePath) =>
      methods.of(pagePath).declared || steps.takesRead(pagePath) || resolver.redirectFor(pagePath) !== null,
    track: metrics.track,
    compress,
    isDraining: () => readiness.isDraining,
    page,
    baselines,
    answerError,
  });
  // Hashed assets, the favicon and build files get no server span: they are sent by express.static
  // and a span per file would outnumber the pages' own. Pages name their span in the metrics middleware.
  return traceServerRequests(
    fastPath
      ? (req, res) => {
          if (!fastPath(req, res) && !lane(req, res)) stackListener(req, res);
        }
      : (req, res) => {
          if (!lane(req, res)) stackListener(req, res);
        },
    { untracedPathPrefixes: ['/assets/', '/builds/', '/favicon'] },
  );
}

/**
 * The A/B assignment of a page request (features/experiments): the site's country, the visitor's
 * cookie choice (no consent, no experiment), the client id when there is one, a `Secure` cookie
 * behind https.
 */
function pageExperiments(deps: GatewayDeps): PageExperimentsFor {
  const country = createPolishLocale(deps.config.PUBLIC_ORIGIN).country;
  const secure = deps.config.PUBLIC_ORIGIN.startsWith('https:');
  return (req, pathname, search) => {
    const cookieHeader = req.headers.cookie;
    return assignPageExperiments({
      path: pathname,
      query: new URLSearchParams(search),
      cookieHeader,
      consent: readConsent(cookieHeader),
      country,
      clientId: readClientId(cookieHeader),
      newId: newClientId,
      secure,
      crawler: isbot(req.headers['user-agent'] ?? ''),
    });
  };
}

/** The pages a feature answers with: the resolver's pages, streamed by the renderer. */
function pagePort(runtime: Runtime, buildId: string): PagePort {
  return {
    resolve: (path, search) => runtime.resolver.resolve(path, search),
    statusPage: (path, status, routeLabel) => runtime.resolver.statusPage(path, status, routeLabel),
    render: (req, res, page) => runtime.renderer.stream(req, res, page),
    buildId,
  };
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

import { type Cache } from '@lib/cache';
import { contentV1, GrpcCallError, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { statusCopy } from '../../app/errors/status-copy';
import { FALLBACK_NAVIGATION } from '../../app/layouts/fallback-navigation';
import { type NavigationView } from '../../app/layouts/navigation';
import { keepExistingLinks } from '../../app/layouts/navigation-links';
import { type OperatorView } from '../../app/operator';
import { unlinkMissingPagesIn } from '../../app/site-paths/dead-links';
import { withFigures } from '../../app/figures/figure-tokens';
import { type AnyRoute, type LoadContext, type RouteHead } from '../../app/route-types';
import { compileRoutes, matchRoute } from '../../app/routes';
import { SECTION_UNAVAILABLE, hasUnavailableSection, sectionOk } from '../../app/section';
import { withOgImage } from '../../app/seo/og-image';
import { organizationLd } from '../../app/seo/structured-data';
import { type GatewayServices } from '../../app/services';
import { toNavigationView } from '../../app/view-models';
import { type Locale } from '../../shared/locale';
import { httpStatusFor } from '../../kit/http/error-status';
import { type PageDataCacheOptions, loadPageData, pageDataKey } from './page-data-cache';
import { type ResolvedPage } from '../../kit/pages/resolved-page';

/** Cache key of the navigation (only links to pages that exist), next to the page data it is cached like. */
const NAVIGATION_CACHE_KEY = pageDataKey('site-navigation', {});

export interface PageResolverDeps {
  routes: readonly AnyRoute[];
  services: GatewayServices;
  cache: Cache;
  cacheOptions: PageDataCacheOptions;
  locale: Locale;
  origin: string;
  /** Who runs the site (config OPERATOR): drawn in every page's footer with the navigation. */
  operator: OperatorView;
  logger: Logger;
  /** Counts failed backend calls by service method and gRPC code. */
  onUpstreamError?(error: unknown): void;
}

/** Turns a page path into data: route match, parameter check, cached load, error mapping. */
export class PageResolver {
  private readonly table: ReturnType<typeof compileRoutes>;
  /**
   * The navigation of the latest resolve(), for error pages drawn without a lookup of their own
   * (the error handler must answer at once, even while the content service is down).
   */
  private navigation: NavigationView;
  /** The content service's page paths (ListRoutes) and until when they are taken as current. */
  private knownPaths: { paths: ReadonlyMap<string, contentV1.RouteType>; until: number } | null = null;
  private pendingPaths: Promise<ReadonlyMap<string, contentV1.RouteType> | null> | null = null;
  /**
   * The last navigation checked against the route list, with the two it came from: while both
   * are the same objects (a shared answer and the kept list), the check is not done again.
   */
  private checkedNavigation: {
    answer: contentV1.Navigation;
    contentPaths: ReadonlyMap<string, contentV1.RouteType> | null;
    view: NavigationView;
  } | null = null;
  /** pageExists's functions, by list of content paths (and without one). */
  private readonly existsByPaths = new WeakMap<ReadonlyMap<string, unknown>, (path: string) => boolean>();
  private existsWithoutPaths: ((path: string) => boolean) | undefined;
  /** The built-in navigation, reduced to the pages known to exist without the content service. */
  private readonly fallbackNavigation: NavigationView;

  constructor(private readonly deps: PageResolverDeps) {
    this.table = compileRoutes(deps.routes);
    this.fallbackNavigation = {
      ...keepExistingLinks(FALLBACK_NAVIGATION, this.pageExists(null)),
      operator: deps.operator,
    };
    this.navigation = this.fallbackNavigation;
  }

  /**
   * Whether a site path has a page: a published content route (pages, articles, tags, authors,
   * lender reviews), or a path one of the gateway's own routes (not the generic content route)
   * accepts. Without the content service's list (null), a path only the content route would
   * take is assumed to exist.
   */
  pageExists(contentPaths: ReadonlyMap<string, unknown> | null): (path: string) => boolean {
    // One function per list: the link check keeps what it found in shared page parts per function.
    if (contentPaths === null) return (this.existsWithoutPaths ??= this.existsIn(null));
    let exists = this.existsByPaths.get(contentPaths);
    if (exists === undefined) {
      exists = this.existsIn(contentPaths);
      this.existsByPaths.set(contentPaths, exists);
    }
    return exists;
  }

  private existsIn(contentPaths: ReadonlyMap<string, unknown> | null): (path: string) => boolean {
    return (path) => {
      if (contentPaths?.has(path)) return true;
      const match = matchRoute(path, this.table);
      if (!match) return false;
      if (match.route.page === 'content') return contentPaths === null;
      return match.route.params(match.raw, new URLSearchParams()) !== null;
    };
  }

  /**
   * The page at a path, with the navigation around it (both loaded in parallel). `search` is the
   * query string ('?komentarze=starsze' or ''); routes read only the parameters they know.
   */
  async resolve(path: string, search = ''): Promise<ResolvedPage> {
    const [page, navigation] = await Promise.all([
      this.resolveContent(path, new URLSearchParams(search)),
      this.loadNavigation(),
    ]);
    return { ...page, navigation };
  }

  /**
   * Where a path that is an alias of another page lives ('/blog/page-1/' → '/blog/'), for a 301;
   * null for every other path.
   */
  redirectFor(path: string): string | null {
    const match = matchRoute(path, this.table);
    return match?.route.redirect?.(match.raw) ?? null;
  }

  private async resolveContent(path: string, query: URLSearchParams): Promise<ResolvedPage> {
    const match = matchRoute(path, this.table);
    if (!match) {
      this.deps.logger.info({ path }, `Page not found: ${path}`);
      return this.notFound(path);
    }
    const { route } = match;
    const params: unknown = route.params(match.raw, query);
    if (params === null) {
      this.deps.logger.info({ path, route: route.name }, `Page Not Found: ${path}`);
      return this.notFound(path);
    }

    let data: unknown;
    try {
      data = await loadPageData(
        this.deps.cache,
        this.deps.cacheOptions,
        pageDataKey(route.name, params),
        async () => {
          const context = this.loadContext(path, params, this.knownPaths?.paths.get(path));
          const [loaded, contentPaths] = await Promise.all([route.load(context), this.contentPaths()]);
          // Figure tokens ({{oferty.kwota-max}} …) in content text are filled from the offers data.
          return withFigures(unlinkMissingPagesIn(loaded, this.pageExists(contentPaths)), context);
        },
        hasUnavailableSection,
      );
    } catch (error) {
      return this.failed(path, route, error);
    }

    // The data came from this route's own loader (directly or through the cache), so it has
    // the page's type; TypeScript cannot follow that through the heterogeneous table.
    const own = data as never;
    return {
      status: 200,
      route: route.name,
      routeLabel: route.pattern,
      page: route.page,
      layout: route.layout,
      params,
      data,
      head: this.withOrganization(route.head(own, { path, origin: this.deps.origin })),
      navigation: this.navigation,
    };
  }

  /**
   * Header and footer links from the content service, cached like page data. While the service
   * does not answer (and nothing is cached), the built-in navigation is shown.
   */
  private async loadNavigation(): Promise<NavigationView> {
    try {
      const loaded = (await loadPageData(
        this.deps.cache,
        this.deps.cacheOptions,
        NAVIGATION_CACHE_KEY,
        () => this.loadExistingNavigation(),
        () => false,
      )) as NavigationView;
      // The operator comes from this process's configuration, never from the shared cache.
      const navigation: NavigationView = { ...loaded, operator: this.deps.operator };
      this.navigation = navigation;
      return navigation;
    } catch (error) {
      this.deps.onUpstreamError?.(error);
      this.deps.logger.warn(
        { err: error, ...grpcFields(error) },
        'navigation unavailable: showing the built-in navigation',
      );
      this.navigation = this.fallbackNavigation;
      return this.fallbackNavigation;
    }
  }

  /**
   * GetNavigation with its links to pages that do not exist (yet) left out (ListRoutes tells which
   * do). Without the route list only the gateway's own paths are checked; that copy is cached like
   * any navigation (it is no worse than the service's own), and the next refresh checks it all again.
   */
  private async loadExistingNavigation(): Promise<NavigationView> {
    const { content } = this.deps.services;
    const [answer, contentPaths] = await Promise.all([content.getNavigation({}), this.contentPaths()]);
    const last = this.checkedNavigation;
    if (last?.answer === answer && last.contentPaths === contentPaths) return last.view;
    const view = keepExistingLinks(toNavigationView(answer), this.pageExists(contentPaths));
    this.checkedNavigation = { answer, contentPaths, view };
    return view;
  }

  /**
   * The paths of the content service's published pages (ListRoutes), kept in process for the
   * page-data TTL whether or not the page cache is on (every page load asks). Null while the
   * service does not answer: links are then not checked against content pages (an info line; the
   * page or navigation that needs the service reports the outage itself).
   */
  private async contentPaths(): Promise<ReadonlyMap<string, contentV1.RouteType> | null> {
    const now = Date.now();
    if (this.knownPaths && this.knownPaths.until > now) return this.knownPaths.paths;
    this.pendingPaths ??= this.deps.services.content
      .listRoutes({ type: contentV1.RouteType.UNSPECIFIED })
      .then(
        ({ routes }) => {
          const paths = new Map(routes.map((route) => [route.path, route.type]));
          this.knownPaths = { paths, until: Date.now() + this.deps.cacheOptions.ttlMs };
          return paths;
        },
        (error: unknown) => {
          this.deps.onUpstreamError?.(error);
          this.deps.logger.info(
            { err: error, ...grpcFields(error) },
            'route list unavailable: links not checked against content pages',
          );
          // the last known list stays better than none
          return this.knownPaths?.paths ?? null;
        },
      )
      .finally(() => {
        this.pendingPaths = null;
      });
    return this.pendingPaths;
  }

  /**
   * Every page's head carries the Organization first, then the route's own JSON-LD, and an
   * og:image (the route's or the site's default PNG).
   */
  private withOrganization(head: RouteHead): RouteHead {
    return withOgImage(
      { ...head, structuredData: [organizationLd(this.deps.origin), ...(head.structuredData ?? [])] },
      this.deps.origin,
    );
  }

  /** The 404 page, for unmatched paths, rejected parameters and NOT_FOUND from a service. */
  notFound(path: string): ResolvedPage {
    const data = { path };
    return {
      status: 404,
      route: 'not-found',
      routeLabel: 'not-found',
      page: 'not-found',
      layout: 'default',
      params: {},
      data,
      head: this.withOrganization({
        title: 'Nie znaleziono strony',
        description: 'Nie mogliśmy znaleźć żądanej strony.',
        // No canonical: the missing address must not be named the canonical of anything.
        robots: 'noindex, follow',
      }),
      navigation: this.navigation,
    };
  }

  /** Any other error answer (400, 405, 413, 429, 500, 502, 503) as a page in the default layout. */
  statusPage(path: string, status: number, routeLabel = 'status'): ResolvedPage {
    const data = { status };
    return {
      status,
      route: 'status',
      routeLabel,
      page: 'status',
      layout: 'default',
      params: {},
      data,
      head: this.withOrganization({
        title: statusCopy(status).title,
        description: statusCopy(status).text,
        canonical: `${this.deps.origin}${path}`,
        robots: 'noindex, follow',
      }),
      navigation: this.navigation,
    };
  }

  private failed(path: string, route: AnyRoute, error: unknown): ResolvedPage {
    const status = httpStatusFor(error);
    if (status === 404) {
      this.deps.logger.info({ path, route: route.name }, `Page not found: ${path}`);
      return this.notFound(path);
    }
    this.deps.onUpstreamError?.(error);
    const fields = { path, route: route.name, status, err: error, ...grpcFields(error) };
    if (status >= 500) this.deps.logger.error(fields, `page data failed: ${path}`);
    else this.deps.logger.warn(fields, `page data rejected: ${path}`);
    return this.statusPage(path, status, route.pattern);
  }

  private loadContext<P>(path: string, params: P, contentType?: contentV1.RouteType): LoadContext<P> {
    return {
      params,
      path,
      ...(contentType === undefined ? {} : { contentType }),
      services: this.deps.services,
      locale: this.deps.locale,
      origin: this.deps.origin,
      section: async (call) => {
        try {
          return sectionOk(await call());
        } catch (error) {
          this.deps.onUpstreamError?.(error);
          this.deps.logger.warn(
            { path, err: error, ...grpcFields(error) },
            `page section unavailable: ${path}`,
          );
          return SECTION_UNAVAILABLE;
        }
      },
    };
  }
}

function grpcFields(error: unknown): Record<string, string> {
  return error instanceof GrpcCallError ? { grpcMethod: error.method, grpcCode: statusName(error.code) } : {};
}

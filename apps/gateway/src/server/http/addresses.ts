import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type Endpoint } from '../../kit/http/methods';
import { pagePathOfPayload } from '../../shared/page-state';
import { BENCH_BARE_PREFIX, BENCH_STATIC_PREFIX } from './bench-static';
import { type PageResolver } from '../pages/page-resolver';
import { SITEMAP_INDEX_PATH, SITEMAP_SECTIONS, isSitemapFilePath } from '../seo/sitemap';

/** Whether an address is the API's: answered as JSON (an unknown one is a JSON 404), never as a page. */
export const isApiAddress = (pathname: string): boolean => pathname.startsWith('/api/');

/** The fixed files the gateway writes itself (the sitemap index, robots.txt). */
const FIXED_FILES: readonly string[] = [SITEMAP_INDEX_PATH, '/robots.txt'];

/** Whether the gateway writes the file at an address itself (those above and the sitemap's files): never looked for on disk. */
export const isGeneratedFile = (pathname: string): boolean =>
  FIXED_FILES.includes(pathname) || isSitemapFilePath(pathname);

/**
 * Whether an address may be a file of the built client: under /assets, or with a dot in its path,
 * except a page's payload and the generated files, which are answered further down the stack (a
 * look on disk for each of them would cost a stat per request).
 */
export function mayBeFile(pathname: string): boolean {
  if (pathname.startsWith('/assets')) return true;
  return (
    pathname.includes('.') &&
    !isGeneratedFile(pathname) &&
    pagePathOfPayload(pathname) === null &&
    // The benchmark's baselines of a page or of sitemap.xml, answered as the page or file would be.
    !pathname.startsWith(`${BENCH_STATIC_PREFIX}/`) &&
    !pathname.startsWith(`${BENCH_BARE_PREFIX}/`)
  );
}

/** The server's own addresses besides pages and files, all read-only; the bench's only with BENCH_STATIC. */
export function serverEndpoints(benchStatic: boolean): Endpoint[] {
  return [
    { path: '/healthz', methods: ['GET'] },
    { path: '/readyz', methods: ['GET'] },
    ...FIXED_FILES.map((file) => ({ path: file, methods: ['GET'] }) as const),
    // The sitemap's files, one prefix per section: the content decides how many there are.
    ...SITEMAP_SECTIONS.map(
      (section) => ({ path: `/sitemap-${section}-`, prefix: true, methods: ['GET'] }) as const,
    ),
    { path: '/builds/', prefix: true, methods: ['GET'] },
    ...(benchStatic
      ? [
          { path: `${BENCH_STATIC_PREFIX}/`, prefix: true, methods: ['GET'] } as const,
          { path: `${BENCH_BARE_PREFIX}/`, prefix: true, methods: ['GET'] } as const,
        ]
      : []),
  ];
}

/**
 * Addresses that are answered as written, never slash-redirected: the probes, the API (an
 * unknown API address is a JSON 404, not a redirect to a page address), assets and build files.
 */
export function keepsItsAddress(pathname: string): boolean {
  return (
    pathname === '/healthz' ||
    pathname === '/readyz' ||
    isApiAddress(pathname) ||
    pathname.startsWith('/assets/') ||
    pathname.startsWith('/builds/')
  );
}

/** Whether a page address has a page (or is an alias of one); a failure to tell counts as yes. */
async function pageExists(resolver: PageResolver, pagePath: string): Promise<boolean> {
  if (resolver.redirectFor(pagePath) !== null) return true;
  try {
    return (await resolver.resolve(pagePath)).status !== 404;
  } catch {
    return true;
  }
}

/** Whether a file of the built client lies at the address (never outside its folder). */
async function fileExists(publicDir: string, pathname: string): Promise<boolean> {
  const root = path.resolve(publicDir);
  const file = path.resolve(root, `.${decodeURIComponent(pathname)}`);
  if (!file.startsWith(`${root}${path.sep}`)) return false;
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * What the method rule asks of an address no handler declared, when a method it does not take
 * arrives: is anything there (then 405, else 404 as GET would answer)? A page address (or its
 * payload) asks the route table and the page's data; a file asks the built client's folder.
 */
export function knownAddress(
  resolver: PageResolver,
  publicDir: string,
): (pathname: string) => Promise<boolean> {
  return (pathname) => {
    const pagePath = pagePathOfPayload(pathname) ?? pathname;
    if (pagePath.endsWith('/') && !isApiAddress(pagePath)) return pageExists(resolver, pagePath);
    if (pathname.includes('.')) return fileExists(publicDir, pathname);
    return Promise.resolve(false);
  };
}

import { bindToRequestContext } from '@lib/observability';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type LabelledResponse } from '../../kit/http/labelled-response';
import { carriesBody, malformedPart, splitUrl } from '../../kit/http/request-guards';
import { type BaselineAnswer, benchPagePath } from './bench-static';
import { type NodeMiddleware } from './compression';
import { type ErrorAnswer } from './error-handler';
import { sendFallbackPage } from '../render/fallback-page';
import { type PageAnswer } from './page-handlers';

/*
 * The page lane: a GET or HEAD of a page address that nothing but the page handler answers is
 * answered before Express, by the same page answer (page-handlers.ts), with what the Express stack
 * would have done for it on the way: the request metric, the security headers (computed once),
 * compression where accepted, and the same error answer. Everything else goes to Express unchanged.
 *
 * Why: in a profile of the gateway sending a page's bytes through the stack, Express itself (its
 * application and router, the request's and the response's prototypes, `res.locals`, the response
 * helpers) and the thirty-odd checks a page request passes on its way cost more than the socket
 * write and Node's own HTTP code together; a page that is not kept paid all of it before rendering.
 *
 * Why this is safe: every guard of the stack in front of the page handler decides by the method,
 * the address and the body alone, and the lane takes only what all of them let through
 * unchanged: an address in origin form that ends with '/' (no trailing-slash redirect, no file),
 * whose path and query decode (else 400), without a body (else the body limit), not declared by
 * any endpoint (probes, builds, the sitemap, the API, the bench's sitemaps), taken by none of the
 * stack's conditional steps (files, builds, the features' forms drawn per visitor, self-service
 * pages and read endpoints, the API, the sitemap: asked through their own conditions, so a step
 * added to the stack is never missed here), and no alias of another page (the stack answers its
 * 301). A draining server leaves every request to the stack,
 * which closes the connection. The benchmark's baselines of a page (/__static, /__bare) are
 * taken where their page is, so they measure the middleware the page itself meets.
 */

export interface PageLaneDeps {
  /** The headers every answer carries (security headers), as set once. */
  fixedHeaders: readonly (readonly [string, string])[];
  /** Whether an address ending with '/' is answered by the stack itself (see above). */
  leftToStack(pagePath: string): boolean;
  /** The request metric, as the stack's first middleware records it. */
  track(req: IncomingMessage, res: LabelledResponse): void;
  /** Compression where the request accepts it, as in the stack. */
  compress: NodeMiddleware;
  isDraining(): boolean;
  page: PageAnswer;
  /** The benchmark's page baselines by address prefix (BENCH_STATIC only). */
  baselines?: readonly { prefix: string; answer: BaselineAnswer }[];
  /** The stack's error answer (the status page, never a stack trace). */
  answerError: ErrorAnswer;
}

/** Returns a listener step: true when the lane answers the request, false when Express must. */
export function pageLane(deps: PageLaneDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const baselines = deps.baselines ?? [];
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith('/') || carriesBody(req) || deps.isDraining()) return false;
    const { pathname, search } = splitUrl(url);
    if (!pathname.endsWith('/') || malformedPart(pathname, search) !== null) return false;
    const baseline = baselines.find(({ prefix }) => pathname.startsWith(`${prefix}/`));
    const pagePath = baseline ? benchPagePath(pathname, baseline.prefix) : pathname;
    if (deps.leftToStack(pagePath)) return false;
    answer(deps, req, res, url, () =>
      baseline
        ? baseline.answer(req, res as LabelledResponse, { pagePath, search })
        : deps.page(req, res as LabelledResponse, { url, pathname, search }),
    );
    return true;
  };
}

function answer(
  deps: PageLaneDeps,
  req: IncomingMessage,
  plain: ServerResponse,
  url: string,
  handle: () => Promise<void>,
): void {
  const res = plain as LabelledResponse;
  res.locals = Object.create(null) as Record<string, unknown>;
  // The render continues from stream events (a client that goes away), which must carry the
  // request's trace, as in the stack.
  bindToRequestContext(req, res);
  deps.track(req, res);
  for (const [name, value] of deps.fixedHeaders) res.setHeader(name, value);
  const fail = (error: unknown): void => {
    try {
      deps.answerError(error, req, res, url);
    } catch {
      // The error answer itself failed (it has logged the error first): the static fallback page, or
      // a cut connection once a head is out, rather than a rejection nobody handles.
      sendFallbackPage(res);
    }
  };
  deps.compress(req, res, (error) => {
    if (error !== undefined) {
      fail(error);
      return;
    }
    handle().catch(fail);
  });
}

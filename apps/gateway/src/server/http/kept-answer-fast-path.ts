import { type IncomingMessage, type ServerResponse } from 'node:http';
import {
  type KeptAnswers,
  type KeptEntry,
  type KeptHeadKind,
  keptAnswerHeaders,
  keptAnswerIsFresh,
  keptCopy,
  readyEncoding,
} from '../render/kept-answers';
import { carriesBody } from '../../kit/http/request-guards';

/*
 * The fast path of finished documents: a GET or HEAD of a page or of the sitemap whose kept answer (KeptAnswers, PAGE_MEMO_MS)
 * is there is answered before the Express stack, from the memo, with what the stack would have
 * sent for it: the same status, the security headers (computed once), Content-Type,
 * Cache-Control, ETag and 304, the precompressed copy the client accepts, the same request metric
 * and the same route on the trace. Anything else falls through to Express unchanged.
 *
 * Why this is safe: an answer is kept only for a request that went through the whole stack and
 * was answered by the page handler as a complete page that is the same for everyone (answer-policy
 * .ts). The stack's guards before it (origin-form target, malformed URL, trailing slash, method)
 * decide by the method and the address alone, so the same address passes them again; the key
 * holds what else the page handler decides by (crawler or browser, the visitor's A/B variant). A
 * request the stack would treat per visitor is left to it: a body, a query carrying form state, an
 * A/B assignment that writes a cookie, a draining server (which closes connections), and a client
 * that accepts only a compression not yet prepared (the stack compresses it on the fly).
 */

export interface FastPathDeps {
  answers: KeptAnswers;
  /** The headers every answer of the stack carries (security headers), as set once. */
  fixedHeaders: readonly (readonly [string, string])[];
  /**
   * The kept-answer key the page handler (or the sitemap) would use for this request, or undefined
   * when it would not use one, or when answering it sets a cookie (a first A/B assignment).
   */
  keyOf(req: IncomingMessage, pathname: string, search: string): string | undefined;
  /** The request metric, as the stack's metrics middleware records it. */
  observe(req: IncomingMessage, route: string, status: number, seconds: number): void;
  isDraining(): boolean;
}

/** Returns a listener step: true when it answered the request, false when Express must. */
export function keptAnswerFastPath(
  deps: FastPathDeps,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // A kept answer only ever changes by gaining its compressed copies, and the head of a copy is made
  // once the copy is there: a head stays right for as long as its answer is kept.
  const heads = new WeakMap<KeptEntry, Partial<Record<KeptHeadKind, Head>>>();
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    // Only an address in origin form (absolute-form targets take the stack), and only one keyOf
    // gives a key (pages and the sitemap: files and APIs take the stack).
    if (!url.startsWith('/') || carriesBody(req) || deps.isDraining()) return false;
    const mark = url.indexOf('?');
    const pathname = mark === -1 ? url : url.slice(0, mark);
    const key = deps.keyOf(req, pathname, mark === -1 ? '' : url.slice(mark));
    const answer = key === undefined ? undefined : deps.answers.get(key);
    if (answer === undefined) return false;
    const encoding = readyEncoding(answer, req.headers['accept-encoding']);
    if (encoding === 'not-ready') return false;
    send(deps, heads, req, res, answer, encoding);
    return true;
  };
}

/**
 * A kept answer's whole head, the fixed headers first, as the stack would set them: made once per
 * answer and copy and handed to writeHead as one list, instead of some twenty setHeader calls per
 * request, each checking, lower-casing and storing its header before Node writes them out.
 */
type Head = readonly string[];

function send(
  deps: FastPathDeps,
  heads: WeakMap<KeptEntry, Partial<Record<KeptHeadKind, Head>>>,
  req: IncomingMessage,
  res: ServerResponse,
  answer: KeptEntry,
  encoding: 'br' | 'gzip' | 'identity',
): void {
  const started = process.hrtime.bigint();
  res.once('finish', () =>
    deps.observe(req, answer.routeLabel, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9),
  );
  const notModified = keptAnswerIsFresh(req, answer);
  const kind: KeptHeadKind = notModified ? 'not-modified' : encoding;
  let known = heads.get(answer);
  if (known === undefined) heads.set(answer, (known = {}));
  const head = (known[kind] ??= [...deps.fixedHeaders.flat(), ...keptAnswerHeaders(answer, kind)]);
  res.writeHead(notModified ? 304 : answer.status, head as string[]);
  res.end(notModified ? undefined : keptCopy(answer, encoding));
}

import { LRUCache } from 'lru-cache';
import { type IncomingMessage } from 'node:http';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { preferredEncoding } from '../http/accept-encoding';
import { keepPersonalPrivate } from '../answer-policy';
import { type LabelledResponse } from '../../kit/http/labelled-response';
import { requestIsFresh } from '../../kit/http/request-freshness';

const BOTH = ['br', 'gzip'] as const;
const BR = ['br'] as const;
const GZIP = ['gzip'] as const;

/** Below this, compressing costs more than it saves (the compression middleware's own default). */
const MIN_COMPRESSED_BYTES = 1024;

/** One finished page answer: status, headers and the document, as the renderer sent it. */
export interface KeptAnswer {
  status: number;
  routeLabel: string;
  cacheControl: string;
  /** Absent on answers that must not be revalidated (error pages). */
  etag: string | undefined;
  /** The document. */
  body: Buffer;
  /** Absent: an HTML page. */
  contentType?: string;
}

/** A kept answer as held: with its compressed copies once they are made. */
export interface KeptEntry extends KeptAnswer {
  br?: Buffer;
  gzip?: Buffer;
  expiresAt: number;
}

type Entry = KeptEntry;

/**
 * Finished page answers by address (path and query as sent, crawler or not), kept for a short
 * while (PAGE_MEMO_MS, one second by default, never longer than the page data's TTL) and sent again without resolving, hashing or
 * rendering: under load a popular page is built about once per second, and every other request
 * costs what sending a file costs. Only complete pages that are the same for everyone are kept
 * (the renderer decides), so the key needs nothing about the visitor. Staleness: at most the
 * memo's lifetime on top of the page-data cache's own.
 *
 * Documents are also compressed once (brotli and gzip, in the thread pool, as soon as they are
 * kept); until that is done, the compression middleware compresses per response.
 */
export class KeptAnswers {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly ttlMs: number,
    // Date.now, like the page-data cache's freshness, so that both age on the same clock.
    private readonly now: () => number = () => Date.now(),
    maxBytes = 16 * 1024 * 1024,
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.body.length || 1,
    });
  }

  /** The memo key of a GET or HEAD of a page; undefined for anything that is not kept. */

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, answer: KeptAnswer): void {
    const entry: Entry = { ...answer, expiresAt: this.now() + this.ttlMs };
    this.entries.set(key, entry);
    if (entry.body.length < MIN_COMPRESSED_BYTES) return;
    brotliCompress(
      entry.body,
      { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } },
      (error, bytes) => {
        if (!error) entry.br = bytes;
      },
    );
    gzip(entry.body, { level: 9 }, (error, bytes) => {
      if (!error) entry.gzip = bytes;
    });
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Which copy of a kept answer to send for an Accept-Encoding: a prepared compressed one the client
 * accepts, else the uncompressed one; 'not-ready' when the client accepts a compression we make but
 * its copy is still being made (the compression middleware then compresses this response).
 */
export function readyEncoding(
  answer: KeptEntry,
  acceptEncoding: string | undefined,
): 'br' | 'gzip' | 'identity' | 'not-ready' {
  const ready = answer.br && answer.gzip ? BOTH : answer.br ? BR : answer.gzip ? GZIP : undefined;
  const prepared = ready && preferredEncoding(acceptEncoding, ready);
  if (prepared) return prepared;
  const compressible = answer.body.length >= MIN_COMPRESSED_BYTES;
  return compressible && preferredEncoding(acceptEncoding, BOTH) ? 'not-ready' : 'identity';
}

/** Which head of a kept answer: that of a copy sent ('identity' is the document itself), or of a 304. */
export type KeptHeadKind = 'br' | 'gzip' | 'identity' | 'not-modified';

/**
 * The headers a kept answer is sent with, as a flat list of names and values in the order they
 * are set: the document's type, caching and validator, then (unless a 304) its encoding and length.
 */
export function keptAnswerHeaders(answer: KeptEntry, kind: KeptHeadKind): string[] {
  const head = [
    'Content-Type',
    answer.contentType ?? 'text/html; charset=utf-8',
    'Cache-Control',
    answer.cacheControl,
  ];
  if (answer.etag !== undefined) head.push('ETag', answer.etag);
  head.push('Vary', 'Accept-Encoding');
  if (kind === 'not-modified') return head;
  const encoded = keptCopy(answer, kind);
  if (encoded !== answer.body) head.push('Content-Encoding', kind);
  head.push('Content-Length', String(encoded.length));
  return head;
}

/** The bytes sent for a copy: the compressed one when it is made, else the document. */
export function keptCopy(answer: KeptEntry, kind: 'br' | 'gzip' | 'identity'): Buffer {
  return (kind === 'br' ? answer.br : kind === 'gzip' ? answer.gzip : undefined) ?? answer.body;
}

/** Whether a request's validators match a kept answer: it is then answered 304. */
export function keptAnswerIsFresh(req: IncomingMessage, answer: KeptEntry): boolean {
  return answer.etag !== undefined && answer.status === 200 && requestIsFresh(req, answer.etag);
}

/**
 * Sends a kept answer from a handler (the page handler, the sitemap): 304 for a matching
 * If-None-Match, else the prepared copy the client accepts, or the document itself, which the
 * compression middleware then compresses on the fly (dropping the length). The headers join those
 * the stack has set (a cookie among them makes the answer private).
 */
export function sendKeptAnswer(req: IncomingMessage, res: LabelledResponse, answer: Entry): void {
  res.locals['routeLabel'] = answer.routeLabel;
  const encoding = readyEncoding(answer, req.headers['accept-encoding']);
  const copy = encoding === 'not-ready' ? 'identity' : encoding;
  const notModified = keptAnswerIsFresh(req, answer);
  const head = keptAnswerHeaders(answer, notModified ? 'not-modified' : copy);
  // Set before the compression middleware looks: it leaves an encoded body alone.
  for (let at = 0; at < head.length; at += 2) res.setHeader(head[at]!, head[at + 1]!);
  keepPersonalPrivate(res);
  res.statusCode = notModified ? 304 : answer.status;
  res.end(notModified ? undefined : keptCopy(answer, copy));
}

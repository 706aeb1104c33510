import { type ServerResponse } from 'node:http';
import { type FormState } from '../app/form-state';
import { hasUnavailableSection } from '../app/section';
import { type ResolvedPage } from '../kit/pages/resolved-page';
import { formStateOfQuery } from './feature-handlers';

/*
 * Whether an answer is personal, and so how it may be kept: the one module to read before adding
 * anything visitor-specific to a page.
 *
 * A page answer is one of four kinds (answerKind):
 * - personal: it carries a form state (what a visitor typed, a CSRF token, a message about their
 *   post, a notice the address's query asks for). `no-store`, no ETag, never memoised or kept.
 *   A feature makes its page personal by giving it a formState (an empty one will do), or, for a
 *   GET address, by listing its query reader in QUERY_FORM_STATES (feature-handlers.ts).
 * - shared: a complete 200 page, the same for everyone: a CDN may keep it (s-maxage,
 *   stale-while-revalidate), browsers revalidate with the ETag, its HTML is memoised by ETag and
 *   the whole answer is kept by address for PAGE_MEMO_MS.
 * - partial: a 200 page with a section that failed to load: shared headers and ETag (its data is
 *   not cached either, so the next request loads again), but never memoised or kept.
 * - status: an error or status page: `no-cache` with its ETag, never memoised or kept.
 * Two rules sit on top: an answer that sets a cookie (a first A/B assignment) is private whatever
 * its kind and is not kept; and the visitor's A/B variant is part of the kept answer's key (and of
 * the ETag, through the inline state), so variants never mix.
 */

export type AnswerKind = 'personal' | 'shared' | 'partial' | 'status';

export function answerKind(page: Pick<ResolvedPage, 'status' | 'formState' | 'data'>): AnswerKind {
  if (page.formState) return 'personal';
  if (page.status !== 200) return 'status';
  return hasUnavailableSection(page.data) ? 'partial' : 'shared';
}

/** HTTP caching of shared pages: a CDN may answer for the page data's own TTL, then stale while it revalidates. */
export interface PageCachePolicy {
  /** s-maxage: how long a CDN may answer without asking (the page data's own TTL). */
  sharedMaxAgeSeconds: number;
  /** stale-while-revalidate: how long after that it may still answer while it asks. */
  staleSeconds: number;
}

export function pageCachePolicy(config: {
  PAGE_CACHE_TTL_MS: number;
  PAGE_CACHE_STALE_MS: number;
}): PageCachePolicy {
  return {
    sharedMaxAgeSeconds: Math.max(1, Math.round(config.PAGE_CACHE_TTL_MS / 1000)),
    staleSeconds: Math.round(config.PAGE_CACHE_STALE_MS / 1000),
  };
}

/** The same document for everyone: CDN-cacheable, revalidated by ETag; browsers always ask again (max-age=0). */
export function sharedPageCacheControl(policy: PageCachePolicy): string {
  return `public, max-age=0, s-maxage=${policy.sharedMaxAgeSeconds}, stale-while-revalidate=${policy.staleSeconds}`;
}

/** Made for this response (a cookie): the browser may keep it, a shared cache never. */
export const PERSONAL_PAGE = 'private, no-cache';
/** Values a visitor typed, messages about their post: not stored anywhere. */
export const NOT_STORED = 'no-store';
/** Error pages and other answers that must be asked for again every time. */
export const REVALIDATE = 'no-cache';

/** How an answer of a kind is cached: its Cache-Control, whether it has an ETag (and so 304s), whether its HTML may be memoised and kept. */
export function cachingOf(
  kind: AnswerKind,
  sharedCacheControl: string,
): { cacheControl: string; etag: boolean; keep: boolean } {
  switch (kind) {
    case 'personal':
      return { cacheControl: NOT_STORED, etag: false, keep: false };
    case 'shared':
      return { cacheControl: sharedCacheControl, etag: true, keep: true };
    case 'partial':
      return { cacheControl: sharedCacheControl, etag: true, keep: false };
    case 'status':
      return { cacheControl: REVALIDATE, etag: true, keep: false };
  }
}

/** The form state a page address's query carries (the comment notice, a converter form sent without JavaScript): such a GET is personal. */
export function queryFormState(search: string): FormState | undefined {
  return search === '' ? undefined : formStateOfQuery(new URLSearchParams(search));
}

/**
 * The key of a kept answer: the address, the visitor's A/B flows (variants never mix), and whether
 * the client is a crawler (complete HTML) or a browser (streamed shell).
 */
export function keptAnswerKey(url: string, crawler: boolean, testFlow = ''): string {
  return `${crawler ? 'all' : 'shell'} ${testFlow} ${url}`;
}

/** Whether an answer may be kept and sent to others: one that sets a cookie belongs to its visitor. */
export const mayKeepAnswer = (res: ServerResponse): boolean => !res.hasHeader('Set-Cookie');

/**
 * The last word before a page's headers go out: a response that sets a cookie is that visitor's,
 * whatever was decided before, so it is never marked public.
 */
export function keepPersonalPrivate(res: ServerResponse): void {
  if (res.hasHeader('Set-Cookie') && /\bpublic\b/.test(String(res.getHeader('Cache-Control') ?? ''))) {
    res.setHeader('Cache-Control', PERSONAL_PAGE);
  }
}

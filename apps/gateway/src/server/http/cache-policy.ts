import { type Response } from 'express';

/**
 * HTTP caching of pages, in one place. A page that is the same for every visitor may be kept by a
 * shared cache (CDN) for as long as the gateway's own page data counts as fresh, then served stale
 * while the CDN revalidates with the ETag; browsers always revalidate (max-age=0), so a visitor
 * sees new content as soon as the gateway does. Anything made for one visitor or one response is
 * never put into a shared cache.
 */
export interface PageCachePolicy {
  /** s-maxage: how long a CDN may answer without asking (the page data's own TTL). */
  sharedMaxAgeSeconds: number;
  /** stale-while-revalidate: how long after that it may still answer while it asks. */
  staleSeconds: number;
}

/** The same document for everyone: CDN-cacheable, revalidated by ETag. */
export function sharedPageCacheControl(policy: PageCachePolicy): string {
  return `public, max-age=0, s-maxage=${policy.sharedMaxAgeSeconds}, stale-while-revalidate=${policy.staleSeconds}`;
}

/** Made for this response (a form key, a cookie): the browser may keep it, a shared cache never. */
export const PERSONAL_PAGE = 'private, no-cache';

/** Values a visitor typed, messages about their post: not stored anywhere. */
export const NOT_STORED = 'no-store';

/** Error pages and other answers that must be asked for again every time. */
export const REVALIDATE = 'no-cache';

export function pageCachePolicy(config: { PAGE_CACHE_TTL_MS: number; PAGE_CACHE_STALE_MS: number }): PageCachePolicy {
  return {
    sharedMaxAgeSeconds: Math.max(1, Math.round(config.PAGE_CACHE_TTL_MS / 1000)),
    staleSeconds: Math.round(config.PAGE_CACHE_STALE_MS / 1000),
  };
}

/**
 * The last word before a page's headers go out: a response that sets a cookie is that visitor's,
 * whatever was decided before, so it is never marked public.
 */
export function keepPersonalPrivate(res: Response): void {
  if (res.hasHeader('Set-Cookie') && /\bpublic\b/.test(String(res.getHeader('Cache-Control') ?? ''))) {
    res.setHeader('Cache-Control', PERSONAL_PAGE);
  }
}

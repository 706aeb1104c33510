import { z } from 'zod';
import { FEED_COUNTRIES } from '../domain/feed-countries';

/** A ListOffers limit of 0 (proto3's "not given") means this many. */
export const DEFAULT_LIMIT = 20;
/** Larger pages are refused rather than capped: callers page through the list. */
export const MAX_LIMIT = 100;
/** Bounds the OFFSET scan a caller can ask PostgreSQL for. */
const MAX_OFFSET = 10_000;

/**
 * ListOffers: a feed country in any case and surrounding blanks, a limit and an offset. The
 * contract pages by limit/offset (not common.v1.PageRequest), so the shared page field does not apply.
 */
export const listOffersRequest = z.object({
  country: z
    .string()
    .transform((c) => c.trim().toLowerCase())
    .pipe(z.enum(FEED_COUNTRIES, { error: `must be one of ${FEED_COUNTRIES.join(', ')}` })),
  limit: z.number().int().min(0).max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`).transform((l) => l || DEFAULT_LIMIT),
  offset: z.number().int().min(0).max(MAX_OFFSET),
});

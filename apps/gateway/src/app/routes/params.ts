import { isSlug } from '@lib/pl-validation';
import { parsePageNumber } from '../../shared/paging';
import { type RawParams } from '../match-path';

export const noParams = (): Record<string, never> => ({});

/** A lower-case slug parameter, or null (the route answers 404 without calling a service). */
export function slugParam(raw: RawParams, name: string): string | null {
  const value = raw[name];
  return value !== undefined && isSlug(value) ? value : null;
}

/** Listing page numbers have at most six digits; longer ones name no page. */
const LISTING_PAGE_DIGITS = 6;

/**
 * A listing page number written the canonical way: digits without leading zeros, at least
 * `min`. Page 1 lives at the listing's own address (see the routes' redirect()).
 */
export function pageNumberParam(raw: RawParams, name: string, min = 2): number | null {
  const page = parsePageNumber(raw[name], LISTING_PAGE_DIGITS);
  return page !== null && page >= min ? page : null;
}

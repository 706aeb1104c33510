import { type RawParams } from '../match-path';

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const noParams = (): Record<string, never> => ({});

/** A lower-case slug parameter, or null (the route answers 404 without calling a service). */
export function slugParam(raw: RawParams, name: string): string | null {
  const value = raw[name];
  return value !== undefined && value.length <= 100 && SLUG.test(value) ? value : null;
}

/**
 * A listing page number written the canonical way: digits without leading zeros, at least
 * `min`. Page 1 lives at the listing's own address (see the routes' redirect()).
 */
export function pageNumberParam(raw: RawParams, name: string, min = 2): number | null {
  const value = raw[name];
  if (value === undefined || !/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page >= min ? page : null;
}

import { type Cache, readThrough } from '@lib/cache';

export interface PageDataCacheOptions {
  enabled: boolean;
  ttlMs: number;
  staleMs: number;
}

/**
 * Bump when the shape of cached page data changes incompatibly, so a new release never renders
 * an entry written by the previous one (entries expire by themselves within TTL + stale).
 */
const KEY_VERSION = 'v1';

/** Thrown by a loader whose page came out partial, so the cache keeps the last complete copy. */
export class PartialPageData extends Error {
  constructor(readonly data: unknown) {
    super('page data is missing a section');
    this.name = 'PartialPageData';
  }
}

/**
 * Key = route name + parameters: everything that changes the data, nothing about the visitor.
 * Parameters are serialised with sorted keys so equal objects give equal keys.
 */
export function pageDataKey(routeName: string, params: unknown): string {
  return `page:${KEY_VERSION}:${routeName}:${stableJson(params)}`;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Stale-while-revalidate over the route loader. A fresh entry answers at once; a stale one too,
 * while one refresh runs behind it; a miss waits for the loader. A partial result (a section's
 * service failed) is shown but never stored, and it does not replace a complete cached copy.
 */
export async function loadPageData(
  cache: Cache,
  options: PageDataCacheOptions,
  key: string,
  load: () => Promise<unknown>,
  isPartial: (data: unknown) => boolean,
): Promise<unknown> {
  if (!options.enabled) return load();
  try {
    return await readThrough(cache, key, { ttlMs: options.ttlMs, staleMs: options.staleMs }, async () => {
      const data = await load();
      if (isPartial(data)) throw new PartialPageData(data);
      return data;
    });
  } catch (error) {
    if (error instanceof PartialPageData) return error.data;
    throw error;
  }
}

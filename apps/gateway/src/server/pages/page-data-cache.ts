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
  // Built by concatenation: every shared read and page-data lookup makes a key, and the entries,
  // pairs and parts arrays of a map-and-join cost more than the text itself.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) text += ',';
      text += stableJson(value[index]);
    }
    return `${text}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // The default sort compares UTF-16 code units, as `<` does.
    const keys = Object.keys(record).sort();
    let text = '{';
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index] as string;
      if (index > 0) text += ',';
      text += `${JSON.stringify(key)}:${stableJson(record[key])}`;
    }
    return `${text}}`;
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

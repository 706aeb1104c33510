/**
 * Feed countries of the multi-country marketing layer and the feed-key rules:
 * a feed is `{key}_feed.json`, the key is lower-case, `kz` is always `kz_ru`, and `ua`
 * is `ua_ru` for pages whose path contains '/ru/' and `ua_ua` otherwise.
 */
export const FEED_COUNTRIES = ['es', 'mx', 'vn', 'pl', 'ph', 'my', 'za', 'kz', 'ua'] as const;
export type FeedCountry = (typeof FEED_COUNTRIES)[number];

/** Every feed the service fetches, in a fixed order (statuses are answered in this order). */
export const FEED_KEYS = ['es', 'mx', 'vn', 'pl', 'ph', 'my', 'za', 'kz_ru', 'ua_ru', 'ua_ua'] as const;
export type FeedKey = (typeof FEED_KEYS)[number];

export function isFeedCountry(value: string): value is FeedCountry {
  return (FEED_COUNTRIES as readonly string[]).includes(value);
}

export function isFeedKey(value: string): value is FeedKey {
  return (FEED_KEYS as readonly string[]).includes(value);
}

/** Lower-case, trimmed country code; undefined when not a feed country. */
export function toFeedCountry(country: string): FeedCountry | undefined {
  const key = country.trim().toLowerCase();
  return isFeedCountry(key) ? key : undefined;
}

/** The feed a page of `country` at `pagePath` reads. */
export function feedKeyFor(country: FeedCountry, pagePath = ''): FeedKey {
  if (country === 'kz') return 'kz_ru';
  if (country === 'ua') return pagePath.includes('/ru/') ? 'ua_ru' : 'ua_ua';
  return country;
}

/**
 * A feed key as a client writes it ('PL', 'kz', 'UA_RU'): lower-cased, `kz` → `kz_ru`, a bare
 * `ua` → `ua_ua` (no page path to tell otherwise); undefined when it names no feed.
 */
export function normaliseFeedKey(key: string): FeedKey | undefined {
  const lower = key.trim().toLowerCase();
  if (isFeedKey(lower)) return lower;
  const country = toFeedCountry(lower);
  return country === undefined ? undefined : feedKeyFor(country);
}

/** The country a feed belongs to. */
export function countryOfFeedKey(key: FeedKey): FeedCountry {
  return key.slice(0, 2) as FeedCountry;
}

/** The file name of a feed under the base URL. */
export const feedFileName = (key: FeedKey): string => `${key}_feed.json`;

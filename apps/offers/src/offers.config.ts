import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { env, serviceEnvSchema } from '@lib/config';
import { z } from 'zod';

/**
 * The sample feeds shipped with the product (apps/offers/feeds, copied to dist/apps/offers/feeds by
 * the build): found from this file, so a fresh `npm start` ingests them without any server.
 */
export const BUNDLED_FEEDS_DIR = path.resolve(__dirname, '../feeds');
export const BUNDLED_FEEDS_URL = `${pathToFileURL(BUNDLED_FEEDS_DIR).href}/`;

const realDirectory = (directory: string): string => {
  try {
    return realpathSync(directory);
  } catch {
    return path.resolve(directory);
  }
};

/**
 * Whether feeds fetched from `baseUrl` are the bundled sample data: a file: URL of the bundled
 * folder, however written (links resolved, with or without the trailing '/'). Any other location
 * is a partner's feed.
 */
export function isBundledFeedsUrl(baseUrl: string): boolean {
  if (!URL.canParse(baseUrl)) return false;
  const url = new URL(baseUrl);
  if (url.protocol !== 'file:') return false;
  return realDirectory(fileURLToPath(url)) === realDirectory(BUNDLED_FEEDS_DIR);
}

/** Everything the offers service (and its ingest CLI) reads from its environment (README, "Environment variables"). */
export const offersConfigSchema = serviceEnvSchema('offers').extend({
  /**
   * Where `{key}_feed.json` files are fetched from: an http(s) base URL (a CDN in production) or a
   * file: URL of a local folder; a trailing '/' is added when missing.
   */
  OFFERS_FEED_BASE_URL: z
    .string()
    .trim()
    .default(BUNDLED_FEEDS_URL)
    .refine(
      (value) => /^(https?|file):\/\//.test(value) && URL.canParse(value),
      'must be an http(s):// or file:// URL',
    )
    .transform((value) => (value.endsWith('/') ? value : `${value}/`)),
  /** How often every feed is fetched again. */
  OFFERS_FEED_INTERVAL_MS: env.positiveMs(3_600_000),
  /** One feed fetch gives up after this long (the last good feed keeps serving). */
  OFFERS_FEED_TIMEOUT_MS: env.positiveMs(15_000),
  /**
   * A loan application's stored request (amount, period, purpose, age; what GetLeadFeed matches
   * again) is deleted this many days after it was stored: keep it equal to the leads service's
   * LEADS_RETENTION_DAYS, which deletes the application itself after as many days.
   */
  OFFERS_LEAD_REQUEST_RETENTION_DAYS: env.days(365),
  /** Fetch all feeds once the schema is migrated (before the service reports ready). */
  OFFERS_INGEST_ON_START: env.bool(true),
  /**
   * Under NODE_ENV=production a stored copy of the bundled sample feeds keeps the service NOT ready
   * and unanswered; `true` lets a deployment that is not public (test stacks, compose, the dev
   * cluster) serve them anyway, every page still saying the offers are sample data.
   */
  OFFERS_ALLOW_SAMPLE_FEEDS: env.bool(false),
});

export type OffersConfig = z.output<typeof offersConfigSchema>;

/** Whether this process must refuse to serve offers of the bundled sample feeds. */
export const sampleFeedsRefused = (config: Pick<OffersConfig, 'NODE_ENV' | 'OFFERS_ALLOW_SAMPLE_FEEDS'>) =>
  config.NODE_ENV === 'production' && !config.OFFERS_ALLOW_SAMPLE_FEEDS;

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { env, serviceEnvSchema } from '@lib/config';
import { z } from 'zod';

/**
 * The sample feeds shipped with the product (apps/offers/feeds, copied to dist/apps/offers/feeds by
 * the build): found from this file, so a fresh `npm start` ingests them without any server.
 */
export const BUNDLED_FEEDS_URL = `${pathToFileURL(path.resolve(__dirname, '../feeds')).href}/`;

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
  /** Fetch all feeds once the schema is migrated (before the service reports ready). */
  OFFERS_INGEST_ON_START: env.bool(true),
});

export type OffersConfig = z.output<typeof offersConfigSchema>;

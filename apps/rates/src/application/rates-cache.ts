import { type ReadThroughOptions } from '@lib/cache';
import { type NbpTableType } from '../domain/nbp-table-type';

/**
 * Every cache key of the rates service starts with this, so an import of new tables clears them all
 * at once. The cache puts the service's namespace in front (Redis `rates:cache:latest:A`).
 */
export const RATES_CACHE_PREFIX = 'cache:';

export const latestTableKey = (table: NbpTableType) => `${RATES_CACHE_PREFIX}latest:${table}`;

/** A predefined history range (it ends on the newest table, so it changes only with an import). */
export const historyKey = (table: NbpTableType, code: string, quote: string, range: string) =>
  `${RATES_CACHE_PREFIX}history:${table}:${code}:${quote}:${range}`;

/** Bank answers share this prefix, cleared when a bank table is stored. */
export const BANK_CACHE_PREFIX = `${RATES_CACHE_PREFIX}bank:`;
export const bankTableKey = (slug: string) => `${BANK_CACHE_PREFIX}table:${slug}`;
export const BANK_LIST_KEY = `${BANK_CACHE_PREFIX}list`;

/**
 * A table changes at most once per working day, so a minute of freshness costs nothing in accuracy,
 * and an hour of stale serving keeps pages up while PostgreSQL is briefly away.
 */
export const LATEST_TABLE_CACHE: ReadThroughOptions = { ttlMs: 60_000, staleMs: 3_600_000 };

import { type ReadThroughOptions } from '@lib/cache';
import { type NbpTableType } from '../domain/nbp-table-type';

/** Every cache key of the rates service starts with this, so an import of new tables clears them all at once. */
export const RATES_CACHE_PREFIX = 'nbp:';

export const latestTableKey = (table: NbpTableType) => `${RATES_CACHE_PREFIX}latest:${table}`;

/**
 * A table changes at most once per working day, so a minute of freshness costs nothing in accuracy,
 * and an hour of stale serving keeps pages up while PostgreSQL is briefly away.
 */
export const LATEST_TABLE_CACHE: ReadThroughOptions = { ttlMs: 60_000, staleMs: 3_600_000 };

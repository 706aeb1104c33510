import { type Logger } from '@lib/observability';
import { cacheLogger, type Cache } from './cache';

export interface ReadThroughOptions {
  /** How long a loaded value counts as fresh. */
  ttlMs: number;
  /** After that, how long it may still be served while one background refresh runs. */
  staleMs: number;
  /** Where cache failures are reported; defaults to the cache's own logger. */
  logger?: Logger;
}

interface Envelope<T> {
  value: T;
  freshUntil: number;
}

function isEnvelope<T>(entry: unknown): entry is Envelope<T> {
  return typeof entry === 'object' && entry !== null && typeof (entry as Envelope<T>).freshUntil === 'number';
}

/** Loads in progress, per cache and key, so concurrent callers share one loader call. */
const inFlight = new WeakMap<Cache, Map<string, Promise<unknown>>>();

function flightsOf(cache: Cache): Map<string, Promise<unknown>> {
  let flights = inFlight.get(cache);
  if (!flights) {
    flights = new Map();
    inFlight.set(cache, flights);
  }
  return flights;
}

function loadOnce<T>(
  cache: Cache,
  key: string,
  opts: ReadThroughOptions,
  load: () => Promise<T>,
  log: Logger | undefined,
): Promise<T> {
  const flights = flightsOf(cache);
  const running = flights.get(key);
  if (running) return running as Promise<T>;

  const flight = (async () => {
    const value = await load();
    const envelope: Envelope<T> = { value, freshUntil: Date.now() + opts.ttlMs };
    try {
      await cache.set(key, envelope, opts.ttlMs + opts.staleMs);
    } catch (error) {
      log?.warn(
        { err: error, key, cache: cache.kind },
        'cache write failed; serving the loaded value uncached',
      );
    }
    return value;
  })().finally(() => flights.delete(key));
  flights.set(key, flight);
  return flight;
}

/**
 * Stale-while-revalidate over any Cache. Fresh entries are returned as they are; stale ones are
 * returned at once while a single background refresh replaces them; misses load once per key no
 * matter how many callers wait. The cache is an optimisation only: when it fails, the loader answers.
 */
export async function readThrough<T>(
  cache: Cache,
  key: string,
  opts: ReadThroughOptions,
  load: () => Promise<T>,
): Promise<T> {
  if (!(opts.ttlMs > 0) || !(opts.staleMs >= 0)) {
    throw new RangeError(`readThrough needs ttlMs > 0 and staleMs >= 0 (got ${opts.ttlMs}, ${opts.staleMs})`);
  }
  const log = opts.logger ?? cacheLogger(cache);

  let entry: unknown;
  try {
    entry = await cache.get<Envelope<T>>(key);
  } catch (error) {
    log?.warn({ err: error, key, cache: cache.kind }, 'cache read failed; calling the loader directly');
    return loadOnce(cache, key, opts, load, log);
  }

  if (!isEnvelope<T>(entry)) return loadOnce(cache, key, opts, load, log);
  if (Date.now() < entry.freshUntil) return entry.value;

  // Stale: answer now, refresh behind the caller. A failed refresh keeps the stale value until it expires.
  loadOnce(cache, key, opts, load, log).catch((error: unknown) => {
    log?.warn({ err: error, key }, 'background refresh failed; stale value kept');
  });
  return entry.value;
}

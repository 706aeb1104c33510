import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type FeedOffer, type NormalisedOffer, normaliseFeed } from '@lib/offers-domain';
import { warsawDay } from '@lib/pl-calendar';
import { CACHE, SERVICE_CONFIG } from '@lib/service-kit';
import { type FeedKey } from '../domain/feed-countries';
import { type OffersConfig, sampleFeedsRefused } from '../offers.config';
import { FeedsRepository } from '../persistence/feeds.repository';
import { FEED_HASH_CACHE, feedHashKey } from './offers-cache';

interface LoadedList {
  version: string;
  day: string;
  offers: NormalisedOffer[];
}

/**
 * A feed's offers after normaliseFeed's rules, for today (Warsaw), each carrying whether its copy
 * is sample data and the day it was fetched. The list is normalised once per copy version (content,
 * provenance, fetch day) and day and kept in process: a replica asks the cache (or PostgreSQL) only
 * whether the copy changed, and reloads it only then (or on a new day, as the seeded values change
 * daily). Where sample data must not be served (sampleFeedsRefused), a sample copy answers no offers.
 */
@Injectable()
export class OfferCatalogue {
  private readonly lists = new Map<FeedKey, LoadedList>();
  /** Loads in progress: concurrent callers on a cold or changed list share one. */
  private readonly loading = new Map<string, Promise<NormalisedOffer[]>>();
  private readonly refuseSample: boolean;

  constructor(
    private readonly feeds: FeedsRepository,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(SERVICE_CONFIG) config: Pick<OffersConfig, 'NODE_ENV' | 'OFFERS_ALLOW_SAMPLE_FEEDS'>,
  ) {
    this.refuseSample = sampleFeedsRefused(config);
  }

  async offers(feedKey: FeedKey): Promise<NormalisedOffer[]> {
    // The cache entry keeps its historical field name; it holds the copy's version.
    const { hash: version } = await readThrough(
      this.cache,
      feedHashKey(feedKey),
      FEED_HASH_CACHE,
      async () => ({ hash: (await this.feeds.copyVersion(feedKey)) ?? '' }),
    );
    if (version === '') return [];
    const day = warsawDay(new Date(Date.now()));
    const loaded = this.lists.get(feedKey);
    if (loaded && loaded.version === version && loaded.day === day && loaded.offers.length > 0)
      return loaded.offers;
    const flight = `${feedKey}:${version}:${day}`;
    let load = this.loading.get(flight);
    if (!load) {
      load = this.load(feedKey, day).finally(() => this.loading.delete(flight));
      this.loading.set(flight, load);
    }
    return load;
  }

  private async load(feedKey: FeedKey, day: string): Promise<NormalisedOffer[]> {
    const copy = await this.feeds.lastGood(feedKey);
    if (!copy || (copy.sample && this.refuseSample)) return [];
    // Stored only after validation (FeedIngestionUseCases), so the copy has the feed schema's shape.
    const offers = normaliseFeed(copy.offers as FeedOffer[], feedKey, day, {
      sample: copy.sample,
      asOf: copy.fetchedAt ? warsawDay(copy.fetchedAt) : '',
    }).offers;
    this.lists.set(feedKey, { version: copy.version, day, offers });
    return offers;
  }

  /** Forgets a feed's list (after an ingestion stored a new copy). */
  forget(feedKey: FeedKey): void {
    this.lists.delete(feedKey);
  }
}

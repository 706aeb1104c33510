import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type FeedOffer, type NormalisedOffer, normaliseFeed } from '@lib/offers-domain';
import { warsawDay } from '@lib/pl-calendar';
import { CACHE } from '@lib/service-kit';
import { type FeedKey } from '../domain/feed-countries';
import { FeedsRepository } from '../persistence/feeds.repository';
import { FEED_HASH_CACHE, feedHashKey } from './offers-cache';

interface LoadedList {
  hash: string;
  day: string;
  offers: NormalisedOffer[];
}

/**
 * A feed's offers after normaliseFeed's rules, for today (Warsaw). The list is normalised once
 * per content hash and day and kept in process: a replica asks the cache (or PostgreSQL) only
 * whether the feed changed, and reloads the copy only then (or on a new day, as the seeded values
 * change daily).
 */
@Injectable()
export class OfferCatalogue {
  private readonly lists = new Map<FeedKey, LoadedList>();
  /** Loads in progress: concurrent callers on a cold or changed list share one. */
  private readonly loading = new Map<string, Promise<NormalisedOffer[]>>();

  constructor(
    private readonly feeds: FeedsRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async offers(feedKey: FeedKey): Promise<NormalisedOffer[]> {
    const { hash } = await readThrough(this.cache, feedHashKey(feedKey), FEED_HASH_CACHE, async () => ({
      hash: (await this.feeds.contentHash(feedKey)) ?? '',
    }));
    if (hash === '') return [];
    const day = warsawDay(new Date(Date.now()));
    const loaded = this.lists.get(feedKey);
    if (loaded && loaded.hash === hash && loaded.day === day && loaded.offers.length > 0)
      return loaded.offers;
    const flight = `${feedKey}:${hash}:${day}`;
    let load = this.loading.get(flight);
    if (!load) {
      load = this.load(feedKey, day).finally(() => this.loading.delete(flight));
      this.loading.set(flight, load);
    }
    return load;
  }

  private async load(feedKey: FeedKey, day: string): Promise<NormalisedOffer[]> {
    const copy = await this.feeds.lastGood(feedKey);
    if (!copy) return [];
    // Stored only after validation (FeedIngestionUseCases), so the copy has the feed schema's shape.
    const offers = normaliseFeed(copy.offers as FeedOffer[], feedKey, day).offers;
    this.lists.set(feedKey, { hash: copy.contentHash, day, offers });
    return offers;
  }

  /** Forgets a feed's list (after an ingestion stored a new copy). */
  forget(feedKey: FeedKey): void {
    this.lists.delete(feedKey);
  }
}

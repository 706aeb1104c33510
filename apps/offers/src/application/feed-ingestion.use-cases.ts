import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Cache } from '@lib/cache';
import { offersV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { FEED_KEYS, countryOfFeedKey, feedFileName, normaliseFeed, parseFeed } from '@lib/offers-domain';
import { warsawDay } from '@lib/pl-calendar';
import { CACHE, LOGGER } from '@lib/service-kit';
import { type FeedKey } from '../domain/feed-countries';
import { type FeedEntity } from '../persistence/feed.entity';
import { FeedSource } from '../persistence/feed-source';
import { FeedsRepository } from '../persistence/feeds.repository';
import { OfferCatalogue } from './offer-catalogue';
import { feedHashKey } from './offers-cache';

/** The fixed log message for a feed that could not be loaded (docs/OPERATIONS.md); logged with the cause. */
export const FEED_ERROR_MESSAGE = 'ERROR WHILE LOADING OFFERS';

const STATES: Record<string, offersV1.FeedIngestionState> = {
  idle: offersV1.FeedIngestionState.IDLE,
  running: offersV1.FeedIngestionState.RUNNING,
  succeeded: offersV1.FeedIngestionState.SUCCEEDED,
  failed: offersV1.FeedIngestionState.FAILED,
};

const iso = (date: Date | null) => date?.toISOString() ?? '';

function toStatus(feedKey: FeedKey, row: FeedEntity | undefined): offersV1.FeedIngestionStatus {
  return {
    feedKey,
    country: countryOfFeedKey(feedKey).toUpperCase(),
    state: row
      ? (STATES[row.state] ?? offersV1.FeedIngestionState.UNSPECIFIED)
      : offersV1.FeedIngestionState.IDLE,
    startedAt: iso(row?.startedAt ?? null),
    finishedAt: iso(row?.finishedAt ?? null),
    offersReceived: row?.offersReceived ?? 0,
    offersStored: row?.offersStored ?? 0,
    offersDropped: row?.offersDropped ?? 0,
    errorMessage: row?.errorMessage ?? '',
    lastSuccessAt: iso(row?.lastSuccessAt ?? null),
    offersLeftOut: row?.offersRejected ?? 0,
    leftOut: (row?.leftOut ?? []).map((o) => ({ index: o.index, offerId: o.offerId, reason: o.reason })),
    sample: (row?.sample ?? false) && row?.contentHash != null,
    sourceUrl: row?.sourceUrl ?? '',
  };
}

/**
 * Feed ingestion: fetch `{key}_feed.json`, validate it offer by offer, store the valid offers with
 * the fetch time, SHA-256, location and whether it is the bundled sample data as the feed's new
 * last good copy; invalid offers are left out, counted, named in the status and logged at warn. A
 * feed that fails whole (unreachable, HTTP error, > 5 MB, not JSON, not an array, no valid offer)
 * is logged as 'ERROR WHILE LOADING OFFERS' with the cause and recorded in the feed's status; the
 * last good copy keeps serving.
 */
@Injectable()
export class FeedIngestionUseCases {
  /** Fetches in progress in this process: a second trigger joins the running one. */
  private readonly running = new Map<FeedKey, Promise<void>>();

  constructor(
    private readonly feeds: FeedsRepository,
    private readonly source: FeedSource,
    private readonly catalogue: OfferCatalogue,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Starts fetching the feeds and answers at once with their statuses (RUNNING). */
  async trigger(feedKeys: readonly FeedKey[]): Promise<offersV1.FeedIngestionStatus[]> {
    for (const feedKey of feedKeys) await this.start(feedKey);
    return this.status(feedKeys);
  }

  /** Fetches the feeds and resolves when all are done (start-up, the schedule). */
  async ingest(feedKeys: readonly FeedKey[] = FEED_KEYS): Promise<void> {
    const runs: Promise<void>[] = [];
    for (const feedKey of feedKeys) runs.push((await this.start(feedKey)).run);
    await Promise.all(runs);
  }

  async status(feedKeys: readonly FeedKey[]): Promise<offersV1.FeedIngestionStatus[]> {
    const rows = new Map((await this.feeds.states(feedKeys)).map((row) => [row.feedKey, row]));
    return feedKeys.map((feedKey) => toStatus(feedKey, rows.get(feedKey)));
  }

  /** Waits for the fetches in progress (shutdown). */
  async settle(): Promise<void> {
    await Promise.all(this.running.values());
  }

  /** Marks the feed RUNNING and starts its fetch (or joins the one in progress); `run` settles when it is done. */
  private async start(feedKey: FeedKey): Promise<{ run: Promise<void> }> {
    const current = this.running.get(feedKey);
    if (current) return { run: current };
    await this.feeds.markRunning(feedKey, new Date(Date.now()));
    const run = this.fetchAndStore(feedKey)
      // Storing failed (the database went away mid-run): record that rather than stay RUNNING.
      .catch((error: unknown) =>
        this.fail(feedKey, `the feed could not be stored: ${(error as Error).message}`),
      )
      .catch((error: unknown) =>
        this.logger.error({ err: error, feedKey }, 'feed ingestion could not record its outcome'),
      )
      .finally(() => this.running.delete(feedKey));
    this.running.set(feedKey, run);
    return { run };
  }

  private async fetchAndStore(feedKey: FeedKey): Promise<void> {
    const fetchedAt = new Date(Date.now());
    const fileName = feedFileName(feedKey);
    let fetched;
    try {
      fetched = await this.source.fetch(fileName);
    } catch (error) {
      return this.fail(feedKey, (error as Error).message);
    }
    const parsed = parseFeed(fetched.body.toString('utf8'), fetched.byteLength);
    if (!parsed.ok) return this.fail(feedKey, parsed.cause);
    const contentHash = createHash('sha256').update(fetched.body).digest('hex');
    const { offers, dropped } = normaliseFeed(parsed.offers, feedKey, warsawDay(fetchedAt));
    const sourceUrl = this.source.urlOf(fileName);
    const sample = await this.source.isSample(fileName, fetched.body);
    await this.feeds.storeSuccess(
      feedKey,
      {
        offers: parsed.offers,
        contentHash,
        fetchedAt,
        sourceUrl,
        sample,
        received: parsed.received,
        rejected: parsed.rejected,
        leftOut: parsed.leftOut,
        stored: offers.length,
        dropped,
      },
      new Date(Date.now()),
    );
    this.catalogue.forget(feedKey);
    await this.cache.delete(feedHashKey(feedKey));
    if (parsed.rejected > 0)
      this.logger.warn(
        { feedKey, source: sourceUrl, leftOut: parsed.rejected, offers: parsed.leftOut.slice(0, 5) },
        `${parsed.rejected} of the ${parsed.received} offers of the ${feedKey} feed left out as invalid; the rest stored`,
      );
    this.logger.info(
      {
        feedKey,
        received: parsed.received,
        rejected: parsed.rejected,
        stored: offers.length,
        dropped,
        sample,
        contentHash,
      },
      'feed stored',
    );
  }

  private async fail(feedKey: FeedKey, cause: string): Promise<void> {
    this.logger.error({ feedKey, cause, source: this.source.location }, FEED_ERROR_MESSAGE);
    await this.feeds.storeFailure(feedKey, cause, new Date(Date.now()));
  }
}

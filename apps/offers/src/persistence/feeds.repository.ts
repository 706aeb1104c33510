import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { FeedEntity } from './feed.entity';

/** A successful fetch: the validated offers and what ingestion counted. */
export interface StoredFeed {
  offers: unknown[];
  contentHash: string;
  fetchedAt: Date;
  received: number;
  rejected: number;
  stored: number;
  dropped: number;
}

/** The last good copy of a feed, as the catalogue reads it. */
export interface FeedCopy {
  feedKey: string;
  offers: unknown[];
  contentHash: string;
}

@Injectable()
export class FeedsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(FeedEntity);
  }

  /** States of the given feeds (those never fetched have no row). */
  async states(feedKeys: readonly string[]): Promise<FeedEntity[]> {
    return this.repo.find({ where: { feedKey: In([...feedKeys]) } });
  }

  /** The last good copy of a feed; undefined when none was ever stored. */
  async lastGood(feedKey: string): Promise<FeedCopy | undefined> {
    const row = await this.repo.findOne({ where: { feedKey }, select: ['feedKey', 'offers', 'contentHash'] });
    if (!row?.offers || !row.contentHash) return undefined;
    return { feedKey: row.feedKey, offers: row.offers, contentHash: row.contentHash };
  }

  /** Every feed's last good copy (lenders span feeds). */
  async allLastGood(): Promise<FeedCopy[]> {
    const rows = await this.repo.find({ select: ['feedKey', 'offers', 'contentHash'] });
    return rows.flatMap((row) =>
      row.offers && row.contentHash
        ? [{ feedKey: row.feedKey, offers: row.offers, contentHash: row.contentHash }]
        : [],
    );
  }

  /** Hash of the last good copy, to skip rewriting an unchanged feed. */
  async contentHash(feedKey: string): Promise<string | undefined> {
    const row = await this.repo.findOne({ where: { feedKey }, select: ['feedKey', 'contentHash'] });
    return row?.contentHash ?? undefined;
  }

  async markRunning(feedKey: string, startedAt: Date): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .insert()
      .values({ feedKey, state: 'running', startedAt, finishedAt: null })
      .orUpdate(['state', 'started_at', 'finished_at'], ['feed_key'])
      .execute();
  }

  /** Stores a fetched feed as the new last good copy (or, unchanged, only its fetch time). */
  async storeSuccess(feedKey: string, feed: StoredFeed, finishedAt: Date): Promise<void> {
    await this.repo.update(
      { feedKey },
      {
        // TypeORM's deep-partial type cannot describe a JSON array of unknown items.
        offers: feed.offers as never,
        contentHash: feed.contentHash,
        fetchedAt: feed.fetchedAt,
        state: 'succeeded',
        finishedAt,
        offersReceived: feed.received,
        offersRejected: feed.rejected,
        offersStored: feed.stored,
        offersDropped: feed.dropped,
        errorMessage: null,
        lastSuccessAt: finishedAt,
      },
    );
  }

  /** Records a failed fetch; the last good copy stays as it is. */
  async storeFailure(feedKey: string, errorMessage: string, finishedAt: Date): Promise<void> {
    await this.repo.update(
      { feedKey },
      { state: 'failed', finishedAt, errorMessage: errorMessage.slice(0, 1000) },
    );
  }
}

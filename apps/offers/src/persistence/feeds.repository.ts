import { Injectable } from '@nestjs/common';
import { type LeftOutOffer } from '@lib/offers-domain';
import { warsawDay } from '@lib/pl-calendar';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { FeedEntity } from './feed.entity';

/** A successful fetch: the validated offers, where they came from and what ingestion counted. */
export interface StoredFeed {
  offers: unknown[];
  contentHash: string;
  fetchedAt: Date;
  /** The feed file's URL. */
  sourceUrl: string;
  /** The copy is the bundled sample data. */
  sample: boolean;
  received: number;
  rejected: number;
  /** The first of the rejected offers, named. */
  leftOut: LeftOutOffer[];
  stored: number;
  dropped: number;
}

/** The last good copy of a feed, as the catalogue reads it. */
export interface FeedCopy {
  feedKey: string;
  offers: unknown[];
  contentHash: string;
  fetchedAt: Date | null;
  sample: boolean;
  /** Changes whenever what the catalogue answers from the copy does (content, provenance, fetch day). */
  version: string;
}

/** A stored copy of the bundled sample data. */
export interface SampleCopy {
  feedKey: string;
  sourceUrl: string;
}

type CopyColumns = Pick<FeedEntity, 'contentHash' | 'fetchedAt' | 'sample'>;

/**
 * What a copy's offers say besides their content: the offers carry whether they are sample data
 * and the Warsaw day they were fetched, so a copy fetched again unchanged on a new day, or from
 * another location, is a new version to the catalogue.
 */
const versionOf = (row: CopyColumns): string =>
  `${row.contentHash ?? ''}:${row.sample ? 'sample' : 'feed'}:${row.fetchedAt ? warsawDay(row.fetchedAt) : ''}`;

const COPY_COLUMNS: (keyof FeedEntity)[] = ['feedKey', 'offers', 'contentHash', 'fetchedAt', 'sample'];

const toCopy = (row: FeedEntity): FeedCopy | undefined =>
  row.offers && row.contentHash
    ? {
        feedKey: row.feedKey,
        offers: row.offers,
        contentHash: row.contentHash,
        fetchedAt: row.fetchedAt,
        sample: row.sample,
        version: versionOf(row),
      }
    : undefined;

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
    const row = await this.repo.findOne({ where: { feedKey }, select: COPY_COLUMNS });
    return row ? toCopy(row) : undefined;
  }

  /** Every feed's last good copy (lenders span feeds). */
  async allLastGood(): Promise<FeedCopy[]> {
    const rows = await this.repo.find({ select: COPY_COLUMNS });
    return rows.flatMap((row) => toCopy(row) ?? []);
  }

  /** The version of the last good copy (FeedCopy.version), without its offers; undefined when none is stored. */
  async copyVersion(feedKey: string): Promise<string | undefined> {
    const row = await this.repo.findOne({
      where: { feedKey },
      select: ['feedKey', 'contentHash', 'fetchedAt', 'sample'],
    });
    return row?.contentHash ? versionOf(row) : undefined;
  }

  /** The feeds whose last good copy is the bundled sample data, with where each was fetched from. */
  async sampleCopies(): Promise<SampleCopy[]> {
    const rows = await this.repo.find({
      where: { sample: true, contentHash: Not(IsNull()) },
      select: ['feedKey', 'sourceUrl'],
      order: { feedKey: 'ASC' },
    });
    return rows.map((row) => ({ feedKey: row.feedKey, sourceUrl: row.sourceUrl ?? '' }));
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
        sourceUrl: feed.sourceUrl.slice(0, 2048),
        sample: feed.sample,
        state: 'succeeded',
        finishedAt,
        offersReceived: feed.received,
        offersRejected: feed.rejected,
        leftOut: feed.leftOut,
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

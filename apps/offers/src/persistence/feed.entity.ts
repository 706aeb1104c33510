import { type LeftOutOffer } from '@lib/offers-domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One country feed: the last good copy (validated offers, content hash, fetch time), kept while
 * later fetches fail, and the state of the last fetch (GetFeedIngestionStatus).
 */
@Entity({ name: 'feeds' })
export class FeedEntity {
  /** 'pl', 'kz_ru', 'ua_ua', … */
  @PrimaryColumn({ name: 'feed_key', type: 'varchar', length: 8, primaryKeyConstraintName: 'PK_feeds' })
  feedKey!: string;

  /** The validated offers of the last good fetch (JSON array, feed field names); null until one. */
  @Column({ type: 'jsonb', nullable: true })
  offers!: unknown[] | null;

  /** SHA-256 (hex) of the last good feed's bytes. */
  @Column({ name: 'content_hash', type: 'char', length: 64, nullable: true })
  contentHash!: string | null;

  /** When the last good feed was fetched (also when an unchanged copy was fetched again). */
  @Column({ name: 'fetched_at', type: 'timestamptz', nullable: true })
  fetchedAt!: Date | null;

  /** 'idle' | 'running' | 'succeeded' | 'failed' */
  @Column({ type: 'varchar', length: 16, default: 'idle' })
  state!: string;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'offers_received', type: 'integer', default: 0 })
  offersReceived!: number;

  /** Offers of the last good copy that validation left out (not an object, no id or header, a bad field). */
  @Column({ name: 'offers_rejected', type: 'integer', default: 0 })
  offersRejected!: number;

  /** The first of those (MAX_LEFT_OUT_NAMED), each `{index, offerId, reason}`; null until a copy is stored. */
  @Column({ name: 'left_out', type: 'jsonb', nullable: true })
  leftOut!: LeftOutOffer[] | null;

  /** Where the last good copy was fetched from (the feed file's URL); null until one is stored. */
  @Column({ name: 'source_url', type: 'varchar', length: 2048, nullable: true })
  sourceUrl!: string | null;

  /**
   * True when the last good copy is the sample data bundled with the product (fetched from the
   * bundled folder): recorded with the copy, so a later start with another base URL never passes it
   * off as a partner's feed.
   */
  @Column({ type: 'boolean', default: false })
  sample!: boolean;

  @Column({ name: 'offers_stored', type: 'integer', default: 0 })
  offersStored!: number;

  /** Offers left out by the normalisation rules. */
  @Column({ name: 'offers_dropped', type: 'integer', default: 0 })
  offersDropped!: number;

  @Column({ name: 'error_message', type: 'varchar', length: 1000, nullable: true })
  errorMessage!: string | null;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt!: Date | null;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One stored tracking event (the browser's fields plus enrichment). The table is PARTITIONED BY RANGE
 * (received_at), one partition per UTC day (migration 1796200000000; partitions made by
 * events.create_tracking_event_partitions). Written by the sink only: IngestEvents without Kafka,
 * the tracking.raw.v1 consumer with it, both through the same use case.
 */
@Entity({ name: 'tracking_events' })
// Time: the primary key (received_at, ingest_id) leads with received_at.
@Index('ix_tracking_events_event_day', ['eventId', 'receivedAt'])
@Index('ix_tracking_events_page_day', ['pagePath', 'receivedAt'])
export class TrackingEventEntity {
  /** Gateway time of receipt; the partition key. */
  @PrimaryColumn({ name: 'received_at', type: 'timestamptz', primaryKeyConstraintName: 'PK_tracking_events' })
  receivedAt!: Date;

  /** The event's de-duplication key (unique through tracking_event_ids). */
  @PrimaryColumn({ name: 'ingest_id', type: 'uuid', primaryKeyConstraintName: 'PK_tracking_events' })
  ingestId!: string;

  /** Catalogue event id (libs/tracking): 5 page view, 27 page restored from cache, … */
  @Column({ name: 'event_id', type: 'integer' })
  eventId!: number;

  @Column({ name: 'provider_id', type: 'varchar', length: 255, nullable: true })
  providerId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true }) sub1!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) sub3!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) sub4!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) sub5!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) sub6!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) sub7!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) sub8!: string | null;

  @Column({ name: 'utm_source', type: 'varchar', length: 255, nullable: true }) utmSource!: string | null;
  @Column({ name: 'utm_medium', type: 'varchar', length: 255, nullable: true }) utmMedium!: string | null;
  @Column({ name: 'utm_campaign', type: 'varchar', length: 255, nullable: true }) utmCampaign!: string | null;
  @Column({ name: 'utm_content', type: 'varchar', length: 255, nullable: true }) utmContent!: string | null;
  @Column({ name: 'utm_term', type: 'varchar', length: 255, nullable: true }) utmTerm!: string | null;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  /** Null without consent to the client id cookie. */
  @Column({ name: 'client_id', type: 'uuid', nullable: true })
  clientId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  domain!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  referer!: string | null;

  @Column({ name: 'page_path', type: 'varchar', length: 2048, nullable: true })
  pagePath!: string | null;

  /** pageTypeOf(page_path) of @lib/tracking; 'other' without a path. */
  @Column({ name: 'page_type', type: 'varchar', length: 32 })
  pageType!: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  /** 'desktop', 'mobile', 'tablet', 'tv', 'bot' or 'unknown'. */
  @Column({ name: 'device_class', type: 'varchar', length: 16 })
  deviceClass!: string;

  @Column({ name: 'is_bot', type: 'boolean' })
  isBot!: boolean;

  /** Salted hash of the sender's IP; the address itself is never stored. */
  @Column({ name: 'ip_hash', type: 'varchar', length: 128, nullable: true })
  ipHash!: string | null;

  /** Cookie consent when received: 'granted', 'denied' or ''. */
  @Column({ type: 'varchar', length: 16 })
  consent!: string;
}

/** The de-duplication ledger: one row per ingest id ever stored, so a re-sent event is stored once whatever its day. */
@Entity({ name: 'tracking_event_ids' })
export class TrackingEventIdEntity {
  @PrimaryColumn({ name: 'ingest_id', type: 'uuid', primaryKeyConstraintName: 'PK_tracking_event_ids' })
  ingestId!: string;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}

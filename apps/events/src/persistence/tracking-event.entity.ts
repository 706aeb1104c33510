import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * One accepted tracking event (spec point 3 fields). Without KAFKA_BROKERS the ingest RPC writes
 * here directly; with Kafka the consumer does, after validation and de-duplication.
 */
@Entity({ name: 'tracking_events' })
@Unique('UQ_tracking_events_ingest_id', ['ingestId'])
@Index('ix_tracking_events_received_at', ['receivedAt'])
@Index('ix_tracking_events_event_day', ['eventId', 'receivedAt'])
export class TrackingEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_tracking_events' })
  id!: string;

  /** Numeric event type: 5 page view, 27 page restored from cache, … */
  @Column({ name: 'event_id', type: 'integer' })
  eventId!: number;

  @Column({ name: 'provider_id', type: 'varchar', length: 64, nullable: true })
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

  @Column({ name: 'client_id', type: 'uuid' })
  clientId!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  domain!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  referer!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  /** Salted hash of the sender's IP; the address itself is never stored. */
  @Column({ name: 'ip_hash', type: 'varchar', length: 128, nullable: true })
  ipHash!: string | null;

  /** Gateway-assigned id: a re-sent event hits the unique constraint and is stored once. */
  @Column({ name: 'ingest_id', type: 'uuid' })
  ingestId!: string;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}

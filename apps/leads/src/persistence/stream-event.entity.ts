import { type SubField } from '@lib/tracking';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { type TrafficSource } from '../domain/stream-events';

export type StreamEventStateValue = 'queued' | 'published' | 'refused';

/**
 * An event for the analysts' stream waiting to reach the events service (the outbox: written in
 * the transaction of the state change it reports, sent by the dispatcher, marked published only
 * once the events service has stored it). Holds no personal data: the subject's pseudonymous key,
 * the catalogue's sub-fields (a lender slug, states, counts) and the application's traffic source.
 * No foreign key: an event outlives the application it is about (retention deletes that).
 */
@Entity({ name: 'stream_events' })
@Unique('UQ_stream_events_ingest_id', ['ingestId'])
@Index('ix_stream_events_due', ['nextAttemptAt'], { where: `"state" = 'queued'` })
@Index('ix_stream_events_published', ['publishedAt'], { where: `"state" = 'published'` })
@Check('CHK_stream_events_state', `"state" IN ('queued', 'published', 'refused')`)
export class StreamEventEntity {
  /** Insertion order: events of one state change go out in the order they were recorded. */
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_stream_events' })
  id!: string;

  /** The event's ingest id (UUID v4), made once when recorded: every re-send carries it, the events service stores it once. */
  @Column({ name: 'ingest_id', type: 'uuid' })
  ingestId!: string;

  /** The catalogue's event id (EVENT of @lib/tracking). */
  @Column({ name: 'event_id', type: 'integer' })
  eventId!: number;

  /** The subject's pseudonymous key: the event's session_id. */
  @Column({ name: 'subject_key', type: 'uuid' })
  subjectKey!: string;

  @Column({ type: 'jsonb' })
  subs!: Partial<Record<SubField, string>>;

  @Column({ type: 'jsonb' })
  source!: TrafficSource;

  /** When the change happened: the event's received_at. */
  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ type: 'varchar', length: 16 })
  state!: StreamEventStateValue;

  /** Tries to send it (counted when a dispatcher takes it). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  /** Why the last try did not publish it: the call's error or the events service's reason. */
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}

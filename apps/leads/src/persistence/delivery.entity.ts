import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { type DeliveryStateValue } from '../domain/delivery-outcome';
import { ApplicationEntity } from './application.entity';

/**
 * One application's delivery to one lender: the outbox row the dispatcher works from. Written in
 * the same transaction as the submitted application; holds no personal data (the fields are read
 * from the sealed application when it is sent), so erasure leaves it as an anonymous record.
 */
@Entity({ name: 'lead_deliveries' })
@Unique('UQ_lead_deliveries_application_lender', ['applicationId', 'lenderSlug'])
@Index('ix_lead_deliveries_due', ['nextAttemptAt'], { where: `"state" = 'queued'` })
@Check(
  'CHK_lead_deliveries_state',
  `"state" IN ('queued', 'sent', 'accepted', 'rejected', 'failed', 'withdrawn')`,
)
export class DeliveryEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_lead_deliveries' })
  id!: string;

  @Column({ name: 'application_id', type: 'uuid' })
  applicationId!: string;

  @ManyToOne(() => ApplicationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'application_id', foreignKeyConstraintName: 'FK_lead_deliveries_application' })
  application?: ApplicationEntity;

  @Column({ name: 'lender_slug', type: 'varchar', length: 64 })
  lenderSlug!: string;

  @Column({ name: 'lender_id', type: 'integer' })
  lenderId!: number;

  @Column({ type: 'varchar', length: 16 })
  state!: DeliveryStateValue;

  /** Attempts made (an attempt is counted before it is sent, so a crash mid-send still counts). */
  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  /** The applicant's fields this lender gets (its required fields, fixed when queued). */
  @Column({ type: 'varchar', length: 16, array: true })
  fields!: string[];

  @Column({ name: 'lender_reason', type: 'varchar', length: 500, nullable: true })
  lenderReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** What happened to a delivery, in order: each state with its time and the lender's answer. Never updated. */
@Entity({ name: 'lead_delivery_events' })
@Index('ix_lead_delivery_events_delivery', ['deliveryId', 'at'])
export class DeliveryEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_lead_delivery_events' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @ManyToOne(() => DeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'FK_lead_delivery_events_delivery' })
  delivery?: DeliveryEntity;

  @Column({ type: 'varchar', length: 16 })
  state!: DeliveryStateValue;

  @Column({ type: 'smallint' })
  attempt!: number;

  /** The lender's HTTP status; null when no answer came (timeout, network) or for a callback. */
  @Column({ name: 'http_status', type: 'smallint', nullable: true })
  httpStatus!: number | null;

  /** What was learnt: the lender's answer (truncated), or why there was none. */
  @Column({ type: 'varchar', length: 1000 })
  detail!: string;

  @Column({ type: 'timestamptz' })
  at!: Date;
}

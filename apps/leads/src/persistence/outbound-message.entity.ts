import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type MessageChannel = 'email' | 'sms';
export type MessageStateValue = 'queued' | 'sent' | 'failed' | 'cancelled';

/**
 * An e-mail or SMS waiting to go out (the outbox: written in the transaction of what it tells
 * about, sent by the dispatcher, never inside a request). Recipient and content are sealed; the
 * recipient's blind index lets an erasure cancel and empty what is still queued.
 */
@Entity({ name: 'outbound_messages' })
@Index('ix_outbound_messages_due', ['nextAttemptAt'], { where: `"state" = 'queued'` })
@Index('ix_outbound_messages_recipient', ['recipientIndex'])
@Check('CHK_outbound_messages_channel', `"channel" IN ('email', 'sms')`)
@Check('CHK_outbound_messages_state', `"state" IN ('queued', 'sent', 'failed', 'cancelled')`)
export class OutboundMessageEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_outbound_messages' })
  id!: string;

  @Column({ type: 'varchar', length: 8 })
  channel!: MessageChannel;

  /** Which message it is, e.g. 'application-confirmation' (for operators; no personal data). */
  @Column({ type: 'varchar', length: 40 })
  kind!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: MessageStateValue;

  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'recipient_index', type: 'char', length: 64 })
  recipientIndex!: string;

  @Column({ name: 'data_key_id', type: 'uuid', nullable: true })
  dataKeyId!: string | null;

  /** { to, subject, text, html } sealed; emptied once sent, failed or cancelled. */
  @Column({ type: 'bytea', nullable: true })
  sealed!: Buffer | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}

import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type SelfServiceTokenKind = 'link' | 'session';

/**
 * A self-service link (mailed, 24 hours, used once) or the session it opens (30 minutes). Only the
 * token's SHA-256 is stored; the person is named by the blind index of the address the link went to.
 */
@Entity({ name: 'self_service_tokens' })
@Index('ix_self_service_tokens_hash', ['tokenHash'], { unique: true })
@Index('ix_self_service_tokens_expiry', ['expiresAt'])
@Check('CHK_self_service_tokens_kind', `"kind" IN ('link', 'session')`)
@Check('CHK_self_service_tokens_subject', `"subject_kind" IN ('email', 'phone')`)
export class SelfServiceTokenEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_self_service_tokens' })
  id!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: SelfServiceTokenKind;

  @Column({ name: 'subject_kind', type: 'varchar', length: 8 })
  subjectKind!: 'email' | 'phone';

  @Column({ name: 'subject_index', type: 'char', length: 64 })
  subjectIndex!: string;

  /** The address masked for display, e.g. 'a***@example.pl'. */
  @Column({ name: 'masked_subject', type: 'varchar', length: 100 })
  maskedSubject!: string;

  /** The address itself, sealed: an erasure passes it on to the content service (comments). */
  @Column({ name: 'data_key_id', type: 'uuid', nullable: true })
  dataKeyId!: string | null;

  @Column({ type: 'bytea', nullable: true })
  sealed!: Buffer | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

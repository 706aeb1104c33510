import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';

export type RequestStatusValue = 'received' | 'in_progress' | 'completed' | 'rejected';

/** An e-mail or phone that gets no marketing, by its blind index (the address itself is not kept). */
@Entity({ name: 'suppressions' })
export class SuppressionEntity {
  @PrimaryColumn({
    name: 'blind_index',
    type: 'char',
    length: 64,
    primaryKeyConstraintName: 'PK_suppressions',
  })
  blindIndex!: string;

  @Column({ type: 'varchar', length: 8 })
  channel!: 'email' | 'phone';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** An unsubscribe request (done at once): who asked is kept only as a salted hash. */
@Entity({ name: 'unsubscribe_requests' })
export class UnsubscribeRequestEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_unsubscribe_requests' })
  id!: string;

  @Column({ name: 'subject_hash', type: 'varchar', length: 200 })
  subjectHash!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}

/**
 * An erasure request (GDPR art. 17). While pending it holds what the erasure needs (blind indexes,
 * the e-mail sealed for the content service's AnonymiseCommenter, the ids of the applications erased
 * for the offers service's ForgetLeadRequests); once completed only the salted hash of the subject
 * stays.
 */
@Entity({ name: 'erasure_requests' })
@Index('ix_erasure_requests_pending', ['status', 'receivedAt'])
@Check('CHK_erasure_requests_status', `"status" IN ('received', 'in_progress', 'completed', 'rejected')`)
export class ErasureRequestEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_erasure_requests' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: RequestStatusValue;

  @Column({ name: 'subject_hash', type: 'varchar', length: 200 })
  subjectHash!: string;

  @Column({ name: 'email_index', type: 'char', length: 64, nullable: true })
  emailIndex!: string | null;

  @Column({ name: 'phone_index', type: 'char', length: 64, nullable: true })
  phoneIndex!: string | null;

  @Column({ name: 'data_key_id', type: 'uuid', nullable: true })
  dataKeyId!: string | null;

  /** The e-mail (sealed) until the content service has anonymised the comments. */
  @Column({ type: 'bytea', nullable: true })
  sealed!: Buffer | null;

  /**
   * The submitted applications the local erasure found, until the offers service has forgotten their
   * requests: the erasure empties their blind indexes, so nothing else finds them again on a retry.
   */
  @Column({ name: 'application_ids', type: 'uuid', array: true, nullable: true })
  applicationIds!: string[] | null;

  @Column({ name: 'erased_records', type: 'integer', default: 0 })
  erasedRecords!: number;

  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'rejection_reason', type: 'varchar', length: 500, nullable: true })
  rejectionReason!: string | null;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}

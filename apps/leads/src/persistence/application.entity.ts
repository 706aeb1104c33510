import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export type ApplicationStatusValue = 'draft' | 'received' | 'matched' | 'rejected' | 'erased';

/** Marketing attribution kept with an application (no personal data). */
export interface StoredAttribution {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmContent: string;
  utmTerm: string;
  sessionId: string;
  clientId: string;
}

/**
 * A loan application: a draft while the visitor goes through the journey, a lead once submitted.
 * Personal fields live only in `sealed` (envelope-encrypted JSON under data key `dataKeyId`); the
 * e-mail and phone are findable through their blind indexes.
 */
@Entity({ name: 'applications' })
@Index('ix_applications_email_index', ['emailIndex'])
@Index('ix_applications_phone_index', ['phoneIndex'])
@Index('ix_applications_status_updated', ['status', 'updatedAt'])
@Check('CHK_applications_status', `"status" IN ('draft', 'received', 'matched', 'rejected', 'erased')`)
export class ApplicationEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_applications' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ApplicationStatusValue;

  /** Last journey step saved (1–3) while a draft; 0 once submitted. */
  @Column({ type: 'smallint', default: 0 })
  step!: number;

  @Column({ name: 'amount_grosze', type: 'integer', nullable: true })
  amountGrosze!: number | null;

  @Column({ name: 'period_days', type: 'integer', nullable: true })
  periodDays!: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  purpose!: string | null;

  @Column({ name: 'income_source', type: 'varchar', length: 32, nullable: true })
  incomeSource!: string | null;

  @Column({ name: 'form_version', type: 'smallint', default: 0 })
  formVersion!: number;

  @Column({ type: 'jsonb', nullable: true })
  attribution!: StoredAttribution | null;

  @Column({ name: 'data_key_id', type: 'uuid', nullable: true })
  dataKeyId!: string | null;

  @Column({ type: 'bytea', nullable: true })
  sealed!: Buffer | null;

  @Column({ name: 'email_index', type: 'char', length: 64, nullable: true })
  emailIndex!: string | null;

  @Column({ name: 'phone_index', type: 'char', length: 64, nullable: true })
  phoneIndex!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt!: Date | null;

  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true })
  erasedAt!: Date | null;
}

/** One answer to one consent: given or withdrawn, with the exact text version and time. Never updated. */
@Entity({ name: 'application_consents' })
@Index('ix_application_consents_application', ['applicationId', 'answeredAt'])
export class ApplicationConsentEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_application_consents' })
  id!: string;

  @Column({ name: 'application_id', type: 'uuid' })
  applicationId!: string;

  @ManyToOne(() => ApplicationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'application_id', foreignKeyConstraintName: 'FK_application_consents_application' })
  application?: ApplicationEntity;

  /** A key of CONSENTS (@lib/pl-validation): terms, privacy, creditBureau, marketingEmail, marketingSms, marketingPhone. */
  @Column({ name: 'consent_key', type: 'varchar', length: 32 })
  consentKey!: string;

  @Column({ type: 'boolean' })
  granted!: boolean;

  @Column({ name: 'text_version', type: 'varchar', length: 64 })
  textVersion!: string;

  @Column({ name: 'answered_at', type: 'timestamptz' })
  answeredAt!: Date;
}

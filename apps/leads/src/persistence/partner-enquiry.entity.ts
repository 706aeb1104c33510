import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A partner programme enquiry (/wspolpraca/); the contact person's name, e-mail and phone are sealed. */
@Entity({ name: 'partner_enquiries' })
@Index('ix_partner_enquiries_email_index', ['emailIndex'])
@Index('ix_partner_enquiries_phone_index', ['phoneIndex'])
@Index('ix_partner_enquiries_received_at', ['receivedAt'])
export class PartnerEnquiryEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_partner_enquiries' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  company!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  website!: string | null;

  @Column({ name: 'traffic_sources', type: 'varchar', length: 1000, nullable: true })
  trafficSources!: string | null;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'data_key_id', type: 'uuid', nullable: true })
  dataKeyId!: string | null;

  @Column({ type: 'bytea', nullable: true })
  sealed!: Buffer | null;

  @Column({ name: 'email_index', type: 'char', length: 64, nullable: true })
  emailIndex!: string | null;

  @Column({ name: 'phone_index', type: 'char', length: 64, nullable: true })
  phoneIndex!: string | null;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true })
  erasedAt!: Date | null;
}

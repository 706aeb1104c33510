import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A message from the contact form (/kontakt/), stored before it is acknowledged to the visitor. The
 * name, e-mail and phone are sealed (envelope encryption, ProtectPersonalData1796300000000); the
 * plaintext columns only hold rows written before that, until `npm run leads:rotate-keys` seals them.
 */
@Entity({ name: 'contact_messages' })
@Index('ix_contact_messages_received_at', ['receivedAt'])
@Index('ix_contact_messages_email_index', ['emailIndex'])
@Index('ix_contact_messages_phone_index', ['phoneIndex'])
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_contact_messages' })
  id!: string;

  /** Legacy plaintext (rows before encryption); null once sealed. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  name!: string | null;

  /** Legacy plaintext (rows before encryption); null once sealed. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** Legacy plaintext E.164 (+48…); null once sealed or when the visitor left it empty. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

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

import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message from the contact form (/kontakt/), stored before it is acknowledged to the visitor. */
@Entity({ name: 'contact_messages' })
@Index('ix_contact_messages_received_at', ['receivedAt'])
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_contact_messages' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** E.164 (+48…), or null when the visitor left it empty. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phone!: string | null;

  @Column({ type: 'text' })
  message!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}

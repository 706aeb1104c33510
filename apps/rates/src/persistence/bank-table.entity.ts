import { Check, Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { type BankTableOrigin } from '../domain/data-sources';
import { BankRateEntity } from './bank-rate.entity';

/** Where a stored bank table came from: the dataset shipped with the service, or the bank itself. */
export type BankTableSource = BankTableOrigin;

/** One bank's currency table of one day. */
@Entity({ name: 'bank_tables' })
@Index('uq_bank_tables_bank_date', ['bankSlug', 'effectiveDate'], { unique: true })
@Check('CHK_bank_tables_source', `"source" IN ('embedded', 'bank')`)
export class BankTableEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_bank_tables' })
  id!: number;

  @Column({ name: 'bank_slug', type: 'varchar', length: 40 })
  bankSlug!: string;

  @Column({ name: 'table_no', type: 'varchar', length: 64 })
  tableNo!: string;

  @Column({ name: 'effective_date', type: 'date' })
  effectiveDate!: string;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ type: 'varchar', length: 16 })
  source!: BankTableSource;

  @CreateDateColumn({ name: 'imported_at', type: 'timestamptz' })
  importedAt!: Date;

  @OneToMany(() => BankRateEntity, (rate) => rate.table)
  rates!: BankRateEntity[];
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { BankTableEntity } from './bank-table.entity';

/** A currency in a bank's table, as quoted: buy and sell in PLN for `units` units. */
@Entity({ name: 'bank_rates' })
@Index('ix_bank_rates_code', ['code', 'tableId'])
export class BankRateEntity {
  @PrimaryColumn({ name: 'table_id', type: 'integer', primaryKeyConstraintName: 'PK_bank_rates' })
  tableId!: number;

  @PrimaryColumn({ type: 'char', length: 3, primaryKeyConstraintName: 'PK_bank_rates' })
  code!: string;

  @Column({ type: 'integer' })
  units!: number;

  @Column({ type: 'numeric', precision: 18, scale: 8 })
  buy!: string;

  @Column({ type: 'numeric', precision: 18, scale: 8 })
  sell!: string;

  @ManyToOne(() => BankTableEntity, (table) => table.rates, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'table_id', foreignKeyConstraintName: 'FK_bank_rates_table' })
  // Relation<> keeps the decorator metadata from touching the class while the modules load in a cycle.
  table!: Relation<BankTableEntity>;
}

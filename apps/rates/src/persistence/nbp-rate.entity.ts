import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { NbpTableEntity } from './nbp-table.entity';

/** A currency's quote in one table, per ONE unit, kept as NUMERIC (read back as exact strings). */
@Entity({ name: 'nbp_rates' })
@Index('ix_nbp_rates_code', ['code', 'tableId'])
export class NbpRateEntity {
  @PrimaryColumn({ name: 'table_id', type: 'integer', primaryKeyConstraintName: 'PK_nbp_rates' })
  tableId!: number;

  @PrimaryColumn({ type: 'char', length: 3, primaryKeyConstraintName: 'PK_nbp_rates' })
  code!: string;

  /** NBP's Polish currency name, e.g. "dolar amerykański". */
  @Column({ type: 'varchar', length: 100 })
  currency!: string;

  @Column({ type: 'numeric', precision: 18, scale: 10, nullable: true })
  mid!: string | null;

  @Column({ type: 'numeric', precision: 18, scale: 10, nullable: true })
  bid!: string | null;

  @Column({ type: 'numeric', precision: 18, scale: 10, nullable: true })
  ask!: string | null;

  @ManyToOne(() => NbpTableEntity, (table) => table.rates, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'table_id', foreignKeyConstraintName: 'FK_nbp_rates_table' })
  // Relation<> keeps the decorator metadata from touching the class while the modules load in a cycle.
  table!: Relation<NbpTableEntity>;
}

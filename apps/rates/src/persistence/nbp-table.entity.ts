import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { type NbpTableType } from '../domain/nbp-table-type';
import { NbpRateEntity } from './nbp-rate.entity';

/** One published NBP table (A, B or C) as announced on its effective date. */
@Entity({ name: 'nbp_tables' })
@Index('uq_nbp_tables_type_date', ['tableType', 'effectiveDate'], { unique: true })
@Unique('UQ_nbp_tables_no', ['no'])
@Check('CHK_nbp_tables_type', `"table_type" IN ('A', 'B', 'C')`)
export class NbpTableEntity {
  @PrimaryGeneratedColumn({ type: 'integer', primaryKeyConstraintName: 'PK_nbp_tables' })
  id!: number;

  @Column({ name: 'table_type', type: 'char', length: 1 })
  tableType!: NbpTableType;

  /** NBP's full number, e.g. 068/A/NBP/2025. */
  @Column({ type: 'varchar', length: 32 })
  no!: string;

  @Column({ name: 'effective_date', type: 'date' })
  effectiveDate!: string;

  /** Table C only: the trading day the quotes were set on. */
  @Column({ name: 'trading_date', type: 'date', nullable: true })
  tradingDate!: string | null;

  /** Where the table came from: `nbp-archive` (bundled yearly CSV) or `nbp-api`. */
  @Column({ type: 'varchar', length: 32 })
  source!: string;

  @CreateDateColumn({ name: 'imported_at', type: 'timestamptz' })
  importedAt!: Date;

  @OneToMany(() => NbpRateEntity, (rate) => rate.table, { cascade: ['insert'] })
  rates!: NbpRateEntity[];
}

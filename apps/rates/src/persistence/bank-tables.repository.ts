import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ParsedBankTable } from '../domain/banks/bank-table';
import { BankTableEntity, type BankTableSource } from './bank-table.entity';

/** One currency in a bank's table on one day, as read for a history. */
export interface StoredBankPoint {
  effectiveDate: string;
  tableNo: string;
  units: number;
  buy: string;
  sell: string;
}

/** The newest stored table of a bank from one source: its date and that source. */
export interface BankLatest {
  bankSlug: string;
  effectiveDate: string;
  source: BankTableSource;
}

/** All SQL of bank tables. */
@Injectable()
export class BankTablesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A bank's table from one of `sources` on `date` or the newest before it; the newest of all
   * without a date.
   */
  async table(
    bankSlug: string,
    sources: readonly BankTableSource[],
    date?: string,
  ): Promise<BankTableEntity | null> {
    // Its id first (index on bank and date), then that table with its rates.
    const head = await this.dataSource.query<{ id: number }[]>(
      `SELECT id FROM rates.bank_tables WHERE bank_slug = $1 AND source = ANY($2::varchar[]) ${date ? 'AND effective_date <= $3' : ''} ORDER BY effective_date DESC LIMIT 1`,
      date ? [bankSlug, sources, date] : [bankSlug, sources],
    );
    if (!head[0]) return null;
    const table = await this.dataSource
      .getRepository(BankTableEntity)
      .findOne({ where: { id: head[0].id }, relations: { rates: true } });
    table?.rates.sort((a, b) => a.code.localeCompare(b.code));
    return table;
  }

  /** The newest table's date of every bank and source that has one. */
  async latestOfEach(): Promise<BankLatest[]> {
    return this.dataSource.query<BankLatest[]>(
      `SELECT DISTINCT ON (bank_slug, source) bank_slug AS "bankSlug", to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", source
         FROM rates.bank_tables ORDER BY bank_slug, source, effective_date DESC`,
    );
  }

  /** Banks with at least one table from `source`, by slug. */
  async banksWithSource(source: BankTableSource): Promise<string[]> {
    const rows = await this.dataSource.query<{ slug: string }[]>(
      `SELECT DISTINCT bank_slug AS slug FROM rates.bank_tables WHERE source = $1 ORDER BY 1`,
      [source],
    );
    return rows.map((r) => r.slug);
  }

  /** One currency in a bank's tables from one of `sources` within [from, to], oldest first. */
  async history(
    bankSlug: string,
    sources: readonly BankTableSource[],
    code: string,
    from: string,
    to: string,
  ): Promise<StoredBankPoint[]> {
    const rows = await this.dataSource.query<(Omit<StoredBankPoint, 'units'> & { units: number | string })[]>(
      `SELECT to_char(t.effective_date, 'YYYY-MM-DD') AS "effectiveDate", t.table_no AS "tableNo", r.units, r.buy::text AS buy, r.sell::text AS sell
         FROM rates.bank_rates r
         JOIN rates.bank_tables t ON t.id = r.table_id
        WHERE r.code = $2 AND t.bank_slug = $1 AND t.effective_date BETWEEN $3 AND $4
          AND t.source = ANY($5::varchar[])
        ORDER BY t.effective_date`,
      [bankSlug, code, from, to, sources],
    );
    return rows.map((r) => ({ ...r, units: Number(r.units) }));
  }

  /**
   * Stores a bank's table unless one of that bank and day is already stored (then nothing is
   * changed: what is stored is never overwritten). True when it was new.
   */
  async insert(bankSlug: string, table: ParsedBankTable, source: BankTableSource): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager.query<{ id: number }[]>(
        `INSERT INTO rates.bank_tables (bank_slug, table_no, effective_date, published_at, source)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
        [bankSlug, table.tableNo, table.effectiveDate, table.publishedAt, source],
      );
      const id = rows[0]?.id;
      if (id === undefined) return false;
      await manager.query(
        `INSERT INTO rates.bank_rates (table_id, code, units, buy, sell)
         SELECT $1, * FROM unnest($2::char(3)[], $3::int[], $4::numeric[], $5::numeric[])`,
        [
          id,
          table.rates.map((r) => r.code),
          table.rates.map((r) => r.units),
          table.rates.map((r) => r.buy),
          table.rates.map((r) => r.sell),
        ],
      );
      return true;
    });
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type NbpTable } from '../domain/nbp-api-body';
import { type NbpTableType } from '../domain/nbp-table-type';
import { NbpTableEntity } from './nbp-table.entity';

/** One currency's quote on one day, as read for a history. */
export interface StoredPoint {
  effectiveDate: string;
  no: string;
  mid: string | null;
  bid: string | null;
  ask: string | null;
}

/** Rows per INSERT of rates: 6 arrays of this length are one statement's parameters. */
const RATE_BATCH = 20_000;

/** All SQL of NBP tables lives here; the use cases call these methods and never build a query. */
@Injectable()
export class NbpTablesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The most recent table of a type, with its rates ordered by currency code. */
  async latest(tableType: NbpTableType): Promise<NbpTableEntity | null> {
    return this.oneTable({ where: { tableType }, order: { effectiveDate: 'DESC' } });
  }

  /** The table effective on `date`, or with `onOrBefore` the newest one up to that day. */
  async onDate(tableType: NbpTableType, date: string, onOrBefore: boolean): Promise<NbpTableEntity | null> {
    if (!onOrBefore) return this.oneTable({ where: { tableType, effectiveDate: date } });
    const row = await this.dataSource.query<{ id: number }[]>(
      `SELECT id FROM rates.nbp_tables WHERE table_type = $1 AND effective_date <= $2 ORDER BY effective_date DESC LIMIT 1`,
      [tableType, date],
    );
    return row[0] ? this.oneTable({ where: { id: row[0].id } }) : null;
  }

  /** Tables effective within [from, to], oldest first, each with its rates by code. */
  async between(tableType: NbpTableType, from: string, to: string): Promise<NbpTableEntity[]> {
    const tables = await this.dataSource
      .getRepository(NbpTableEntity)
      .createQueryBuilder('t')
      .leftJoinAndSelect('t.rates', 'r')
      .where('t.table_type = :tableType AND t.effective_date BETWEEN :from AND :to', { tableType, from, to })
      .orderBy('t.effective_date', 'ASC')
      .addOrderBy('r.code', 'ASC')
      .getMany();
    return tables;
  }

  /** Effective date of the newest table of a type; undefined while none is stored. */
  async latestDate(tableType: NbpTableType): Promise<string | undefined> {
    const rows = await this.dataSource.query<{ d: string }[]>(
      `SELECT to_char(max(effective_date), 'YYYY-MM-DD') AS d FROM rates.nbp_tables WHERE table_type = $1`,
      [tableType],
    );
    return rows[0]?.d ?? undefined;
  }

  /** Source ('nbp-archive' or 'nbp-api') and date of the newest table of a type; undefined while none is stored. */
  async newestSource(
    tableType: NbpTableType,
  ): Promise<{ source: string; effectiveDate: string } | undefined> {
    const rows = await this.dataSource.query<{ source: string; effectiveDate: string }[]>(
      `SELECT source, to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate"
         FROM rates.nbp_tables WHERE table_type = $1 ORDER BY effective_date DESC LIMIT 1`,
      [tableType],
    );
    return rows[0];
  }

  /**
   * One currency's quotes in tables of a type within [from, to], oldest first: an index range on
   * nbp_rates (code, table_id) joined to the tables by key, filtered by date.
   */
  async history(tableType: NbpTableType, code: string, from: string, to: string): Promise<StoredPoint[]> {
    return this.dataSource.query<StoredPoint[]>(
      `SELECT to_char(t.effective_date, 'YYYY-MM-DD') AS "effectiveDate", t.no,
              r.mid::text AS mid, r.bid::text AS bid, r.ask::text AS ask
         FROM rates.nbp_rates r
         JOIN rates.nbp_tables t ON t.id = r.table_id
        WHERE r.code = $2 AND t.table_type = $1 AND t.effective_date BETWEEN $3 AND $4
        ORDER BY t.effective_date`,
      [tableType, code, from, to],
    );
  }

  /** The newest quote of a currency in tables of a type effective on or before `date`, with its table's source. */
  async quoteOnOrBefore(
    tableType: NbpTableType,
    code: string,
    date: string,
  ): Promise<(StoredPoint & { source: string }) | undefined> {
    const rows = await this.dataSource.query<(StoredPoint & { source: string })[]>(
      `SELECT to_char(t.effective_date, 'YYYY-MM-DD') AS "effectiveDate", t.no, t.source,
              r.mid::text AS mid, r.bid::text AS bid, r.ask::text AS ask
         FROM rates.nbp_rates r
         JOIN rates.nbp_tables t ON t.id = r.table_id
        WHERE r.code = $2 AND t.table_type = $1 AND t.effective_date <= $3
        ORDER BY t.effective_date DESC
        LIMIT 1`,
      [tableType, code, date],
    );
    return rows[0];
  }

  async count(tableType: NbpTableType): Promise<number> {
    return this.dataSource.getRepository(NbpTableEntity).countBy({ tableType });
  }

  /**
   * Stores tables idempotently in a few statements however many there are: a table whose number,
   * or whose type and date, is already stored is skipped, so re-running an import or a fetch never
   * duplicates or rewrites history. Returns how many were new.
   */
  async insertTables(tables: readonly NbpTable[], source: string): Promise<number> {
    if (tables.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      const ids = await insertTableRows(manager, tables, source);
      const rates = tables.flatMap((t) => {
        const id = ids.get(t.no);
        return id === undefined ? [] : t.rates.map((r) => ({ id, ...r }));
      });
      for (let i = 0; i < rates.length; i += RATE_BATCH) {
        const batch = rates.slice(i, i + RATE_BATCH);
        await manager.query(
          `INSERT INTO rates.nbp_rates (table_id, code, currency, mid, bid, ask)
           SELECT * FROM unnest($1::int[], $2::char(3)[], $3::varchar[], $4::numeric[], $5::numeric[], $6::numeric[])`,
          [
            batch.map((r) => r.id),
            batch.map((r) => r.code),
            batch.map((r) => r.currency),
            batch.map((r) => r.mid),
            batch.map((r) => r.bid),
            batch.map((r) => r.ask),
          ],
        );
      }
      return ids.size;
    });
  }

  private async oneTable(options: {
    where: Partial<Pick<NbpTableEntity, 'tableType' | 'effectiveDate' | 'id'>>;
    order?: { effectiveDate: 'DESC' };
  }): Promise<NbpTableEntity | null> {
    const table = await this.dataSource
      .getRepository(NbpTableEntity)
      .findOne({ ...options, relations: { rates: true } });
    table?.rates.sort((a, b) => a.code.localeCompare(b.code));
    return table;
  }
}

/** Inserts the table rows that are new; answers their ids by table number. */
async function insertTableRows(
  manager: EntityManager,
  tables: readonly NbpTable[],
  source: string,
): Promise<Map<string, number>> {
  const rows = await manager.query<{ id: number; no: string }[]>(
    `INSERT INTO rates.nbp_tables (table_type, no, effective_date, trading_date, source)
     SELECT * FROM unnest($1::char(1)[], $2::varchar[], $3::date[], $4::date[], $5::varchar[])
     ON CONFLICT DO NOTHING
     RETURNING id, no`,
    [
      tables.map((t) => t.type),
      tables.map((t) => t.no),
      tables.map((t) => t.effectiveDate),
      tables.map((t) => t.tradingDate),
      tables.map(() => source),
    ],
  );
  return new Map(rows.map((r) => [r.no, r.id]));
}

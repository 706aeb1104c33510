import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ArchiveTable } from '../domain/nbp-archive-csv';
import { type MidRateTableType, type NbpTableType } from '../domain/nbp-table-type';
import { NbpRateEntity } from './nbp-rate.entity';
import { NbpTableEntity } from './nbp-table.entity';

/** All SQL of NBP tables lives here; the use cases call these methods and never build a query. */
@Injectable()
export class NbpTablesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The most recent table of a type, with its rates ordered by currency code. */
  async latest(tableType: NbpTableType): Promise<NbpTableEntity | null> {
    const table = await this.dataSource.getRepository(NbpTableEntity).findOne({
      where: { tableType },
      order: { effectiveDate: 'DESC' },
      relations: { rates: true },
    });
    table?.rates.sort((a, b) => a.code.localeCompare(b.code));
    return table;
  }

  async count(tableType: NbpTableType): Promise<number> {
    return this.dataSource.getRepository(NbpTableEntity).countBy({ tableType });
  }

  /**
   * Stores mid-rate tables (A or B) idempotently: a table whose number is already known is skipped,
   * so re-running an import never duplicates or rewrites history. Returns how many were new.
   */
  async insertMidTables(tableType: MidRateTableType, tables: readonly ArchiveTable[], source: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      let inserted = 0;
      for (const table of tables) {
        const result = await manager
          .createQueryBuilder()
          .insert()
          .into(NbpTableEntity)
          .values({ tableType, no: table.no, effectiveDate: table.effectiveDate, tradingDate: null, source })
          .orIgnore()
          .returning(['id'])
          .execute();
        const id = (result.raw as { id: number }[])[0]?.id;
        if (id === undefined) continue;
        inserted += 1;
        if (table.rates.length === 0) continue;
        await manager
          .createQueryBuilder()
          .insert()
          .into(NbpRateEntity)
          .values(table.rates.map((r) => ({ tableId: id, code: r.code, currency: r.currency, mid: r.mid, bid: null, ask: null })))
          .execute();
      }
      return inserted;
    });
  }
}

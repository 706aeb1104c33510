import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type ratesV1 } from '@lib/contracts';
import { CACHE, notFound } from '@lib/service-kit';
import { type NbpTableType } from '../domain/nbp-table-type';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { toRateTable } from './rate-table-message';
import { LATEST_TABLE_CACHE, latestTableKey } from './rates-cache';

/** Reading NBP tables (GetLatestTable; GetTableByDate, ListTables and GetCurrencyHistory join here when built). */
@Injectable()
export class RateTablesUseCases {
  constructor(
    private readonly tables: NbpTablesRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  /** The newest table of a type, read through the cache; NOT_FOUND while none is stored. */
  async latestTable(table: NbpTableType): Promise<ratesV1.RateTable> {
    // "None stored" is cached too: the import that brings the first table clears the prefix.
    const latest = await readThrough(this.cache, latestTableKey(table), LATEST_TABLE_CACHE, async () => {
      const found = await this.tables.latest(table);
      return found ? toRateTable(found) : null;
    });
    if (!latest) throw notFound('nbp_table', table);
    return latest;
  }
}

import { Controller, Inject } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { ratesV1 } from '@lib/contracts';
import { trimDecimal } from '@lib/finance';
import { CACHE, GrpcService, notFound, parseRequest } from '@lib/service-kit';
import { z } from 'zod';
import { NbpTablesRepository, type TableType } from './persistence/nbp-tables.repository';
import { type NbpTableEntity } from './persistence/nbp-table.entity';

const { TableType: ProtoTable } = ratesV1;

const TABLE_LETTER: Record<number, TableType> = {
  [ProtoTable.A]: 'A',
  [ProtoTable.B]: 'B',
  [ProtoTable.C]: 'C',
};
const TABLE_ENUM: Record<TableType, ratesV1.TableType> = {
  A: ProtoTable.A,
  B: ProtoTable.B,
  C: ProtoTable.C,
};

const tableField = z
  .number()
  .refine((v) => v in TABLE_LETTER, 'must be A, B or C')
  .transform((v) => TABLE_LETTER[v]!);

const getLatestTableRequest = z.object({ table: tableField });

/** NUMERIC comes back with the column's scale ('4.1219000000'); callers get NBP's own digits. */
const rateText = (value: string | null) => (value === null ? '' : trimDecimal(value));

export function toRateTable(table: NbpTableEntity): ratesV1.RateTable {
  return {
    table: TABLE_ENUM[table.tableType],
    no: table.no,
    effectiveDate: table.effectiveDate,
    tradingDate: table.tradingDate ?? '',
    rates: table.rates.map((r) => ({
      currency: r.currency,
      code: r.code,
      mid: rateText(r.mid),
      bid: rateText(r.bid),
      ask: rateText(r.ask),
    })),
  };
}

/** Cache keys of this controller; importers clear the prefix when new tables arrive. */
export const RATES_CACHE_PREFIX = 'nbp:';
// A table changes at most once per working day, so a minute of freshness costs nothing in accuracy,
// and an hour of stale serving keeps pages up while PostgreSQL is briefly away.
const LATEST_TABLE_CACHE = { ttlMs: 60_000, staleMs: 3_600_000 };

@Controller()
@GrpcService(ratesV1.RATES_SERVICE_NAME)
export class RatesController implements Pick<ratesV1.RatesServiceController, 'getLatestTable'> {
  constructor(
    private readonly tables: NbpTablesRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  async getLatestTable(request: ratesV1.GetLatestTableRequest): Promise<ratesV1.RateTable> {
    const { table } = parseRequest(getLatestTableRequest, request);
    const latest = await readThrough(this.cache, `${RATES_CACHE_PREFIX}latest:${table}`, LATEST_TABLE_CACHE, async () => {
      const found = await this.tables.latest(table);
      return found ? toRateTable(found) : null;
    });
    if (!latest) throw notFound('nbp_table', table);
    return latest;
  }
}

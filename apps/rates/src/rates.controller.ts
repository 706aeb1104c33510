import { Controller } from '@nestjs/common';
import { ratesV1 } from '@lib/contracts';
import { GrpcService, notFound, parseRequest } from '@lib/service-kit';
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
const trimDecimal = (value: string | null) => (value === null ? '' : value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

export function toRateTable(table: NbpTableEntity): ratesV1.RateTable {
  return {
    table: TABLE_ENUM[table.tableType],
    no: table.no,
    effectiveDate: table.effectiveDate,
    tradingDate: table.tradingDate ?? '',
    rates: table.rates.map((r) => ({
      currency: r.currency,
      code: r.code,
      mid: trimDecimal(r.mid),
      bid: trimDecimal(r.bid),
      ask: trimDecimal(r.ask),
    })),
  };
}

@Controller()
@GrpcService(ratesV1.RATES_SERVICE_NAME)
export class RatesController implements Pick<ratesV1.RatesServiceController, 'getLatestTable'> {
  constructor(private readonly tables: NbpTablesRepository) {}

  async getLatestTable(request: ratesV1.GetLatestTableRequest): Promise<ratesV1.RateTable> {
    const { table } = parseRequest(getLatestTableRequest, request);
    const latest = await this.tables.latest(table);
    if (!latest) throw notFound('nbp_table', table);
    return toRateTable(latest);
  }
}

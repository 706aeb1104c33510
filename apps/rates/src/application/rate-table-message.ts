import { ratesV1 } from '@lib/contracts';
import { trimDecimal } from '@lib/finance';
import { NBP_ARCHIVE_SOURCE } from '../domain/data-sources';
import { type NbpTableType } from '../domain/nbp-table-type';
import { type NbpTableEntity } from '../persistence/nbp-table.entity';

export const TABLE_ENUM: Record<NbpTableType, ratesV1.TableType> = {
  A: ratesV1.TableType.A,
  B: ratesV1.TableType.B,
  C: ratesV1.TableType.C,
};

/** NUMERIC comes back with the column's scale ('4.1219000000'); callers get NBP's own digits. */
const rateText = (value: string | null) => (value === null ? '' : trimDecimal(value));

/** A stored table and its rates as the contract's RateTable; a rate the table does not carry is ''. */
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
    embedded: table.source === NBP_ARCHIVE_SOURCE,
  };
}

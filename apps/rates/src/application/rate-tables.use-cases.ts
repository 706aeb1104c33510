import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { ratesV1 } from '@lib/contracts';
import { crossRate, seriesStats } from '@lib/currencies';
import { trimDecimal } from '@lib/finance';
import { CACHE, invalidArgument, notFound } from '@lib/service-kit';
import { type HistoryRangeName, rangeStart } from '../domain/history';
import { type NbpTableType } from '../domain/nbp-table-type';
import { NbpTablesRepository, type StoredPoint } from '../persistence/nbp-tables.repository';
import { TABLE_ENUM, toRateTable } from './rate-table-message';
import { historyKey, LATEST_TABLE_CACHE, latestTableKey } from './rates-cache';

/** GetCurrencyHistory as the use case takes it: a predefined range, or explicit dates. */
export interface HistoryQuery {
  code: string;
  table: NbpTableType;
  range?: HistoryRangeName;
  from?: string;
  to?: string;
  /** Quote currency; PLN unless a cross rate is asked for. */
  quote: string;
}

/** Digits kept in a cross rate computed from two mid rates. */
const CROSS_RATE_PLACES = 8;

const text = (value: string | null) => (value === null ? '' : trimDecimal(value));

/** Reading NBP tables: GetLatestTable, GetTableByDate, ListTables and GetCurrencyHistory. */
@Injectable()
export class RateTablesUseCases {
  constructor(
    private readonly tables: NbpTablesRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  /** The newest table of a type, read through the cache; NOT_FOUND while none is stored. */
  async latestTable(table: NbpTableType): Promise<ratesV1.RateTable> {
    const latest = await this.latestOrNull(table);
    if (!latest) throw notFound('nbp_table', table);
    return latest;
  }

  /** The newest table of a type through the cache, null while none is stored. */
  async latestOrNull(table: NbpTableType): Promise<ratesV1.RateTable | null> {
    // "None stored" is cached too: the import that brings the first table clears the prefix.
    return readThrough(this.cache, latestTableKey(table), LATEST_TABLE_CACHE, async () => {
      const found = await this.tables.latest(table);
      return found ? toRateTable(found) : null;
    });
  }

  /** The table effective on a date (or the newest before it with onOrBefore); NOT_FOUND when none. */
  async tableOnDate(table: NbpTableType, date: string, onOrBefore: boolean): Promise<ratesV1.RateTable> {
    const found = await this.tables.onDate(table, date, onOrBefore);
    if (!found) throw notFound('nbp_table', `${table} ${date}`);
    return toRateTable(found);
  }

  /** Tables of a type effective within [from, to], oldest first (possibly none). */
  async listTables(table: NbpTableType, from: string, to: string): Promise<ratesV1.ListTablesResponse> {
    return { tables: (await this.tables.between(table, from, to)).map(toRateTable) };
  }

  /**
   * One currency's history in a table type over a predefined range (ending on the newest stored
   * table of that type, so charts have data whatever the wall clock says) or explicit dates, with
   * min, max and change; a cross rate through PLN when another quote currency is asked for.
   */
  async history(query: HistoryQuery): Promise<ratesV1.GetCurrencyHistoryResponse> {
    const { range } = query;
    // A predefined range is the same answer for everyone until the next import clears the prefix.
    if (range)
      return readThrough(
        this.cache,
        historyKey(query.table, query.code, query.quote, range),
        LATEST_TABLE_CACHE,
        () => this.loadHistory(query),
      );
    return this.loadHistory(query);
  }

  private async loadHistory(query: HistoryQuery): Promise<ratesV1.GetCurrencyHistoryResponse> {
    const { code, table, quote } = query;
    const cross = quote !== 'PLN';
    if (cross && table === 'C')
      throw invalidArgument([
        { field: 'quote', description: 'cross rates are computed from mid rates: use table A or B' },
      ]);
    if (code === quote) throw invalidArgument([{ field: 'quote', description: 'must differ from code' }]);
    let from: string;
    let to: string;
    if (query.range) {
      const end = await this.tables.latestDate(table);
      if (!end) throw notFound('nbp_table', table);
      to = end;
      from = rangeStart(query.range, end);
    } else {
      from = query.from!;
      to = query.to!;
    }

    const points = cross
      ? await this.crossPoints(table, code, quote, from, to)
      : await this.plnPoints(table, code, from, to);
    if (points.length === 0) await this.assertQuoted(table, code === 'PLN' ? quote : code);
    const stats = seriesStats(
      points.map((p) => (table === 'C' ? { low: p.bid!, high: p.ask! } : { low: p.mid!, high: p.mid! })),
    );
    return {
      code,
      table: TABLE_ENUM[table],
      from,
      to,
      points: points.map((p) => ({
        effectiveDate: p.effectiveDate,
        tableNo: p.no,
        mid: text(p.mid),
        bid: text(p.bid),
        ask: text(p.ask),
      })),
      min: stats?.min ?? '',
      max: stats?.max ?? '',
      change: stats?.change ?? '',
      changePercent: stats?.changePercent ?? '',
      quote,
    };
  }

  private async plnPoints(
    table: NbpTableType,
    code: string,
    from: string,
    to: string,
  ): Promise<StoredPoint[]> {
    if (code === 'PLN')
      throw invalidArgument([
        { field: 'code', description: 'PLN is the quote currency of NBP tables: ask for another code' },
      ]);
    return this.tables.history(table, code, from, to);
  }

  /** Units of `quote` per unit of `code` on the days both are quoted (PLN itself is 1). */
  private async crossPoints(
    table: NbpTableType,
    code: string,
    quote: string,
    from: string,
    to: string,
  ): Promise<StoredPoint[]> {
    const series = async (c: string) =>
      c === 'PLN'
        ? undefined
        : new Map((await this.tables.history(table, c, from, to)).map((p) => [p.effectiveDate, p]));
    const [base, counter] = await Promise.all([series(code), series(quote)]);
    if (counter?.size === 0) await this.assertQuoted(table, quote);
    const days = [...(base ?? counter)!.keys()];
    return days.flatMap((day) => {
      const b = base?.get(day);
      const c = counter?.get(day);
      if ((base && !b) || (counter && !c)) return [];
      const mid = crossRate(b?.mid ?? '1', c?.mid ?? '1', CROSS_RATE_PLACES);
      const no = [b?.no, c?.no].filter((n, i, all) => n && all.indexOf(n) === i).join(', ');
      return [{ effectiveDate: day, no, mid, bid: null, ask: null }];
    });
  }

  /** NOT_FOUND unless the newest table of the type quotes the code (an empty range is not an error). */
  private async assertQuoted(table: NbpTableType, code: string): Promise<void> {
    const latest = await this.latestOrNull(table);
    if (!latest?.rates.some((r) => r.code === code)) throw notFound('currency', `${code} in table ${table}`);
  }
}

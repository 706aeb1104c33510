import { type HistoryRangeName } from './history';
import { type MidRateTableType } from './nbp-table-type';

/**
 * The mid-rate table a currency's rate is read from now (A, else B for the currencies A lacks),
 * undefined when neither quotes it. Never asked about PLN: NBP quotes every currency in it.
 */
export type MidTableOf = (code: string) => MidRateTableType | undefined;

/** A pair page's history as GetCurrencyHistory takes it. */
export interface PairHistoryQuery {
  code: string;
  quote: string;
  table: MidRateTableType;
  range: HistoryRangeName;
}

/**
 * The history a pair page charts: `from` quoted in `to`, but for a pair from PLN the history of
 * `to` quoted in PLN (NBP quotes currencies in złoty; the page inverts it). The table is the one
 * the pair's mid rate comes from: B when every currency of the pair is quoted and one only in
 * table B, else A (where a currency nobody quotes is reported as not found).
 */
export function pairHistoryQuery(
  from: string,
  to: string,
  range: HistoryRangeName,
  midTableOf: MidTableOf,
): PairHistoryQuery {
  const tables = [from, to].filter((code) => code !== 'PLN').map(midTableOf);
  const table = tables.every((t) => t !== undefined) && tables.includes('B') ? 'B' : 'A';
  return from === 'PLN' ? { code: to, quote: 'PLN', table, range } : { code: from, quote: to, table, range };
}

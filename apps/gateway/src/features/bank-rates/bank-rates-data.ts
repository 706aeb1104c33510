import { type Section } from '../../app/section';
import { type ChartData, type HistoryRangeKey } from '../rate-charts';

/** Currencies compared across banks (the ones most people exchange), in this order. */
export const COMPARED_CODES = ['EUR', 'USD', 'GBP', 'CHF'] as const;

export interface BankQuote {
  code: string;
  /** Decimal strings, PLN per one unit; empty when the bank does not quote the currency. */
  buy: string;
  sell: string;
}

/** One bank's newest table reduced to the compared currencies. */
export interface BankSummary {
  slug: string;
  name: string;
  path: string;
  /** 'YYYY-MM-DD'; empty when the bank has no table to show (its rates are unavailable). */
  effectiveDate: string;
  tableNo: string;
  /** The table is sample data shipped with the service (computed from NBP), not the bank's. */
  embedded: boolean;
  quotes: BankQuote[];
}

export interface BankComparison {
  codes: string[];
  banks: BankSummary[];
}

export interface BankRateRow {
  code: string;
  name: string;
  /** PLN per `units` units, as the bank quotes it. */
  buy: string;
  sell: string;
  units: number;
  /** The currency's pair page against the złoty; empty for currencies the site has no page for. */
  pairPath: string;
}

export interface BankCurrencyChart {
  code: string;
  name: string;
  data: ChartData;
  min: string;
  max: string;
}

export interface BanksData {
  comparison: Section<BankComparison>;
  /** Every bank, also when its table could not be read (the list itself is essential). */
  banks: { slug: string; name: string; path: string; effectiveDate: string; embedded: boolean }[];
}

export interface BankData {
  slug: string;
  name: string;
  path: string;
  websiteUrl: string;
  /** False when the bank has no table to show: its page says its rates are unavailable. */
  available: boolean;
  /** The table is sample data shipped with the service (computed from NBP), not the bank's. */
  embedded: boolean;
  tableNo: string;
  effectiveDate: string;
  publishedAt: string;
  rates: BankRateRow[];
  range: HistoryRangeKey;
  charts: Section<BankCurrencyChart[]>;
  others: Section<BankComparison>;
}

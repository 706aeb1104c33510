import { type Section } from '../../app/section';
import { type BankComparison } from '../bank-rates';
import { type ChartData, type HistoryRangeKey } from '../rate-charts';

/** A currency the converter offers, with its NBP mid rate. */
export interface ConverterCurrency {
  /** ISO code, upper case. */
  code: string;
  /** What the select shows: 'EUR – euro'. */
  label: string;
  /** Złoty per one unit ('1' for the złoty); for a pair page's own converter, see PairData. */
  mid: string;
  /** Index of the table in ConverterForm.tables the rate comes from; -1 for the złoty. */
  table: number;
}

/** The NBP table a rate comes from. */
export interface TableRef {
  no: string;
  /** 'YYYY-MM-DD' */
  effectiveDate: string;
  /** From the NBP archive shipped with the service, not NBP's current publication: sample data. */
  embedded: boolean;
}

export interface PopularRate {
  code: string;
  name: string;
  /** Złoty per one unit: NBP mid (table A), buy and sell (table C, empty when C lacks the currency). */
  mid: string;
  bid: string;
  ask: string;
  path: string;
}

export interface CurrencyLink {
  code: string;
  name: string;
  path: string;
}

export interface ConverterForm {
  currencies: ConverterCurrency[];
  /** The tables the mid rates come from (A, and B for the currencies A lacks). */
  tables: TableRef[];
  /** Preselected codes. */
  from: string;
  to: string;
  /** Where the form is sent (the page itself). */
  action: string;
}

export interface ConverterFaqItem {
  question: string;
  answerHtml: string;
}

export interface ConverterData {
  form: ConverterForm;
  popular: PopularRate[];
  /** Table C of the buy and sell rates; null when none is stored. */
  tableC: TableRef | null;
  all: CurrencyLink[];
  banks: Section<BankComparison>;
  faq: ConverterFaqItem[];
  /** Marks the page partial when table B or C could not be read (then it is not cached). */
  optionalTables: Section<true>;
}

export interface PairHistory {
  data: ChartData;
  /** 'YYYY-MM-DD' dates covered. */
  from: string;
  to: string;
  min: string;
  max: string;
  change: string;
  changePercent: string;
}

export interface PairData {
  /** ISO codes, upper case. */
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  title: string;
  description: string;
  /** Units of `to` per one `from`: NBP mid, buy and sell (table C), min and max over 12 months; '' when unavailable. */
  mid: string;
  bid: string;
  ask: string;
  min: string;
  max: string;
  effectiveDate: string;
  tableNo: string;
  /** The mid rate's table is from the NBP archive shipped with the service: sample data. */
  embedded: boolean;
  cTableNo: string;
  cEffectiveDate: string;
  /** NBP table C is stored at all (it may be, without this pair's currencies); null when unknown. */
  tableC: boolean | null;
  path: string;
  reversePath: string;
  range: HistoryRangeKey;
  history: Section<PairHistory>;
  /** The converter of this pair: `from` at the pair's mid rate, `to` at 1. */
  form: ConverterForm;
  related: CurrencyLink[];
}

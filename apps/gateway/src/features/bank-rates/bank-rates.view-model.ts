import { type ratesV1 } from '@lib/contracts';
import { bankPath, currencyPairPath } from '../../app/site-paths/rates';
import { type ChartData } from '../rate-charts';
import {
  type BankComparison,
  type BankCurrencyChart,
  type BankRateRow,
  type BankSummary,
  COMPARED_CODES,
} from './bank-rates-data';

export function toBankSummary(
  bank: ratesV1.Bank,
  table: ratesV1.BankTable | null,
  codes: readonly string[] = COMPARED_CODES,
): BankSummary {
  const byCode = new Map((table?.rates ?? []).map((rate) => [rate.code.toUpperCase(), rate]));
  return {
    slug: bank.slug,
    name: bank.name,
    path: bankPath(bank.slug),
    effectiveDate: table?.effectiveDate ?? '',
    tableNo: table?.tableNo ?? '',
    embedded: table?.embedded ?? bank.embedded,
    quotes: codes.map((code) => {
      const rate = byCode.get(code);
      // The comparison is per one unit, whatever the bank's own quoting unit.
      return {
        code,
        buy: rate ? perOneUnit(rate.buy, rate.units) : '',
        sell: rate ? perOneUnit(rate.sell, rate.units) : '',
      };
    }),
  };
}

/** A bank's rate per one unit: '4.2781' stays as it is; a rate per 100 units moves its decimal point. */
export function perOneUnit(value: string, units: number): string {
  if (units <= 1 || value === '') return value;
  const digits = Math.round(Math.log10(units));
  if (10 ** digits !== units) return value; // only powers of ten are quoted
  const [whole = '0', fraction = ''] = value.split('.');
  const padded = whole.padStart(digits + 1, '0');
  const shifted = `${padded.slice(0, padded.length - digits)}.${padded.slice(padded.length - digits)}${fraction}`;
  return shifted.replace(/^0+(?=\d)/, '').replace(/\.?0+$/, '') || '0';
}

export function toComparison(summaries: BankSummary[]): BankComparison {
  return { codes: [...COMPARED_CODES], banks: summaries };
}

export function toBankRateRows(table: ratesV1.BankTable): BankRateRow[] {
  return table.rates.map((rate) => ({
    code: rate.code.toUpperCase(),
    name: rate.name,
    buy: rate.buy,
    sell: rate.sell,
    units: rate.units || 1,
    pairPath: rate.code.toUpperCase() === 'PLN' ? '' : currencyPairPath(rate.code, 'pln'),
  }));
}

export function toBankChart(
  name: string,
  history: ratesV1.GetBankCurrencyHistoryResponse,
): BankCurrencyChart {
  const data: ChartData = {
    dates: history.points.map((point) => point.effectiveDate),
    series: [
      { label: 'Kupno', values: history.points.map((point) => point.buy) },
      { label: 'Sprzedaż', values: history.points.map((point) => point.sell) },
    ],
  };
  return { code: history.code.toUpperCase(), name, data, min: history.min, max: history.max };
}

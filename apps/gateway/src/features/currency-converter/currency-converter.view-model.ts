import { currencyLabel, findCurrency } from '@lib/currencies';
import { type ratesV1 } from '@lib/contracts';
import { Decimal } from '@lib/finance';
import { currencyPairPath } from '../../app/site-paths/rates';
import { type ChartData } from '../rate-charts';
import { type ConverterCurrency, type CurrencyLink, type PairHistory, type PopularRate, type TableRef } from './currency-converter-data';

/** Currencies listed first on the converter page and in its select, in this order. */
export const POPULAR_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'NOK', 'SEK', 'DKK', 'CZK', 'HUF', 'JPY', 'CAD', 'AUD', 'UAH'] as const;

export const currencyOptionLabel = (code: string): string => {
  const label = currencyLabel(code);
  return label === code ? code : `${code} – ${label}`;
};

export const tableRef = (table: ratesV1.RateTable): TableRef => ({ no: table.no, effectiveDate: table.effectiveDate });

/**
 * The converter's currencies: the złoty and every currency of tables A and B (A first: a currency
 * in both takes its daily A rate) that the site supports; popular ones first, then by code.
 */
export function converterCurrencies(tables: readonly ratesV1.RateTable[]): ConverterCurrency[] {
  const byCode = new Map<string, ConverterCurrency>();
  byCode.set('PLN', { code: 'PLN', label: currencyOptionLabel('PLN'), mid: '1', table: -1 });
  tables.forEach((table, index) => {
    for (const rate of table.rates) {
      const code = rate.code.toUpperCase();
      if (byCode.has(code) || rate.mid === '' || !findCurrency(code) || new Decimal(rate.mid).lte(0)) continue;
      byCode.set(code, { code, label: currencyOptionLabel(code), mid: rate.mid, table: index });
    }
  });
  const order = (code: string) => {
    const popular = (POPULAR_CODES as readonly string[]).indexOf(code);
    return code === 'PLN' ? -1 : popular === -1 ? POPULAR_CODES.length : popular;
  };
  return [...byCode.values()].sort((a, b) => order(a.code) - order(b.code) || (a.code < b.code ? -1 : 1));
}

export function popularRates(tableA: ratesV1.RateTable, tableC: ratesV1.RateTable | null): PopularRate[] {
  const mids = new Map(tableA.rates.map((rate) => [rate.code.toUpperCase(), rate]));
  const buySell = new Map((tableC?.rates ?? []).map((rate) => [rate.code.toUpperCase(), rate]));
  return POPULAR_CODES.filter((code) => mids.has(code)).map((code) => ({
    code,
    name: currencyLabel(code),
    mid: mids.get(code)?.mid ?? '',
    bid: buySell.get(code)?.bid ?? '',
    ask: buySell.get(code)?.ask ?? '',
    path: currencyPairPath(code, 'PLN'),
  }));
}

/** A pair page for every currency the converter offers, against the złoty. */
export function currencyLinks(currencies: readonly ConverterCurrency[]): CurrencyLink[] {
  return currencies.filter((currency) => currency.code !== 'PLN').map((currency) => ({ code: currency.code, name: currencyLabel(currency.code), path: currencyPairPath(currency.code, 'PLN') }));
}

/** The złoty's history against a currency from that currency's history in złoty: each rate inverted. */
function invert(value: string): string {
  return value === '' || new Decimal(value).eq(0) ? '' : new Decimal(1).div(value).round(6).toFixed();
}

export function toPairHistory(history: ratesV1.GetCurrencyHistoryResponse, label: string, inverted: boolean): PairHistory {
  const values = history.points.map((point) => (inverted ? invert(point.mid) : point.mid));
  const data: ChartData = { dates: history.points.map((point) => point.effectiveDate), series: [{ label, values }] };
  const base = { data, from: history.from, to: history.to };
  if (!inverted) return { ...base, min: history.min, max: history.max, change: history.change, changePercent: history.changePercent };
  const first = values[0] ?? '';
  const last = values.at(-1) ?? '';
  const change = first !== '' && last !== '' ? new Decimal(last).minus(first).toFixed() : '';
  return {
    ...base,
    // Inverting swaps the ends: the currency's highest rate is the złoty's lowest.
    min: invert(history.max),
    max: invert(history.min),
    change,
    changePercent: change !== '' && !new Decimal(first).eq(0) ? new Decimal(change).div(first).times(100).round(2).toFixed(2) : '',
  };
}

import { currencyLabel, findCurrency, invertRate, midSeriesStats } from '@lib/currencies';
import { type ratesV1 } from '@lib/contracts';
import { Decimal } from '@lib/finance';
import { currencyPairPath } from '../../app/site-paths/rates';
import { type ChartData } from '../rate-charts';
import {
  type ConverterCurrency,
  type CurrencyLink,
  type PairHistory,
  type PopularRate,
  type TableRef,
} from './currency-converter-data';
import { RATE_PLACES } from './mid-conversion';

/** Currencies listed first on the converter page and in its select, in this order. */
export const POPULAR_CODES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'NOK',
  'SEK',
  'DKK',
  'CZK',
  'HUF',
  'JPY',
  'CAD',
  'AUD',
  'UAH',
] as const;

export const currencyOptionLabel = (code: string): string => {
  const label = currencyLabel(code);
  return label === code ? code : `${code} – ${label}`;
};

export const tableRef = (table: ratesV1.RateTable): TableRef => ({
  no: table.no,
  effectiveDate: table.effectiveDate,
  embedded: table.embedded,
});

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
      if (byCode.has(code) || rate.mid === '' || !findCurrency(code) || new Decimal(rate.mid).lte(0))
        continue;
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
  return currencies
    .filter((currency) => currency.code !== 'PLN')
    .map((currency) => ({
      code: currency.code,
      name: currencyLabel(currency.code),
      path: currencyPairPath(currency.code, 'PLN'),
    }));
}

/**
 * A pair's history as the page draws it. The service quotes currencies in złoty, so the złoty's
 * history against a currency (`inverted`) is that currency's history with each rate inverted, and
 * its min, max and change are those of the inverted rates.
 */
export function toPairHistory(
  history: ratesV1.GetCurrencyHistoryResponse,
  label: string,
  inverted: boolean,
): PairHistory {
  const values = history.points.map((point) => (inverted ? invertRate(point.mid, RATE_PLACES) : point.mid));
  const data: ChartData = {
    dates: history.points.map((point) => point.effectiveDate),
    series: [{ label, values }],
  };
  const base = { data, from: history.from, to: history.to };
  if (!inverted)
    return {
      ...base,
      min: history.min,
      max: history.max,
      change: history.change,
      changePercent: history.changePercent,
    };
  const stats = midSeriesStats(values);
  return {
    ...base,
    min: stats?.min ?? '',
    max: stats?.max ?? '',
    change: stats?.change ?? '',
    changePercent: stats?.changePercent ?? '',
  };
}

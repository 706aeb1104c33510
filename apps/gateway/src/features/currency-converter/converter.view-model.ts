import { rateDateText } from '../../shared/rates-format-date';
import { parseAmount } from '@lib/currencies';
import {
  type Conversion,
  convertAtMid,
  conversionHeadline,
  conversionSentence,
  rateLine,
} from './mid-conversion';
import { CONVERTER_QUERY } from './converter-query';
import { type ConverterCurrency, type ConverterForm, type TableRef } from './currency-converter-data';

/** Said of a currency code the converter does not offer (amounts have the messages of @lib/currencies). */
export const UNKNOWN_CURRENCY = 'Wybierz walutę z listy.';

/** The amount the converter shows before the visitor types one. */
export const DEFAULT_AMOUNT = '100';

export interface ConverterView {
  amountText: string;
  from: string;
  to: string;
  errors: { amount?: string; from?: string; to?: string };
  conversion: Conversion | null;
  headline: string;
  sentence: string;
  rate: string;
  source: string;
}

/**
 * Where the rates come from, dated: 'kurs z dnia 24.11.2026 – średni NBP, tabela nr 229/A/NBP/2026',
 * one part per table used, marked when the table is the bundled archive's sample data.
 */
export function sourceText(tables: readonly TableRef[], used: readonly ConverterCurrency[]): string {
  const indices = [...new Set(used.map((currency) => currency.table).filter((index) => index >= 0))].sort();
  const refs = indices
    .map((index) => tables[index])
    .filter((table): table is TableRef => table !== undefined);
  if (refs.length === 0) return 'złoty do złotego: kurs 1';
  return refs
    .map(
      (table) =>
        `${rateDateText(table.effectiveDate)} – średni NBP, tabela nr ${table.no}${table.embedded ? ' (dane przykładowe z archiwum)' : ''}`,
    )
    .join('; ');
}

/**
 * What the converter shows for the values sent (or typed): the checked amount and currencies,
 * the result and the rate with its table, or the Polish message of what is wrong.
 */
export function converterView(
  form: Pick<ConverterForm, 'currencies' | 'tables' | 'from' | 'to'>,
  values: Partial<Record<string, string>> = {},
): ConverterView {
  const amountText = values[CONVERTER_QUERY.amount] ?? DEFAULT_AMOUNT;
  const pick = (value: string | undefined, fallback: string) => {
    const code = (value ?? fallback).trim().toUpperCase();
    return { code, currency: form.currencies.find((currency) => currency.code === code) };
  };
  const from = pick(values[CONVERTER_QUERY.from], form.from);
  const to = pick(values[CONVERTER_QUERY.to], form.to);
  const errors: ConverterView['errors'] = {};
  if (!from.currency) errors.from = UNKNOWN_CURRENCY;
  if (!to.currency) errors.to = UNKNOWN_CURRENCY;
  const amount = parseAmount(amountText);
  if (!amount.ok) errors.amount = amount.message;
  const empty: ConverterView = {
    amountText,
    from: from.code,
    to: to.code,
    errors,
    conversion: null,
    headline: '',
    sentence: '',
    rate: '',
    source: '',
  };
  if (!amount.ok || !from.currency || !to.currency) return empty;
  const conversion = convertAtMid(amount.amount, from.currency, to.currency);
  return {
    ...empty,
    conversion,
    headline: conversionHeadline(conversion),
    sentence: conversionSentence(conversion),
    rate: rateLine(conversion),
    source: sourceText(form.tables, [from.currency, to.currency]),
  };
}

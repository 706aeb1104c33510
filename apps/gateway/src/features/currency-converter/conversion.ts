import { currencyAmountText, currencyWord, findCurrency } from '@lib/currencies';
import { Decimal } from '@lib/finance';
import { formatDecimalText } from '../../shared/rates-format';

/*
 * The converter's rules, shared by the server render (the form sent without JavaScript) and the
 * converter island (live as the visitor types): the amount as typed, checked by parseAmount() of
 * @lib/currencies (the rates service's own rules and Polish messages), then converted exactly (big.js through @lib/finance) at NBP mid rates, cross rates
 * through the złoty, the result rounded half up to the target currency's minor unit.
 */

/** Said of a currency code the converter does not offer (amounts have the messages of @lib/currencies). */
export const UNKNOWN_CURRENCY = 'Wybierz walutę z listy.';

export interface Conversion {
  amount: string;
  from: string;
  to: string;
  /** Units of `to` per one `from`, rounded half up to 6 decimals. */
  rate: string;
  /** Rounded half up to the minor unit of `to`. */
  result: string;
}

/** amount × mid(from) ÷ mid(to), each mid in złoty per one unit ('1' for the złoty itself). */
export function convert(amount: string, from: { code: string; mid: string }, to: { code: string; mid: string }): Conversion {
  const exact = new Decimal(amount).times(from.mid).div(to.mid);
  const minorUnits = findCurrency(to.code)?.minorUnits ?? 2;
  return {
    amount,
    from: from.code,
    to: to.code,
    rate: new Decimal(from.mid).div(to.mid).round(6).toFixed(),
    result: exact.round(minorUnits).toFixed(minorUnits),
  };
}

/** '100 EUR = 427,35 PLN' */
export function conversionHeadline(conversion: Conversion): string {
  const minorUnits = findCurrency(conversion.to)?.minorUnits ?? 2;
  return `${formatDecimalText(conversion.amount, 0, 6)} ${conversion.from} = ${formatDecimalText(conversion.result, minorUnits, minorUnits)} ${conversion.to}`;
}

/** '100 euro to 427,35 złotego' — the amounts in words of their currencies (codes where a currency has no text). */
export function conversionSentence(conversion: Conversion): string {
  const minorUnits = findCurrency(conversion.to)?.minorUnits ?? 2;
  const amountText = formatDecimalText(conversion.amount, 0, 6);
  const resultText = formatDecimalText(conversion.result, minorUnits, minorUnits);
  const amountWords = currencyAmountText(Number(conversion.amount), conversion.from, { text: amountText });
  // An amount written with decimals ('427,00') takes the singular genitive whatever its value
  // ('427,00 złotego'); any fraction picks that form.
  const resultWords = `${resultText} ${currencyWord(resultText.includes(',') ? 0.5 : Number(conversion.result), conversion.to)}`;
  return `${amountWords} to ${resultWords}`;
}

/** '1 EUR = 4,2735 PLN' */
export function rateLine(conversion: Conversion): string {
  return `1 ${conversion.from} = ${formatDecimalText(conversion.rate, 4, 6)} ${conversion.to}`;
}


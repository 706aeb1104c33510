import { convertAmount, crossRate, currencyWord, findCurrency } from '@lib/currencies';
import { formatDecimalText, withUnit } from '../../shared/rates-format';

/*
 * The converter's conversion, shared by the server render (the form sent without JavaScript) and
 * the converter island (live as the visitor types): the rules of @lib/currencies (the rates
 * service's own) at NBP mid rates, cross rates through the złoty, the result rounded half up to
 * the target currency's minor unit; then how the page words it.
 */

/**
 * Places of the rates the pages compute and show: formatRateText writes at most six decimals and
 * cuts the rest, so a rate is rounded to six first.
 */
export const RATE_PLACES = 6;

export interface Conversion {
  amount: string;
  from: string;
  to: string;
  /** Units of `to` per one `from`, rounded half up to RATE_PLACES. */
  rate: string;
  /** Rounded half up to the minor unit of `to`. */
  result: string;
}

/** `amount` of `from` in `to`, each with its mid in złoty per one unit ('1' for the złoty itself). */
export function convertAtMid(
  amount: string,
  from: { code: string; mid: string },
  to: { code: string; mid: string },
): Conversion {
  const minorUnits = findCurrency(to.code)?.minorUnits ?? 2;
  return {
    amount,
    from: from.code,
    to: to.code,
    rate: crossRate(from.mid, to.mid, RATE_PLACES),
    result: convertAmount(amount, from.mid, to.mid, minorUnits),
  };
}

/** '100 EUR = 427,35 PLN' */
export function conversionHeadline(conversion: Conversion): string {
  const minorUnits = findCurrency(conversion.to)?.minorUnits ?? 2;
  return `${withUnit(formatDecimalText(conversion.amount, 0, 6), conversion.from)} = ${withUnit(formatDecimalText(conversion.result, minorUnits, minorUnits), conversion.to)}`;
}

/** '100 euro to 427,35 złotego' – the amounts in words of their currencies (codes where a currency has no text). */
export function conversionSentence(conversion: Conversion): string {
  const minorUnits = findCurrency(conversion.to)?.minorUnits ?? 2;
  const amountText = formatDecimalText(conversion.amount, 0, 6);
  const resultText = formatDecimalText(conversion.result, minorUnits, minorUnits);
  const amountWords = withUnit(amountText, currencyWord(Number(conversion.amount), conversion.from));
  // An amount written with decimals ('427,00') takes the singular genitive whatever its value
  // ('427,00 złotego'); any fraction picks that form.
  const resultWords = `${withUnit(resultText, currencyWord(resultText.includes(',') ? 0.5 : Number(conversion.result), conversion.to))}`;
  return `${amountWords} to ${resultWords}`;
}

/** '1 EUR = 4,2735 PLN' */
export function rateLine(conversion: Conversion): string {
  return `1\u00a0${conversion.from} = ${withUnit(formatDecimalText(conversion.rate, 4, 6), conversion.to)}`;
}

import { type ratesV1 } from '@lib/contracts';
import { HOME_RATE_CODES, type RatesBox } from './home-data';
import { oncePerAnswer } from '../../app/loaders/per-answer';

/** The home page's four currencies from an NBP table A, in a fixed order; missing codes are skipped. */
function ratesBox(table: ratesV1.RateTable): RatesBox {
  const byCode = new Map(table.rates.map((rate) => [rate.code.toUpperCase(), rate]));
  return {
    tableNo: table.no,
    effectiveDate: table.effectiveDate,
    embedded: table.embedded,
    rates: HOME_RATE_CODES.flatMap((code) => {
      const rate = byCode.get(code);
      return rate ? [{ code, currency: rate.currency, mid: rate.mid }] : [];
    }),
  };
}

/** The home page's rates box, made once per GetLatestTable answer (oncePerAnswer). */
export const toRatesBox = oncePerAnswer(ratesBox, () => '');

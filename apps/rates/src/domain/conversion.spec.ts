import { convertAmount, midQuote, PLN_QUOTE } from './conversion';

describe('convertAmount', () => {
  it('converts EUR to USD through PLN from table A exactly, rounding once half up', () => {
    // Table 068/A/NBP/2025: EUR 4.2946, USD 3.9270 → 1 EUR = 1.09360835243… USD
    const eurUsd = convertAmount('1000', midQuote('EUR', '4.2946'), midQuote('USD', '3.927'), 2);
    expect(eurUsd).toEqual({ result: '1093.61', rate: '1.0936083524' });
    // 0.1 + 0.2 style float error would show here: 3 × 0.1 PLN-per-unit stays exact.
    expect(convertAmount('3', midQuote('XYZ', '0.1'), PLN_QUOTE, 2)).toEqual({ result: '0.30', rate: '0.1' });
  });

  it('rounds to the target’s minor unit: none for yen, three for dinars', () => {
    expect(convertAmount('100', PLN_QUOTE, midQuote('JPY', '0.026287'), 0).result).toBe('3804');
    expect(convertAmount('100', PLN_QUOTE, midQuote('TND', '1.2345'), 3).result).toBe('81.004');
  });

  it('sells the source at the buy rate and buys the target at the sell rate', () => {
    const usd = { code: 'USD', buy: '3.8', sell: '4' };
    expect(convertAmount('100', PLN_QUOTE, usd, 2)).toEqual({ result: '25.00', rate: '0.25' });
    expect(convertAmount('100', usd, PLN_QUOTE, 2)).toEqual({ result: '380.00', rate: '3.8' });
    expect(convertAmount('100', usd, { code: 'EUR', buy: '4.1', sell: '4.4' }, 2)).toEqual({ result: '86.36', rate: '0.8636363636' });
  });
});

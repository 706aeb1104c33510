import { PLN_QUOTE, convertAmount, convertAtQuotes, crossRate, invertRate, midQuote } from './conversion';

// Expected figures worked out apart from big.js, with Python's decimal module at 50 digits,
// quantize(..., ROUND_HALF_UP).
const EUR = midQuote('EUR', '4.2946'); // table 068/A/NBP/2025
const USD = midQuote('USD', '3.927');
const TWO = { minorUnits: 2, ratePlaces: 10 };

describe('convertAtQuotes', () => {
  it('crosses EUR to USD through the złoty: 4.2946 / 3.927 = 1.09360835243188…', () => {
    expect(convertAtQuotes('1000', EUR, USD, TWO)).toEqual({ result: '1093.61', rate: '1.0936083524' });
    expect(convertAtQuotes('250', USD, EUR, TWO)).toEqual({ result: '228.60', rate: '0.9144041354' });
  });

  it('computes the result from the unrounded rate, whatever places the rate is given to', () => {
    const sixPlaces = convertAtQuotes('1000000', EUR, USD, { minorUnits: 2, ratePlaces: 6 });
    // 1 000 000 × 1.093608 would be 1093608.00; the exact quotient gives …352.43.
    expect(sixPlaces).toEqual({ result: '1093608.35', rate: '1.093608' });
  });

  it('keeps decimal amounts exact: 3 × 0.1 zł is 0.30, not 0.30000000000000004', () => {
    expect(convertAtQuotes('3', midQuote('XYZ', '0.1'), PLN_QUOTE, TWO)).toEqual({
      result: '0.30',
      rate: '0.1',
    });
  });

  it('rounds an exact half up, to the minor unit of the target', () => {
    // 0.125 zł → 0.13 (half up, where half-even would give 0.12); 1 zł at 0.4 zł per yen = 2.5 → 3 yen.
    expect(convertAtQuotes('1', midQuote('XYZ', '0.125'), PLN_QUOTE, TWO).result).toBe('0.13');
    expect(
      convertAtQuotes('1', PLN_QUOTE, midQuote('JPY', '0.4'), { minorUnits: 0, ratePlaces: 10 }).result,
    ).toBe('3');
    expect(
      convertAtQuotes('100', PLN_QUOTE, midQuote('TND', '1.2345'), { minorUnits: 3, ratePlaces: 10 }).result,
    ).toBe('81.004');
  });

  it('sells the source at the bank’s buy rate and buys the target at its sell rate', () => {
    const usd = { code: 'USD', buy: '3.8', sell: '4' };
    expect(convertAtQuotes('100', PLN_QUOTE, usd, TWO)).toEqual({ result: '25.00', rate: '0.25' });
    expect(convertAtQuotes('100', usd, PLN_QUOTE, TWO)).toEqual({ result: '380.00', rate: '3.8' });
    expect(convertAtQuotes('100', usd, { code: 'EUR', buy: '4.1', sell: '4.4' }, TWO)).toEqual({
      result: '86.36',
      rate: '0.8636363636',
    });
  });
});

describe('convertAmount', () => {
  it('converts between two złoty prices, rounding half up to the minor unit asked for', () => {
    expect(convertAmount('1000', '4.2946', '3.927', 2)).toBe('1093.61');
    expect(convertAmount('100', '4.2930', '1', 2)).toBe('429.30');
    expect(convertAmount('0.125', '1', '1', 2)).toBe('0.13');
    expect(convertAmount('1', '1', '0.4', 0)).toBe('3');
  });
});

describe('crossRate and invertRate', () => {
  it('divides two złoty prices to the places asked for, half up, without trailing zeros', () => {
    expect(crossRate('4.2946', '3.927', 6)).toBe('1.093608');
    expect(crossRate('4.2420', '3.9876', 6)).toBe('1.063798');
    expect(crossRate('4.2930', '1', 6)).toBe('4.293');
    expect(crossRate('1', '8', 2)).toBe('0.13');
  });

  it('inverts a rate in złoty into the złoty’s rate in that currency', () => {
    expect(invertRate('4.2813', 6)).toBe('0.233574');
    expect(invertRate('4.2650', 6)).toBe('0.234467');
    expect(invertRate('4.2813', 8)).toBe('0.23357391');
    expect(invertRate('', 6)).toBe('');
    expect(invertRate('0', 6)).toBe('');
  });
});

import { conversionHeadline, conversionSentence, convertAtMid, rateLine } from './mid-conversion';

const PLN = { code: 'PLN', mid: '1' };
// NBP table 068/A/NBP/2025 of 2025-04-08
const EUR = { code: 'EUR', mid: '4.2930' };
const USD = { code: 'USD', mid: '3.9160' };
const JPY = { code: 'JPY', mid: '0.026640' };

describe('conversion at NBP mid rates', () => {
  it('converts to złoty exactly, rounded half up to the grosz', () => {
    expect(convertAtMid('100', EUR, PLN)).toEqual({
      amount: '100',
      from: 'EUR',
      to: 'PLN',
      rate: '4.293',
      result: '429.30',
    });
    // 0.125 × 4.2930 = 0.536625 → 0.54
    expect(convertAtMid('0.125', EUR, PLN).result).toBe('0.54');
  });

  it('crosses two foreign currencies through the złoty', () => {
    // 100 × 4.2930 / 3.9160 = 109.62717058…
    const eurUsd = convertAtMid('100', EUR, USD);
    expect(eurUsd.result).toBe('109.63');
    expect(eurUsd.rate).toBe('1.096272');
    // no float error on large amounts: 1e9 × 3.9160 / 4.2930 = 912182622.874446…
    expect(convertAtMid('1000000000', USD, EUR).result).toBe('912182622.87');
  });

  it('rounds to the target currency minor unit (yen: whole)', () => {
    // 100 × 4.2930 / 0.026640 = 16114.864864…
    expect(convertAtMid('100', EUR, JPY).result).toBe('16115');
  });

  it('words the result the Polish way', () => {
    const conversion = convertAtMid('100', EUR, PLN);
    expect(conversionHeadline(conversion)).toBe('100\u00a0EUR = 429,30\u00a0PLN');
    expect(conversionSentence(conversion)).toBe('100\u00a0euro to 429,30\u00a0złotego');
    expect(rateLine(conversion)).toBe('1\u00a0EUR = 4,2930\u00a0PLN');
    expect(conversionSentence(convertAtMid('2', USD, USD))).toBe('2\u00a0dolary to 2,00\u00a0dolara');
    expect(conversionSentence(convertAtMid('5', PLN, JPY))).toMatch(/^5\u00a0złotych to 188\u00a0jenów$/);
  });
});

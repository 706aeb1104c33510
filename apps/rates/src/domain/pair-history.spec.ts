import { type MidTableOf, pairHistoryQuery } from './pair-history';

/** Table A quotes EUR and USD, table B MDL and AFN; nobody quotes XYZ. */
const midTableOf: MidTableOf = (code) =>
  ['EUR', 'USD'].includes(code) ? 'A' : ['MDL', 'AFN'].includes(code) ? 'B' : undefined;

describe('pairHistoryQuery', () => {
  it('charts the source currency quoted in the target', () => {
    expect(pairHistoryQuery('EUR', 'PLN', 'month1', midTableOf)).toEqual({
      code: 'EUR',
      quote: 'PLN',
      table: 'A',
      range: 'month1',
    });
    expect(pairHistoryQuery('EUR', 'USD', 'years5', midTableOf)).toEqual({
      code: 'EUR',
      quote: 'USD',
      table: 'A',
      range: 'years5',
    });
  });

  it('charts a pair from the złoty as the target currency in złoty, for the page to invert', () => {
    expect(pairHistoryQuery('PLN', 'EUR', 'week1', midTableOf)).toEqual({
      code: 'EUR',
      quote: 'PLN',
      table: 'A',
      range: 'week1',
    });
    expect(pairHistoryQuery('PLN', 'MDL', 'week1', midTableOf)).toMatchObject({
      code: 'MDL',
      quote: 'PLN',
      table: 'B',
    });
  });

  it('reads table B when a currency of the pair is quoted only there, as the pair’s mid rate is', () => {
    expect(pairHistoryQuery('MDL', 'PLN', 'month1', midTableOf).table).toBe('B');
    expect(pairHistoryQuery('EUR', 'MDL', 'month1', midTableOf).table).toBe('B');
    expect(pairHistoryQuery('AFN', 'MDL', 'month1', midTableOf).table).toBe('B');
  });

  it('reads table A when a currency of the pair is quoted nowhere (the pair has no mid rate)', () => {
    expect(pairHistoryQuery('MDL', 'XYZ', 'month1', midTableOf).table).toBe('A');
    expect(pairHistoryQuery('XYZ', 'PLN', 'month1', midTableOf).table).toBe('A');
  });
});

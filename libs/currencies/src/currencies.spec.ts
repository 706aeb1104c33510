import {
  CURRENCY_CODES,
  currencyAmountText,
  currencyLabel,
  currencyWord,
  findCurrency,
  isCurrencyCode,
  plural,
} from './index';

describe('@lib/currencies', () => {
  it('knows about 60 ISO codes, upper case and sorted, PLN and the spec’s majors among them', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(58);
    expect(CURRENCY_CODES).toEqual([...CURRENCY_CODES].sort());
    for (const code of ['PLN', 'USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CZK', 'SEK', 'DKK', 'HUF', 'RON'])
      expect(isCurrencyCode(code)).toBe(true);
    expect(isCurrencyCode('xyz')).toBe(false);
  });

  it('gives the 8 forms of the dollar, in any case of the code', () => {
    expect(findCurrency('usd')).toEqual({
      code: 'USD',
      minorUnits: 2,
      hasText: true,
      names: {
        shortSingular: 'dolar',
        shortPlural: 'dolary',
        shortSingularGenitive: 'dolara',
        shortPluralGenitive: 'dolarów',
        longSingular: 'dolar amerykański',
        longPlural: 'dolary amerykańskie',
        longSingularGenitive: 'dolara amerykańskiego',
        longPluralGenitive: 'dolarów amerykańskich',
      },
    });
  });

  it('leaves mdl, pen, bwp, gtq, hnl and nio without text, shown by their code', () => {
    for (const code of ['mdl', 'pen', 'bwp', 'gtq', 'hnl', 'nio']) {
      const currency = findCurrency(code)!;
      expect(currency.hasText).toBe(false);
      expect(Object.values(currency.names).every((form) => form === '')).toBe(true);
      expect(currencyAmountText(5, code)).toBe(`5 ${code.toUpperCase()}`);
      expect(currencyLabel(code)).toBe(code.toUpperCase());
    }
  });

  it('gives every other currency all 8 forms', () => {
    const withText = CURRENCY_CODES.map((c) => findCurrency(c)!).filter((c) => c.hasText);
    expect(withText.length).toBe(CURRENCY_CODES.length - 6);
    for (const currency of withText)
      expect((Object.values(currency.names) as string[]).filter((form) => form.trim() === '')).toEqual([]);
  });

  it('follows Polish plural rules for amounts', () => {
    expect(currencyAmountText(1, 'eur')).toBe('1 euro');
    expect(currencyAmountText(2, 'usd')).toBe('2 dolary');
    expect(currencyAmountText(5, 'usd')).toBe('5 dolarów');
    expect([0, 1, 2, 4, 5, 12, 21, 22, 25, 102, 112].map((n) => currencyWord(n, 'pln'))).toEqual([
      'złotych',
      'złoty',
      'złote',
      'złote',
      'złotych',
      'złotych',
      'złotych',
      'złote',
      'złotych',
      'złote',
      'złotych',
    ]);
    expect(currencyAmountText(2.5, 'gbp', { text: '2,5' })).toBe('2,5 funta');
    expect(currencyAmountText(3, 'uah', { length: 'long' })).toBe('3 hrywny ukraińskie');
    expect(currencyAmountText(7, 'czk', { length: 'long' })).toBe('7 koron czeskich');
    expect(currencyWord(1, 'chf', 'long')).toBe('frank szwajcarski');
  });

  it('keeps the minor units of ISO 4217 for rounding', () => {
    expect(findCurrency('JPY')?.minorUnits).toBe(0);
    expect(findCurrency('TND')?.minorUnits).toBe(3);
    expect(findCurrency('EUR')?.minorUnits).toBe(2);
  });

  it('keeps the general plural helper', () => {
    expect([1, 3, 5, 22].map((n) => plural(n, 'miesiąc', 'miesiące', 'miesięcy'))).toEqual([
      'miesiąc',
      'miesiące',
      'miesięcy',
      'miesiące',
    ]);
  });
});

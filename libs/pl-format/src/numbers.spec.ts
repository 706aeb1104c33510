import {
  NBSP,
  formatBasisPoints,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatMoneyRange,
  formatMoneyWhole,
  formatPercent,
  formatPercentDecimal,
  formatZloty,
} from './numbers';

/** Spells no-break spaces out, so an expectation shows which space is which. */
const spaces = (text: string) => text.replace(/\u00a0/g, '⍽');

describe('numbers and money', () => {
  it('groups every amount from a thousand on with no-break spaces, the four-digit ones too', () => {
    expect(spaces(formatZloty(10000))).toBe('10⍽000⍽zł');
    expect(spaces(formatZloty(4806))).toBe('4⍽806⍽zł');
    expect(spaces(formatZloty(100))).toBe('100⍽zł');
    expect(spaces(formatMoney(201800))).toBe('2⍽018,00⍽zł');
    expect(spaces(formatMoney(5))).toBe('0,05⍽zł');
    expect(spaces(formatMoneyWhole(1_500_049))).toBe('15⍽000⍽zł');
    expect(spaces(formatInteger(1000))).toBe('1⍽000');
    expect(spaces(formatInteger(1_234_567))).toBe('1⍽234⍽567');
    expect(spaces(formatDecimal('4.3012', 4))).toBe('4,3012');
    expect(spaces(formatDecimal(12345.678, 2))).toBe('12⍽345,68');
  });

  it('never writes a plain or narrow space', () => {
    const written = [
      formatZloty(123456789),
      formatMoney(-987654321),
      formatInteger(5_000_000),
      formatMoneyRange(10_000, 3_000_000),
      formatPercent(1234.5),
    ].join('|');
    expect(written).not.toMatch(/[ \u202f]/);
    expect(written).toContain(NBSP);
  });

  it('writes a range with an en dash and the currency once', () => {
    expect(spaces(formatMoneyRange(10_000, 3_000_000))).toBe('100–30⍽000⍽zł');
    expect(spaces(formatMoneyRange(500_000, 500_000))).toBe('5⍽000⍽zł');
  });

  it('writes percentages the Polish way, keeping the decimals a stated figure has', () => {
    expect(spaces(formatPercent(21.5))).toBe('21,5⍽%');
    expect(spaces(formatPercent(36.54))).toBe('36,54⍽%');
    expect(spaces(formatPercent(7))).toBe('7⍽%');
    expect(spaces(formatBasisPoints(2150))).toBe('21,5⍽%');
    expect(spaces(formatBasisPoints(1450))).toBe('14,5⍽%');
    expect(spaces(formatPercentDecimal('36.50'))).toBe('36,50⍽%');
    expect(spaces(formatPercentDecimal('0'))).toBe('0⍽%');
    expect(spaces(formatPercentDecimal('1234.5'))).toBe('1⍽234,5⍽%');
    expect(spaces(formatPercentDecimal('n/a'))).toBe('n/a');
  });

  it('gives back a decimal string that is not a number as it is', () => {
    expect(formatDecimal('', 2)).toBe('');
    expect(formatDecimal('abc', 2)).toBe('abc');
  });
});

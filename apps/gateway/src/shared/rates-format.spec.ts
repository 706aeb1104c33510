import { formatAmountText, formatDecimalText, formatIsoDate, formatRateText } from './rates-format';

describe('rates formats', () => {
  it('writes decimal strings the Polish way without going through floats', () => {
    expect(formatRateText('4.2781')).toBe('4,2781');
    expect(formatRateText('1.096272')).toBe('1,096272');
    expect(formatRateText('4.2')).toBe('4,2000');
    expect(formatAmountText('1234567.5')).toBe('1\u00a0234\u00a0567,50');
    expect(formatAmountText('912182622.87')).toBe('912\u00a0182\u00a0622,87');
    expect(formatDecimalText('-0.0123', 2, 4)).toBe('-0,0123');
    expect(formatDecimalText('16115', 0, 0)).toBe('16\u00a0115');
    expect(formatDecimalText('not a number')).toBe('not a number');
    expect(formatIsoDate('2025-04-08')).toBe('08.04.2025');
  });
});

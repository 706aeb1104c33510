import { parsePageNumber } from './paging';

describe('parsePageNumber', () => {
  it('reads canonical page numbers up to the digit limit', () => {
    expect(parsePageNumber('1', 6)).toBe(1);
    expect(parsePageNumber('27', 6)).toBe(27);
    expect(parsePageNumber('999999', 6)).toBe(999_999);
    expect(parsePageNumber('9999', 4)).toBe(9_999);
  });

  it('refuses zero, leading zeros, signs, fractions, too many digits and absence', () => {
    for (const text of ['0', '02', '-1', '+1', '1.5', '1e3', ' 1', '', 'abc', '1000000'])
      expect(parsePageNumber(text, 6)).toBeNull();
    expect(parsePageNumber('10000', 4)).toBeNull();
    expect(parsePageNumber(null, 4)).toBeNull();
    expect(parsePageNumber(undefined, 4)).toBeNull();
  });
});

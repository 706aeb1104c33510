import { isKrs, isNip, isRegon, normalizeNip } from './company-ids';

describe('NIP', () => {
  it('accepts a number whose tenth digit is the weighted sum modulo 11, with the usual separators', () => {
    expect(isNip('1234563218')).toBe(true);
    expect(isNip('123-456-32-18')).toBe(true);
    expect(isNip('PL 123 456 32 18')).toBe(true);
    expect(normalizeNip('PL123-456-32-18')).toBe('1234563218');
  });

  it('refuses a wrong check digit, a remainder of 10, the wrong length and letters', () => {
    expect(isNip('1234563219')).toBe(false);
    // the first nine digits of 100000016x weigh 54, remainder 10: no tenth digit makes it valid
    for (let digit = 0; digit <= 9; digit += 1) expect(isNip(`100000016${digit}`)).toBe(false);
    expect(isNip('123456321')).toBe(false);
    expect(isNip('12345632188')).toBe(false);
    expect(isNip('12345632I8')).toBe(false);
    expect(isNip('')).toBe(false);
  });
});

describe('REGON', () => {
  it('accepts 9 digits with the 8,9,2,3,4,5,6,7 check and 14 digits with both checks', () => {
    expect(isRegon('123456785')).toBe(true);
    expect(isRegon('123 456 785')).toBe(true);
    expect(isRegon('12345678500002')).toBe(true);
  });

  it('refuses a wrong check digit, a 14-digit number on an invalid 9-digit base, and other lengths', () => {
    expect(isRegon('123456786')).toBe(false);
    expect(isRegon('12345678500003')).toBe(false);
    // 123456786 is no valid REGON, whatever the local unit's own check says
    expect(isRegon('12345678600008')).toBe(false);
    expect(isRegon('1234567')).toBe(false);
    expect(isRegon('abcdefghi')).toBe(false);
  });
});

describe('KRS', () => {
  it('is ten digits, leading zeros kept', () => {
    expect(isKrs('0000123456')).toBe(true);
    expect(isKrs('0000 123 456')).toBe(true);
    expect(isKrs('123456')).toBe(false);
    expect(isKrs('00001234567')).toBe(false);
    expect(isKrs('KRS0000123')).toBe(false);
  });
});

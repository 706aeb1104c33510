import { Decimal } from './decimal';
import { GROSZE_PER_ZLOTY, groszeFromZloty, zlotyFromGrosze } from './money';

describe('grosze and whole złoty', () => {
  it('turns złoty into grosze exactly, rounding half a grosz up', () => {
    expect(groszeFromZloty(2_000)).toBe(200_000);
    expect(groszeFromZloty(0)).toBe(0);
    // 19.99 × 100 and 1.005 × 100 in binary floats are 1998.9999… and 100.4999…
    expect(groszeFromZloty(19.99)).toBe(1_999);
    expect(groszeFromZloty(1.005)).toBe(101);
    expect(groszeFromZloty(1.004)).toBe(100);
  });

  it('gives whole złoty the same grosze as the decimal rounding, up to the largest safe amount', () => {
    const decimal = (zloty: number) =>
      new Decimal(zloty).times(GROSZE_PER_ZLOTY).round(0, Decimal.roundHalfUp).toNumber();
    const largest = Math.floor(Number.MAX_SAFE_INTEGER / GROSZE_PER_ZLOTY);
    for (const zloty of [1, -250, 2_000, 123_457, largest, -largest])
      expect(groszeFromZloty(zloty)).toBe(decimal(zloty));
    expect(Number.isSafeInteger(groszeFromZloty(largest))).toBe(true);
    // Beyond it the grosze are no longer exact integers: the decimal path answers as before.
    expect(groszeFromZloty(largest + 1)).toBe(decimal(largest + 1));
  });

  it('turns grosze into whole złoty, half a złoty rounding up', () => {
    expect(zlotyFromGrosze(200_000)).toBe(2_000);
    expect(zlotyFromGrosze(150_049)).toBe(1_500);
    expect(zlotyFromGrosze(150_050)).toBe(1_501);
    expect(zlotyFromGrosze(0)).toBe(0);
  });

  it('brings a whole-złoty amount back as it was', () => {
    for (const zloty of [100, 2_000, 15_000, 50_000, 5_000_000])
      expect(zlotyFromGrosze(groszeFromZloty(zloty))).toBe(zloty);
    expect(GROSZE_PER_ZLOTY).toBe(100);
  });
});

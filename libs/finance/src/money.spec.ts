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

import { RELOAD_GUARD_MS, claimReload } from './reload-guard';

describe('reload guard (spec point 9: once per 10 s per path)', () => {
  it('allows one full load per path per 10 seconds', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload('/o-nas/', 1_000)).toBe(true);
    expect(claimReload('/o-nas/', 5_000)).toBe(false);
    expect(claimReload('/o-nas/', 10_999)).toBe(false);
    expect(claimReload('/kontakt/', 5_000)).toBe(true);
    expect(claimReload('/o-nas/', 11_000)).toBe(true);
    expect(claimReload('/o-nas/', 12_000)).toBe(false);
  });
});

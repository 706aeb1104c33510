import { busyShares, correlation, profileOverlap, samplesOf } from './profile-overlap.cjs';

/**
 * A profile of one process sampled every millisecond from `startUs`, each sample stamped at the
 * end of its millisecond: busy where `busy(atMs)` says so of the sample's time on the shared clock.
 */
function profile(startUs: number, milliseconds: number, busy: (atMs: number) => boolean) {
  const nodes = [
    { id: 1, callFrame: { functionName: '(root)' }, children: [2, 3] },
    { id: 2, callFrame: { functionName: '(idle)' } },
    { id: 3, callFrame: { functionName: 'render' } },
  ];
  const samples = Array.from({ length: milliseconds }, (_, ms) => (busy(startUs / 1000 + ms + 1) ? 3 : 2));
  return { nodes, startTime: startUs, samples, timeDeltas: samples.map(() => 1000) };
}

describe('profile overlap', () => {
  it('reads each sample’s time on the shared clock and whether it was idle', () => {
    const samples = samplesOf(profile(5_000, 3, (atMs) => atMs === 7));
    expect(samples).toEqual([
      { at: 6_000, duration: 1000, idle: true },
      { at: 7_000, duration: 1000, idle: false },
      { at: 8_000, duration: 1000, idle: true },
    ]);
  });

  it('takes each slice’s busy share, and none where a slice has no samples', () => {
    const samples = samplesOf(profile(0, 10, (atMs) => atMs <= 4));
    expect(busyShares(samples, 1_000, 11_000, 5_000)).toEqual([0.8, 0]);
    expect(busyShares(samples, 20_000, 30_000, 5_000)).toEqual([null, null]);
  });

  it('correlates two series, and gives NaN for one that does not vary', () => {
    expect(correlation([0, 1, 0, 1], [1, 0, 1, 0])).toBeCloseTo(-1);
    expect(correlation([0, 1, 0, 1], [0, 1, 0, 1])).toBeCloseTo(1);
    expect(correlation([1, 1, 1], [0, 1, 0])).toBeNaN();
  });

  it('tells two processes that take turns from two that work side by side, on the clock they share', () => {
    // The second process's profile starts 3 ms after the first's: the slices are cut on the clock
    // both share, so it works exactly while the first waits (or exactly when the first works).
    const evenTens = (atMs: number) => Math.floor(atMs / 10) % 2 === 0;
    const first = profile(0, 200, evenTens);
    const turns = profile(3_000, 200, (atMs) => !evenTens(atMs));
    const sideBySide = profile(3_000, 200, evenTens);

    const taking = profileOverlap(first, turns, { fromSeconds: 0.01, toSeconds: 0.19, sliceMs: 10 });
    expect(taking.correlation).toBeCloseTo(-1);
    expect(taking.firstBusy).toBeCloseTo(0.5);
    expect(taking.secondBusyWhileFirstWaits).toBeCloseTo(1);

    const together = profileOverlap(first, sideBySide, { fromSeconds: 0.01, toSeconds: 0.19, sliceMs: 10 });
    expect(together.correlation).toBeCloseTo(1);
    expect(together.secondBusyWhileFirstWaits).toBeCloseTo(0);
  });
});

import { invertRate } from './conversion';
import { midSeriesStats, seriesStats } from './rate-series';

// Expected figures worked out apart from big.js, with Python's decimal module (ROUND_HALF_UP).
describe('seriesStats', () => {
  it('gives min, max, change and change in percent of a mid-rate series', () => {
    const mids = ['4.1818', '4.1794', '4.1791', '4.2403', '4.2975', '4.2946'].map((m) => ({
      low: m,
      high: m,
    }));
    // 0.1128 / 4.1818 × 100 = 2.6974…
    expect(seriesStats(mids)).toEqual({
      min: '4.1791',
      max: '4.2975',
      change: '0.1128',
      changePercent: '2.70',
    });
  });

  it('takes min from bids and max from asks, change from the bids, and is undefined without points', () => {
    // -0.1 / 3.8 × 100 = -2.6315…
    expect(
      seriesStats([
        { low: '3.8', high: '3.9' },
        { low: '3.7', high: '3.95' },
      ]),
    ).toEqual({ min: '3.7', max: '3.95', change: '-0.1', changePercent: '-2.63' });
    expect(seriesStats([])).toBeUndefined();
  });

  it('rounds a change of exactly half a hundredth of a percent away from zero', () => {
    // 0.0002 / 4 × 100 = 0.005 → 0.01; -0.005 → -0.01.
    expect(midSeriesStats(['4', '4.0002'])?.changePercent).toBe('0.01');
    expect(midSeriesStats(['4', '3.9998'])?.changePercent).toBe('-0.01');
  });
});

describe('a PLN-quoted history turned the other way', () => {
  it('inverts each day and takes min, max and change of the inverted rates', () => {
    // EUR in złoty, oldest first; 1/x to six places: 0.233574, 0.234467, 0.234132, 0.232547, 0.233155.
    const eurInPln = ['4.2813', '4.2650', '4.2711', '4.3002', '4.2890'];
    const plnInEur = eurInPln.map((mid) => invertRate(mid, 6));
    expect(plnInEur).toEqual(['0.233574', '0.234467', '0.234132', '0.232547', '0.233155']);
    // The euro's highest day is the złoty's lowest; -0.000419 / 0.233574 × 100 = -0.1793…
    expect(midSeriesStats(plnInEur)).toEqual({
      min: '0.232547',
      max: '0.234467',
      change: '-0.000419',
      changePercent: '-0.18',
    });
  });

  it('leaves out days without a rate and says nothing of an empty history', () => {
    expect(midSeriesStats(['', '4.2813', ''])).toEqual({
      min: '4.2813',
      max: '4.2813',
      change: '0',
      changePercent: '0.00',
    });
    expect(midSeriesStats([])).toBeUndefined();
  });
});

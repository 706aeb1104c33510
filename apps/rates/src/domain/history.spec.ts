import { rangeStart, seriesStats } from './history';

describe('rangeStart', () => {
  it('goes back from the end day by the spec’s ranges', () => {
    expect(rangeStart('hours48', '2025-04-08')).toBe('2025-04-06');
    expect(rangeStart('week1', '2025-04-08')).toBe('2025-04-01');
    expect(rangeStart('month1', '2025-04-08')).toBe('2025-03-08');
    expect(rangeStart('months6', '2025-04-08')).toBe('2024-10-08');
    expect(rangeStart('months12', '2025-04-08')).toBe('2024-04-08');
    expect(rangeStart('years5', '2025-04-08')).toBe('2020-04-08');
  });

  it('clamps to the end of a shorter month', () => {
    expect(rangeStart('month1', '2025-03-31')).toBe('2025-02-28');
    expect(rangeStart('months12', '2024-02-29')).toBe('2023-02-28');
    expect(rangeStart('month1', '2025-01-15')).toBe('2024-12-15');
  });
});

describe('seriesStats', () => {
  it('gives min, max, change and change in percent of a mid-rate series', () => {
    const mids = ['4.1818', '4.1794', '4.1791', '4.2403', '4.2975', '4.2946'].map((m) => ({ low: m, high: m }));
    expect(seriesStats(mids)).toEqual({ min: '4.1791', max: '4.2975', change: '0.1128', changePercent: '2.70' });
  });

  it('takes min from bids and max from asks, and is undefined without points', () => {
    expect(seriesStats([{ low: '3.8', high: '3.9' }, { low: '3.7', high: '3.95' }])).toEqual({ min: '3.7', max: '3.95', change: '-0.1', changePercent: '-2.63' });
    expect(seriesStats([])).toBeUndefined();
  });
});

import { MeasureWindow, percentile } from './window.cjs';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe('MeasureWindow', () => {
  it('counts answers that arrive in the window, and times only requests sent in it', () => {
    const window = new MeasureWindow(2_000);
    window.response(1_500, 200, 1_000, 100); // warm-up
    window.response(2_100, 200, 1_000, 1_900); // sent at 200 ms on a fresh connection: counted, not timed
    for (let i = 0; i < 98; i += 1) window.response(2_500 + i * 10, 200, 1_000, 10 + i);
    window.response(3_500, 503, 500, 5);
    expect(window.figures(4_000)).toEqual({
      reqPerSec: 50, // 100 answers in 2 s
      p50Ms: 58,
      p99Ms: 107,
      avgMs: 58.5,
      maxMs: 107,
      requests: 100,
      errors: 0,
      timeouts: 0,
      non2xx: 1,
      bytesPerResponse: 995,
    });
  });

  it('counts failures in the window, timeouts apart', () => {
    const window = new MeasureWindow(1_000);
    window.error(999, true);
    window.error(1_000, false);
    window.error(1_200, true);
    expect(window.figures(2_000)).toMatchObject({
      errors: 2,
      timeouts: 1,
      requests: 0,
      reqPerSec: 0,
      p99Ms: 0,
    });
  });

  it('copes with a window nobody answered in', () => {
    expect(new MeasureWindow(0).figures(0)).toMatchObject({
      reqPerSec: 0,
      p50Ms: 0,
      avgMs: 0,
      maxMs: 0,
      bytesPerResponse: 0,
    });
  });
});

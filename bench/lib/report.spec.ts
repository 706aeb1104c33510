import { figures, formatTable, ratios, resultFileName } from './report.cjs';

const autocannonResult = (over: {
  average: number;
  total: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx?: number;
}) => ({
  requests: { average: over.average, total: over.total },
  latency: { p50: over.p50, p99: over.p99, average: over.p50 * 1.1, max: over.p99 * 2 },
  throughput: { total: over.bytes },
  errors: 0,
  timeouts: 0,
  non2xx: over.non2xx ?? 0,
  duration: 15,
});

describe('figures', () => {
  it('takes req/s, latency percentiles, errors and bytes per response from an autocannon result', () => {
    const f = figures(
      autocannonResult({
        average: 850.456,
        total: 12_757,
        p50: 70,
        p99: 141,
        bytes: 12_757 * 57_400,
        non2xx: 3,
      }),
    );
    expect(f).toMatchObject({
      reqPerSec: 850.5,
      p50Ms: 70,
      p99Ms: 141,
      requests: 12_757,
      errors: 0,
      non2xx: 3,
      bytesPerResponse: 57_400,
    });
  });

  it('copes with a run that answered nothing', () => {
    expect(
      figures(autocannonResult({ average: 0, total: 0, p50: 0, p99: 0, bytes: 0 })).bytesPerResponse,
    ).toBe(0);
  });
});

describe('ratios and formatTable', () => {
  const route = figures(
    autocannonResult({ average: 900, total: 13_500, p50: 60, p99: 140, bytes: 13_500 * 1000 }),
  );
  const baseline = figures(
    autocannonResult({ average: 12_000, total: 180_000, p50: 5, p99: 14, bytes: 180_000 * 1000 }),
  );

  it('divides the route by the static baseline', () => {
    expect(ratios(route, baseline)).toEqual({ reqPerSec: 0.075, p99: 10 });
    expect(ratios(route, { ...baseline, reqPerSec: 0, p99Ms: 0 })).toEqual({ reqPerSec: null, p99: null });
  });

  it('prints one aligned row per target and the ratio line', () => {
    const text = formatTable(
      [
        { label: '/', figures: route },
        { label: '/__static/', figures: baseline },
      ],
      ratios(route, baseline),
    );
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^target\s+req\/s\s+p50 ms\s+p99 ms\s+errors\s+non-2xx\s+bytes\/resp$/);
    expect(lines[1]).toMatch(/^\/\s+900\.0\s+60\s+140\s+0\s+0\s+1 000$/);
    expect(lines[2]).toMatch(/^\/__static\/\s+12000\.0\s+5\s+14\s+0\s+0\s+1 000$/);
    expect(new Set(lines.slice(0, 3).map((l) => l.length)).size).toBe(1);
    expect(lines.at(-1)).toBe('route / static: req/s 7.5 %, p99 10.00×');
  });
});

describe('resultFileName', () => {
  it('combines a sortable time stamp and the route', () => {
    const when = new Date('2025-11-20T10:15:30.250Z');
    expect(resultFileName('/', when)).toBe('2025-11-20T10-15-30-250Z-home.json');
    expect(resultFileName('/kursy-walut-w-bankach/usd/', when)).toBe(
      '2025-11-20T10-15-30-250Z-kursy-walut-w-bankach_usd.json',
    );
  });
});

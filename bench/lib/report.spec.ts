import {
  baselineFailures,
  formatMs,
  formatRouteTables,
  formatMedianTable,
  formatSummaryTable,
  medianRatios,
  ratio,
  resultFileName,
  rowRatios,
} from './report.cjs';

const f = (
  reqPerSec: number,
  p50Ms: number,
  p99Ms: number,
  extra: { non2xx?: number; errors?: number } = {},
) => ({
  reqPerSec,
  p50Ms,
  p99Ms,
  avgMs: p50Ms * 1.1,
  maxMs: p99Ms * 2,
  requests: reqPerSec * 10,
  errors: extra.errors ?? 0,
  timeouts: 0,
  non2xx: extra.non2xx ?? 0,
  bytesPerResponse: 1000,
});

describe('formatMs', () => {
  it('prints one decimal below 10 ms and whole milliseconds above', () => {
    expect([0, 0.24, 4.96, 9.94, 10, 141.5].map(formatMs)).toEqual(['0.0', '0.2', '5.0', '9.9', '10', '142']);
  });
});

describe('ratios', () => {
  const full = f(90, 600, 1400);
  const bare = f(100, 500, 1000);
  const fixed = f(1000, 50, 100);
  const node = f(4000, 10, 20);

  it('divides req/s (a fraction) and p99 (a factor), and is undefined without both sides', () => {
    expect(ratio(full, bare)).toEqual({ reqPerSec: 0.9, p99: 1.4 });
    expect(ratio(full, { ...bare, reqPerSec: 0, p99Ms: 0 })).toEqual({ reqPerSec: null, p99: null });
    expect(ratio(full, null)).toEqual({ reqPerSec: null, p99: null });
  });

  it('splits the gap between full stack and bare Node into data layer, render and middleware', () => {
    const r = rowRatios({ full, bare, static: fixed, node });
    expect(r).toEqual({
      fullToBare: { reqPerSec: 0.9, p99: 1.4 },
      bareToStatic: { reqPerSec: 0.1, p99: 10 },
      staticToNode: { reqPerSec: 0.25, p99: 5 },
      fullToStatic: { reqPerSec: 0.09, p99: 14 },
      fullToNode: { reqPerSec: 0.0225, p99: 70 },
    });
    // The three steps multiply to the whole way from bare Node to the full stack.
    const steps = r.fullToBare.reqPerSec! * r.bareToStatic.reqPerSec! * r.staticToNode.reqPerSec!;
    expect(steps).toBeCloseTo(full.reqPerSec / node.reqPerSec, 6);
  });
});

describe('formatRouteTables', () => {
  const row = (connections: number, full = f(90, 600, 1400)) => ({
    route: 'seo',
    path: '/pozyczki-dla-studentow/',
    contentScale: 1,
    pageCache: false,
    connections,
    round: 1,
    full,
    bare: f(100, 500, 1000),
    static: f(1000, 50, 100),
    node: f(4000, 10, 20),
  });
  const urls = {
    full: '/pozyczki-dla-studentow/',
    bare: '/__bare/pozyczki-dla-studentow/',
    static: '/__static/pozyczki-dla-studentow/',
    node: 'node:http',
  };

  it('prints a line per target with every figure, then the four ratios', () => {
    const lines = formatRouteTables([row(64)], urls).split('\n');
    expect(lines[0]).toMatch(
      /^conns\s+target\s+url\s+req\/s\s+p50 ms\s+p99 ms\s+errors\s+non-2xx\s+bytes\/resp$/,
    );
    expect(lines[1]).toMatch(
      /^\s+64\s+full stack\s+\/pozyczki-dla-studentow\/\s+90\.0\s+600\s+1400\s+0\s+0\s+1 000$/,
    );
    expect(lines[2]).toMatch(/^\s+64\s+bare render\s+\/__bare\/pozyczki-dla-studentow\/\s+100\.0\s/);
    expect(lines[3]).toMatch(/^\s+64\s+middleware static\s+\/__static\//);
    expect(lines[4]).toMatch(/^\s+64\s+bare Node\s+node:http\s+4000\.0\s/);
    expect(lines[7]).toMatch(
      /^conns\s+full\/bare \(data layer\)\s+bare\/static \(render\)\s+static\/node \(middleware\)\s+full\/static$/,
    );
    expect(lines[8]).toMatch(
      /^\s+64\s+90\.0 %, p99 1\.40×\s+10\.0 %, p99 10\.00×\s+25\.0 %, p99 5\.00×\s+9\.0 %, p99 14\.00×$/,
    );
  });

  it('gives a connection sweep one table, and shows the cache only when a run has both', () => {
    const text = formatRouteTables([row(1), row(256), { ...row(256), pageCache: true }], urls);
    const [header, ...rest] = text.split('\n');
    expect(header).toMatch(/^cache\s+conns\s+target/);
    expect(rest.filter((l) => /^uncached\s+1\s/.test(l))).toHaveLength(5); // four targets + ratio line
    expect(rest.filter((l) => /^cached\s+256\s/.test(l))).toHaveLength(5);
  });

  it('shows n/a for a ratio it cannot compute', () => {
    const text = formatRouteTables([{ ...row(64), node: null }], urls);
    expect(text).not.toContain('bare Node');
    expect(text.split('\n').at(-1)).toContain('n/a, p99 n/a');
  });
});

describe('formatSummaryTable', () => {
  const rows = [
    {
      route: 'home',
      path: '/',
      contentScale: 1,
      pageCache: true,
      connections: 64,
      round: 1,
      full: f(800, 70, 120),
      bare: f(400, 150, 300),
      static: f(1000, 50, 100),
      node: f(4000, 10, 20),
    },
    {
      route: 'home',
      path: '/',
      contentScale: 1,
      pageCache: false,
      connections: 64,
      round: 1,
      full: f(100, 600, 1400, { non2xx: 3, errors: 1 }),
      bare: f(400, 150, 300),
      static: f(1000, 50, 100),
      node: f(4000, 10, 20),
    },
  ];

  it('prints one row per route and stack with req/s and p99 of each target, failures and ratios', () => {
    const lines = formatSummaryTable(rows).split('\n');
    expect(lines[0]).toMatch(
      /^route\s+cache\s+conns\s+full r\/s\s+p99\s+bare r\/s\s+p99\s+static r\/s\s+p99\s+node r\/s\s+p99\s+full err\s+full\/bare\s+p99 f\/b\s+bare\/static\s+static\/node\s+full\/static$/,
    );
    expect(lines[1]).toMatch(
      /^home\s+cached\s+64\s+800\s+120\s+400\s+300\s+1000\s+100\s+4000\s+20\s+0\s+200\.0 %\s+0\.40×\s+40\.0 %\s+25\.0 %\s+80\.0 %$/,
    );
    expect(lines[2]).toMatch(/^home\s+uncached\s+64\s+100\s+1400\s.*\s4\s+25\.0 %\s+4\.67×\s/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it('adds the content scale when a run has more than one', () => {
    const text = formatSummaryTable([rows[0]!, { ...rows[0]!, contentScale: 10, full: null }]);
    expect(text.split('\n')[0]).toMatch(/^route\s+content\s+conns\s/);
    expect(text.split('\n')[2]).toMatch(/^home\s+10×\s+64\s+·\s+·\s+400/);
  });

  it('names a baseline that failed requests', () => {
    expect(baselineFailures(rows)).toEqual([]);
    expect(baselineFailures([{ ...rows[0]!, static: f(1000, 50, 100, { errors: 2 }) }])).toEqual([
      'home (cached, 1×, 64 conns): middleware static had 2 errors and 0 non-2xx',
    ]);
  });
});

describe('rounds', () => {
  const round = (n: number, full: number, node: number) => ({
    route: 'seo',
    path: '/pozyczki-dla-studentow/',
    contentScale: 1,
    pageCache: false,
    connections: 64,
    round: n,
    full: f(full, 600, 1400),
    bare: f(200, 500, 1000),
    static: f(1000, 50, 100),
    node: f(node, 10, 20),
  });
  // Bare Node drifts between rounds; the full stack's share of it is what each round compares.
  const rows = [
    round(1, 120, 4000),
    round(2, 160, 2000),
    round(3, 140, 5000),
    { ...round(1, 90, 4000), pageCache: true },
  ];

  it('takes each ratio median over the rounds of one route, stack and connection count', () => {
    const [uncached, cached] = medianRatios(rows);
    expect(uncached).toMatchObject({ route: 'seo', pageCache: false, connections: 64, rounds: 3 });
    expect(uncached!.ratios.fullToBare.reqPerSec).toEqual({ median: 0.7, min: 0.6, max: 0.8 });
    expect(uncached!.ratios.staticToNode.reqPerSec).toEqual({ median: 0.25, min: 0.2, max: 0.5 });
    expect(uncached!.ratios.fullToNode.reqPerSec).toEqual({ median: 0.03, min: 0.028, max: 0.08 });
    expect(cached).toMatchObject({ pageCache: true, rounds: 1 });
  });

  it('averages the two middle rounds of an even count and skips rounds without the ratio', () => {
    const [even] = medianRatios([round(1, 120, 4000), round(2, 160, 2000)]);
    expect(even!.ratios.fullToBare.reqPerSec).toEqual({ median: 0.7, min: 0.6, max: 0.8 });
    const [partial] = medianRatios([round(1, 120, 4000), { ...round(2, 160, 2000), node: null }]);
    expect(partial!.ratios.staticToNode.reqPerSec).toEqual({ median: 0.25, min: 0.25, max: 0.25 });
    const [none] = medianRatios([{ ...round(1, 120, 4000), node: null }]);
    expect(none!.ratios.staticToNode.reqPerSec).toBeNull();
  });

  it('prints the medians with their range, and a round column in the tables of a run with rounds', () => {
    const lines = formatMedianTable(rows).split('\n');
    expect(lines[0]).toMatch(
      /^route\s+cache\s+conns\s+rounds\s+full\/bare\s+p99 f\/b\s+static\/node\s+full\/static\s+full\/node\s+p99 f\/n$/,
    );
    expect(lines[1]).toMatch(
      /^seo\s+uncached\s+64\s+3\s+70\.0 % \(60–80\)\s+1\.40×\s+25\.0 % \(20–50\)\s+14\.0 % \(12–16\)\s+3\.0 % \(3–8\)\s+70\.00×$/,
    );
    expect(formatSummaryTable(rows).split('\n')[0]).toMatch(/^route\s+cache\s+conns\s+round\s+full r\/s/);
  });
});

describe('resultFileName', () => {
  it('combines a sortable time stamp and the route', () => {
    const when = new Date('2025-11-20T10:15:30.250Z');
    expect(resultFileName('/', when)).toBe('2025-11-20T10-15-30-250Z-home.json');
    expect(resultFileName('all', when)).toBe('2025-11-20T10-15-30-250Z-all.json');
    expect(resultFileName('/kursy-walut-w-bankach/usd/', when)).toBe(
      '2025-11-20T10-15-30-250Z-kursy-walut-w-bankach_usd.json',
    );
  });
});

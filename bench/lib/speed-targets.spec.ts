import { formatTargetTable, judgeTargets, REFERENCE } from './speed-targets.cjs';

const f = (reqPerSec: number, p99Ms: number, extra: { non2xx?: number } = {}) => ({
  reqPerSec,
  p50Ms: p99Ms / 2,
  p99Ms,
  avgMs: p99Ms / 2,
  maxMs: p99Ms * 2,
  requests: reqPerSec * 10,
  errors: 0,
  timeouts: 0,
  non2xx: extra.non2xx ?? 0,
  bytesPerResponse: 1000,
});

const row = (
  route: string,
  pageCache: boolean,
  round: number,
  figures: { full: number; fullP99?: number; bare?: number; static?: number; node?: number; non2xx?: number },
  connections = 64,
) => ({
  route,
  path: `/${route}/`,
  contentScale: 1,
  pageCache,
  connections,
  round,
  full: f(figures.full, figures.fullP99 ?? 100, { non2xx: figures.non2xx ?? 0 }),
  bare: f(figures.bare ?? 200, 100),
  static: f(figures.static ?? 3000, 40),
  node: f(figures.node ?? 6000, 20),
});

const find = (verdicts: ReturnType<typeof judgeTargets>, route: string, cache: boolean, id: string) =>
  verdicts.find((v) => v.route === route && v.pageCache === cache && v.target.id === id);

describe('judgeTargets', () => {
  it('judges cached documents against bare Node, uncached pages against the bare render, all against the middleware target', () => {
    const verdicts = judgeTargets([
      row('seo', true, 1, { full: 4500, fullP99: 30 }),
      row('seo', false, 1, { full: 130 }),
      row('calendar', true, 1, { full: 5000 }),
    ]);
    expect(find(verdicts, 'seo', true, 'cached-throughput')).toMatchObject({
      reached: true,
      measured: { median: 0.75 },
    });
    expect(find(verdicts, 'seo', true, 'cached-p99')).toMatchObject({
      reached: true,
      measured: { median: 1.5 },
    });
    expect(find(verdicts, 'seo', true, 'middleware')).toMatchObject({
      reached: true,
      measured: { median: 0.5 },
    });
    expect(find(verdicts, 'seo', false, 'uncached-throughput')).toMatchObject({
      reached: false,
      measured: { median: 0.65 },
    });
    expect(find(verdicts, 'seo', false, 'uncached-p99')).toMatchObject({ reached: true });
    // The calendar is no cached document: only the middleware target applies to its cached stack.
    expect(verdicts.filter((v) => v.route === 'calendar').map((v) => v.target.id)).toEqual(['middleware']);
  });

  it('takes the median over the rounds, so one slow round does not decide', () => {
    const verdicts = judgeTargets([
      row('home', false, 1, { full: 150 }),
      row('home', false, 2, { full: 100 }),
      row('home', false, 3, { full: 145 }),
    ]);
    expect(find(verdicts, 'home', false, 'uncached-throughput')).toMatchObject({
      reached: true,
      measured: { median: 0.725, min: 0.5, max: 0.75 },
    });
  });

  it('fails uncached throughput when any round had a non-2xx, and judges only 64 connections', () => {
    const verdicts = judgeTargets([
      row('pair', false, 1, { full: 180 }),
      row('pair', false, 2, { full: 180, non2xx: 1 }),
      row('pair', false, 1, { full: 10 }, 256),
    ]);
    expect(verdicts.filter((v) => v.target.id === 'uncached-throughput')).toHaveLength(1);
    expect(find(verdicts, 'pair', false, 'uncached-throughput')).toMatchObject({ reached: false });
  });

  it('keeps the reference figures the targets were set against', () => {
    const verdicts = judgeTargets([row('seo', false, 1, { full: 130 })]);
    expect(find(verdicts, 'seo', false, 'uncached-throughput')?.before).toBeCloseTo(120 / 278, 6);
    expect(find(verdicts, 'seo', false, 'uncached-p99')?.before).toBe(2.6);
    expect(REFERENCE['home|uncached|uncached-throughput']).toBeCloseTo(0.2457, 4);
  });
});

describe('formatTargetTable', () => {
  it('prints target, this run with its range, the reference figure and how far a target is missed', () => {
    const lines = formatTargetTable(
      judgeTargets([
        row('seo', false, 1, { full: 120, fullP99: 260 }),
        row('seo', false, 2, { full: 140, fullP99: 240 }),
      ]),
    ).split('\n');
    expect(lines[0]).toMatch(/^route\s+cache\s+ratio\s+target\s+this run\s+before\s+verdict$/);
    expect(lines[1]).toMatch(
      /^seo\s+uncached\s+full ÷ bare render\s+≥ 70 %\s+65\.0 % \(60\.0 %–70\.0 %\)\s+43\.2 %\s+not reached: 5\.0 points short$/,
    );
    expect(lines[2]).toMatch(
      /^seo\s+uncached\s+p99 full ÷ bare render\s+≤ 2×\s+2\.50× \(2\.40×–2\.60×\)\s+2\.60×\s+not reached: 1\.25× the bound$/,
    );
    expect(lines[3]).toMatch(/^seo\s+uncached\s+static ÷ bare Node\s+≥ 50 %\s+50\.0 %\s+29\.6 %\s+reached$/);
  });
});

import { parseBackfillArgs } from './backfill.cli';

describe('rates:backfill arguments', () => {
  it('takes the range and the tables (all by default)', () => {
    expect(parseBackfillArgs(['--from', '2024-01-01', '--to', '2024-12-31'])).toEqual({
      ok: true,
      from: '2024-01-01',
      to: '2024-12-31',
      tables: ['A', 'B', 'C'],
    });
    expect(parseBackfillArgs(['--from', '2024-01-01', '--to', '2024-01-31', '--tables', 'c,a'])).toEqual({
      ok: true,
      from: '2024-01-01',
      to: '2024-01-31',
      tables: ['C', 'A'],
    });
  });

  it('names what is wrong', () => {
    expect(parseBackfillArgs([])).toEqual({ ok: false, problem: '--from must be a date YYYY-MM-DD' });
    expect(parseBackfillArgs(['--from', '2024-02-30', '--to', '2024-03-01'])).toEqual({
      ok: false,
      problem: '--from must be a date YYYY-MM-DD',
    });
    expect(parseBackfillArgs(['--from', '2024-03-01', '--to', '2024-02-01'])).toEqual({
      ok: false,
      problem: '--from must not be after --to',
    });
    expect(parseBackfillArgs(['--from', '2001-01-01', '--to', '2002-02-01'])).toMatchObject({
      ok: false,
      problem: expect.stringContaining('2002-01-02'),
    });
    expect(parseBackfillArgs(['--from', '2024-01-01', '--to', '2024-01-02', '--tables', 'D'])).toEqual({
      ok: false,
      problem: '--tables must list A, B and/or C',
    });
    expect(parseBackfillArgs(['--nope'])).toMatchObject({ ok: false });
  });
});

describe('rates:backfill impossible dates', () => {
  it('refuses a month 13 and a 31 February without throwing', () => {
    expect(parseBackfillArgs(['--from', '2026-13-01', '--to', '2026-12-31'])).toEqual({
      ok: false,
      problem: '--from must be a date YYYY-MM-DD',
    });
    expect(parseBackfillArgs(['--from', '2026-01-01', '--to', '2026-02-31'])).toEqual({
      ok: false,
      problem: '--to must be a date YYYY-MM-DD',
    });
  });
});

import path from 'node:path';
import { isCi, readResults, summarize } from './summary.cjs';

const fixtures = path.join(__dirname, 'fixtures');

describe('summarize', () => {
  it('passes a clean run with or without CI, ending with the totals line', () => {
    const results = readResults(path.join(fixtures, 'results-clean'));
    for (const ci of [false, true]) {
      expect(summarize(results, { ci })).toEqual({
        lines: ['projects tested: 2', 'tests: 15 passed, 0 failed, 0 skipped'],
        exitCode: 0,
      });
    }
  });

  it('names every file that skipped a test and, outside CI, still passes', () => {
    const { lines, exitCode } = summarize(readResults(path.join(fixtures, 'results-skipped')), { ci: false });
    expect(lines).toEqual([
      'projects tested: 3',
      'skipped tests in 3 file(s):',
      '  (project tools-old): 1 skipped',
      '  libs/testing/test/cache-redis.int.spec.ts: 5 skipped',
      '  libs/testing/test/providers.int.spec.ts: 2 skipped',
      'tests: 33 passed, 0 failed, 8 skipped',
    ]);
    expect(exitCode).toBe(0);
  });

  it('fails under CI on any skipped test, saying why, and keeps the totals line last', () => {
    const { lines, exitCode } = summarize(readResults(path.join(fixtures, 'results-skipped')), { ci: true });
    expect(exitCode).toBe(1);
    expect(lines).toContain('  libs/testing/test/cache-redis.int.spec.ts: 5 skipped');
    expect(lines.at(-2)).toMatch(/^FAIL: CI runs every test/);
    expect(lines.at(-1)).toBe('tests: 33 passed, 0 failed, 8 skipped');
  });

  it('fails on a failed test or suite, and when no project ran', () => {
    const clean = readResults(path.join(fixtures, 'results-clean'));
    expect(summarize([{ ...clean[0]!, failed: 1 }], { ci: false }).exitCode).toBe(1);
    expect(summarize([{ ...clean[0]!, suitesFailed: 1 }], { ci: false }).exitCode).toBe(1);
    expect(summarize(readResults(path.join(fixtures, 'no-such-dir')), { ci: false })).toEqual({
      lines: [
        'projects tested: 0',
        'FAIL: no project wrote test results (tmp/test-results is empty)',
        'tests: 0 passed, 0 failed, 0 skipped',
      ],
      exitCode: 1,
    });
  });
  it('names every failed test with its file and the start of its message, above the totals', () => {
    const { lines, exitCode } = summarize(readResults(path.join(fixtures, 'results-failed')), { ci: true });
    expect(exitCode).toBe(1);
    expect(lines).toEqual([
      'projects tested: 2',
      'failed tests: 2',
      '  libs/database/test/start-lock.int.spec.ts: the embedded cluster start lock takes over a lock whose holder died',
      '      expect(received).toBeDefined()',
      '      Received: undefined',
      '      at Object.<anonymous> (libs/database/test/start-lock.int.spec.ts:49:21)',
      '  apps/gateway/test/broken.int.spec.ts: (the file could not run)',
      "      Cannot find module './missing' from 'test/broken.int.spec.ts'",
      'tests: 41 passed, 1 failed, 0 skipped',
    ]);
  });
});

describe('isCi', () => {
  it('reads CI as CI services set it', () => {
    expect(
      [{ CI: 'true' }, { CI: '1' }, { CI: 'false' }, { CI: '0' }, { CI: '' }, {}].map((env) => isCi(env)),
    ).toEqual([true, true, false, false, false, false]);
  });
});

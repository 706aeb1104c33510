'use strict';
// The workspace's test totals from the per-project files tools/jest/summary-reporter.cjs writes to
// tmp/test-results (one per Jest run), and the verdict print-summary.mjs exits with.
// Rules: the run fails when no project ran, a test failed or a suite could not run. A skipped test
// (it.skip, it.todo, or a suite skipped for missing infrastructure: describeWithRedis without a
// Redis, describeWithKubectl without kubectl) is named with its file; under CI it fails the run too,
// because CI provides everything the tests need and a skip there hides a test that checked nothing.
// Every failed test is named with its file and the start of its message, right above the totals, so
// the end of a long log says what failed.
// The last line is always "tests: N passed, N failed, N skipped".
const fs = require('node:fs');
const path = require('node:path');

/**
 * One project's result file, as summary-reporter.cjs writes it (project: the file's name).
 * @typedef {{ project: string, passed: number, failed: number, skipped: number, suitesFailed: number,
 *   skippedFiles?: { file: string, skipped: number }[],
 *   failures?: { file: string, test: string, message: string[] }[] }} ProjectResult
 */

/**
 * CI=true (or any value but "", "0", "false"), as CI services and .ci/run set it.
 * @param {Record<string, string | undefined>} env
 */
function isCi(env = process.env) {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/**
 * The result files of a run, by project name (the file's name without .json), sorted.
 * @param {string} dir
 * @returns {ProjectResult[]}
 */
function readResults(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      project: file.slice(0, -'.json'.length),
      ...JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
    }));
}

/**
 * @param {ProjectResult[]} results
 * @param {{ ci: boolean }} options
 * @returns {{ lines: string[], exitCode: 0 | 1 }}
 */
function summarize(results, { ci }) {
  const total = { passed: 0, failed: 0, skipped: 0, suitesFailed: 0 };
  for (const result of results)
    for (const key of /** @type {(keyof typeof total)[]} */ (Object.keys(total)))
      total[key] += result[key] ?? 0;
  const skippedFiles = results
    .flatMap((result) =>
      result.skippedFiles?.length
        ? result.skippedFiles
        : // A result file without the per-file list still names its project.
          result.skipped > 0
          ? [{ file: `(project ${result.project})`, skipped: result.skipped }]
          : [],
    )
    .sort((a, b) => a.file.localeCompare(b.file));
  const lines = [`projects tested: ${results.length}`];
  if (skippedFiles.length > 0) {
    lines.push(`skipped tests in ${skippedFiles.length} file(s):`);
    for (const { file, skipped } of skippedFiles) lines.push(`  ${file}: ${skipped} skipped`);
    if (ci)
      lines.push(
        'FAIL: CI runs every test: a skipped test hides one that checked nothing (unskip it, or give CI what it needs)',
      );
  }
  const failures = results.flatMap((result) => result.failures ?? []);
  if (failures.length > 0) {
    lines.push(`failed tests: ${failures.length}`);
    for (const { file, test, message } of failures) {
      lines.push(`  ${file}: ${test}`);
      for (const line of message) lines.push(`      ${line}`);
    }
  }
  if (results.length === 0) lines.push('FAIL: no project wrote test results (tmp/test-results is empty)');
  lines.push(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  const failed =
    results.length === 0 || total.failed > 0 || total.suitesFailed > 0 || (ci && total.skipped > 0);
  return { lines, exitCode: failed ? 1 : 0 };
}

module.exports = { isCi, readResults, summarize };

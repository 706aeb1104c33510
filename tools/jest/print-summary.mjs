#!/usr/bin/env node
// Prints the workspace's test totals from the per-project files the summary reporter wrote, ending
// with one line: "tests: N passed, N failed, N skipped", and names every file that skipped a test.
// Exit 1 when a project failed or none ran, and under CI (CI=true) also when any test was skipped
// (the rules: tools/jest/summary.cjs).
import path from 'node:path';
import { createRequire } from 'node:module';

const { isCi, readResults, summarize } = createRequire(import.meta.url)('./summary.cjs');

const { lines, exitCode } = summarize(
  readResults(path.resolve(import.meta.dirname, '../../tmp/test-results')),
  { ci: isCi() },
);
console.log(lines.join('\n'));
process.exit(exitCode);

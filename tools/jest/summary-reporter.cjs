'use strict';
// Writes each Jest run's totals, the files that skipped tests and the tests that failed (with the
// start of their message) to tmp/test-results/<project>.json, so `npm test` (one Jest run per Nx
// project) can end with what failed and one line for the whole workspace: tools/jest/print-summary.mjs.
const fs = require('node:fs');
const path = require('node:path');
const { stripVTControlCharacters } = require('node:util');

// A test that leaves a server, socket, child process or timer running keeps Jest from exiting, and
// Jest then waits for ever (it only prints a warning). forceExit would end the wait but also hide the
// leak. Instead, a run whose process is still alive this long after its tests finished fails, loudly.
const EXIT_GRACE_MS = 20_000;
/** Lines of a failure's message kept for the summary: the assertion and its first frames. */
const MESSAGE_LINES = 12;

/** @param {string} text */
function messageStart(text) {
  return (
    stripVTControlCharacters(text)
      .split('\n')
      .map((line) => line.trimEnd())
      // Jest's and Node's own frames say nothing about the test.
      .filter((line) => line.trim() !== '' && !/node_modules\/|node:internal|<anonymous>\)$/.test(line))
      .slice(0, MESSAGE_LINES)
  );
}

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = path.resolve(__dirname, '../..');
    this.configRootDir = globalConfig.rootDir;
    this.name = path.relative(this.rootDir, globalConfig.rootDir).replace(/[\\/]/g, '-') || 'root';
  }

  onRunComplete(_contexts, results) {
    const dir = path.join(this.rootDir, 'tmp', 'test-results');
    fs.mkdirSync(dir, { recursive: true });
    const summary = {
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests + results.numTodoTests,
      suitesFailed: results.numFailedTestSuites + results.numRuntimeErrorTestSuites,
      // Every file that skipped a test (skip, todo, or a suite skipped for missing infrastructure),
      // so the summary can name it.
      skippedFiles: results.testResults
        .map((file) => ({
          file: path.relative(this.rootDir, file.testFilePath),
          skipped: file.numPendingTests + file.numTodoTests,
        }))
        .filter((file) => file.skipped > 0),
      // Every failed test, and every file that could not run at all, with its message's start.
      failures: results.testResults.flatMap((file) => {
        const relative = path.relative(this.rootDir, file.testFilePath);
        const failedTests = file.testResults
          .filter((test) => test.status === 'failed')
          .map((test) => ({
            file: relative,
            test: test.fullName,
            message: messageStart(test.failureMessages.join('\n')),
          }));
        if (failedTests.length > 0 || !file.testExecError) return failedTests;
        return [
          {
            file: relative,
            test: '(the file could not run)',
            message: messageStart(file.failureMessage ?? ''),
          },
        ];
      }),
    };
    fs.writeFileSync(path.join(dir, `${this.name}.json`), JSON.stringify(summary));
    this.failIfNotExited(path.relative(this.rootDir, this.configRootDir) || '.');
  }

  /** @param {string} project */
  failIfNotExited(project) {
    // unref: the timer itself never keeps the process alive, so a clean run exits as before.
    setTimeout(() => {
      process.stderr.write(
        `\n[jest] ${project}: still running ${EXIT_GRACE_MS / 1000} s after its tests finished, because a test left ` +
          'something open (a server, socket, child process or timer). Failing the run instead of waiting for ever; ' +
          `find it with: npx jest -c ${project}/jest.config.cjs --runInBand --detectOpenHandles\n`,
      );
      process.exit(1);
    }, EXIT_GRACE_MS).unref();
  }
}

module.exports = SummaryReporter;

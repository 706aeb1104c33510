'use strict';
// Writes each Jest run's totals to tmp/test-results/<project>.json, so `npm test` (one Jest run per
// Nx project) can end with one line for the whole workspace: tools/jest/print-summary.mjs.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = path.resolve(__dirname, '../..');
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
    };
    fs.writeFileSync(path.join(dir, `${this.name}.json`), JSON.stringify(summary));
  }
}

module.exports = SummaryReporter;

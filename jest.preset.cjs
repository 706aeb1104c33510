'use strict';
// Shared Jest settings: @swc/jest with the build's own compiler options, tsconfig path aliases,
// and Node as the environment (browser tests drive real Chromium through playwright-core).
// Test tiers, one rule for every project (tools/jest/test-layout.mjs checks it, `npm test` runs it):
//   <name>.spec.ts(x)                  unit: beside the file it tests, never under test/; no socket,
//                                      server, database, Redis, child process or browser
//   test/**/<name>.int.spec.ts(x)      integration: real PostgreSQL, Redis, gRPC, HTTP or processes
//   test/**/<name>.browser.spec.ts(x)  Chromium driven by playwright-core
// test/support/ holds helpers, test/fixtures/ data.
const path = require('node:path');
const { swcOptions, tsconfigPaths, workspaceRoot } = require('./tools/build/swc-options.cjs');

const moduleNameMapper = {};
for (const [alias, targets] of Object.entries(tsconfigPaths())) {
  const key = `^${alias.replace('/*', '/(.*)')}$`;
  moduleNameMapper[key] = path.join(workspaceRoot, targets[0].replace('/*', '/$1'));
}

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcOptions({ sourceMaps: 'inline' }), swcrc: false }] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['<rootDir>/**/*.spec.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/fixtures/'],
  moduleNameMapper,
  // A hung test fails after a minute instead of holding the run (CI adds an overall limit).
  testTimeout: 60_000,
  // Before any test file: is there a Redis for tests? (describeWithRedis reads the answer.)
  globalSetup: path.join(workspaceRoot, 'tools/jest/global-setup.cjs'),
  // After every test: a strict mock that saw a call nobody stubbed fails the test.
  setupFilesAfterEnv: [path.join(workspaceRoot, 'libs/testing/src/strict-mock.setup.ts')],
  reporters: ['default', path.join(workspaceRoot, 'tools/jest/summary-reporter.cjs')],
};

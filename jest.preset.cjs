'use strict';
// Shared Jest settings: @swc/jest with the build's own compiler options, tsconfig path aliases,
// and Node as the environment (browser tests drive real Chromium through playwright-core).
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
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts', '<rootDir>/test/**/*.spec.tsx'],
  moduleNameMapper,
  testTimeout: 60_000,
  reporters: ['default', path.join(workspaceRoot, 'tools/jest/summary-reporter.cjs')],
};

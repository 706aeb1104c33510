'use strict';
// The one compiler configuration for Node code: used by the build (tools/build/build.mjs)
// and by Jest (jest.preset.cjs), so tests run exactly what ships.
const path = require('node:path');
const fs = require('node:fs');

const workspaceRoot = path.resolve(__dirname, '../..');

function tsconfigPaths() {
  const raw = fs.readFileSync(path.join(workspaceRoot, 'tsconfig.base.json'), 'utf8');
  return JSON.parse(raw).compilerOptions.paths;
}

/**
 * @param {{ rewritePaths?: boolean, sourceMaps?: boolean | 'inline' }} [opts]
 */
function swcOptions(opts = {}) {
  return {
    module: { type: 'commonjs', strictMode: true },
    sourceMaps: opts.sourceMaps ?? true,
    jsc: {
      target: 'es2022',
      keepClassNames: true,
      parser: { syntax: 'typescript', tsx: true, decorators: true, dynamicImport: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      ...(opts.rewritePaths ? { baseUrl: workspaceRoot, paths: tsconfigPaths() } : {}),
    },
  };
}

module.exports = { swcOptions, workspaceRoot, tsconfigPaths };

#!/usr/bin/env node
// Compiles one Nx project's TypeScript (src/**, minus tests) to CommonJS under dist/<projectRoot>,
// rewriting @lib/* aliases to relative paths so `node dist/apps/<app>/src/main.js` runs as is.
// Usage: node tools/build/build.mjs <projectRoot> [--copy <glob-dir> ...]
import { readdir, mkdir, writeFile, rm, cp, stat } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const swc = require('@swc/core');
const { swcOptions, workspaceRoot } = require('./swc-options.cjs');

const USAGE = 'usage: build.mjs <projectRoot> [--copy <dir>]...';
let parsed;
try {
  parsed = parseArgs({ options: { copy: { type: 'string', multiple: true } }, allowPositionals: true });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const [projectRoot, ...extra] = parsed.positionals;
if (!projectRoot || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const copies = parsed.values.copy ?? [];

const srcDir = path.join(workspaceRoot, projectRoot, 'src');
const outRoot = path.join(workspaceRoot, 'dist', projectRoot);
const isTest = (f) =>
  /\.(spec|test|int-spec|e2e-spec)\.tsx?$/.test(f) || f.includes(`${path.sep}__tests__${path.sep}`);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

await rm(outRoot, { recursive: true, force: true });
let count = 0;
const options = swcOptions({ rewritePaths: true });
for await (const file of walk(srcDir)) {
  if (file.endsWith('.json')) {
    // Data modules imported by the code (resolveJsonModule) ship beside it.
    const out = path.join(workspaceRoot, 'dist', path.relative(workspaceRoot, file));
    await mkdir(path.dirname(out), { recursive: true });
    await cp(file, out);
    continue;
  }
  if (!/\.tsx?$/.test(file) || file.endsWith('.d.ts') || isTest(file)) continue;
  const rel = path.relative(workspaceRoot, file);
  const out = path.join(workspaceRoot, 'dist', rel).replace(/\.tsx?$/, '.js');
  const result = await swc.transformFile(file, {
    ...options,
    filename: file,
    outputPath: out,
    sourceFileName: path.relative(path.dirname(out), file),
  });
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${result.code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
  if (result.map) await writeFile(`${out}.map`, result.map);
  count += 1;
}
for (const dir of copies) {
  const from = path.join(workspaceRoot, dir);
  await stat(from);
  await cp(from, path.join(workspaceRoot, 'dist', dir), { recursive: true });
}
console.log(`built ${projectRoot}: ${count} files -> dist/${projectRoot}`);

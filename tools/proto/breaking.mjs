#!/usr/bin/env node
// Checks proto/ for wire- and source-breaking changes against a git ref (default: the main
// branch) with `buf breaking` and the FILE rules from buf.yaml. Meant for CI and reviews of
// contract changes, not for the test run (it depends on the git history present).
//
//   node tools/proto/breaking.mjs                    compare with branch main
//   node tools/proto/breaking.mjs --against <ref>    compare with any git ref (tag, sha, origin/main)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bufBin = path.join(workspaceRoot, 'node_modules/.bin/buf');

const argv = process.argv.slice(2);
let ref = 'main';
// node:util parseArgs splits the command line; strict mode is off so that mistakes are reported in
// this script's own words, naming the argument as typed.
const { tokens } = parseArgs({
  args: argv,
  options: { against: { type: 'string' } },
  strict: false,
  allowPositionals: true,
  tokens: true,
});
for (const token of tokens) {
  if (token.kind === 'option' && token.name === 'against' && token.rawName === '--against' && token.value && !token.value.startsWith('-')) {
    ref = token.value;
  } else {
    console.error(`unknown argument '${argv[token.index]}'; usage: breaking.mjs [--against <git-ref>]`);
    process.exit(2);
  }
}
if (!existsSync(bufBin)) {
  console.error('node_modules/.bin/buf is missing; run npm ci first');
  process.exit(2);
}

// A ref from before proto/ existed has nothing to break; say so instead of failing.
const listed = spawnSync('git', ['ls-tree', '-r', '--name-only', ref, '--', 'proto'], {
  cwd: workspaceRoot,
  encoding: 'utf8',
});
if (listed.status !== 0) {
  console.error(`cannot read git ref '${ref}': ${listed.stderr.trim()}`);
  process.exit(2);
}
if (!listed.stdout.split('\n').some((file) => file.endsWith('.proto'))) {
  console.log(`${ref} has no proto files yet; nothing to compare`);
  process.exit(0);
}

const result = spawnSync(bufBin, ['breaking', '--against', `.git#ref=${ref}`], {
  cwd: workspaceRoot,
  stdio: 'inherit',
});
if (result.error) throw result.error;
if (result.status === 0) console.log(`proto/ has no breaking changes against ${ref}`);
process.exit(result.status ?? 1);

#!/usr/bin/env node
// Checks proto/ for wire- and source-breaking changes against the contracts main last had, with
// `buf breaking` and the FILE rules from buf.yaml. Meant for CI (.ci/run) and reviews of contract
// changes, not for the test run (it needs the git history: CI clones main in full).
//
// What it compares with, unless told:
//   on main (HEAD is main's tip)  main's previous commit (HEAD^): the contracts released before this one
//   on any other branch           where the branch left main (git merge-base HEAD main)
//   node tools/proto/breaking.mjs --against <ref>    any git ref (tag, sha, origin/main)
// A ref that cannot be read (a shallow clone, no main) fails with exit 2 and says so; a breaking
// change fails with exit 1 after buf's list of what broke.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bufBin = path.join(workspaceRoot, 'node_modules/.bin/buf');

const argv = process.argv.slice(2);
let ref = null;
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
  if (
    token.kind === 'option' &&
    token.name === 'against' &&
    token.rawName === '--against' &&
    token.value &&
    !token.value.startsWith('-')
  ) {
    ref = token.value;
  } else {
    console.error(`unknown argument '${argv[token.index]}'; usage: breaking.mjs [--against <git-ref>]`);
    process.exit(2);
  }
}
const git = (...args) => spawnSync('git', args, { cwd: workspaceRoot, encoding: 'utf8' });
const revParse = (name) => {
  const parsed = git('rev-parse', '--verify', '--quiet', `${name}^{commit}`);
  return parsed.status === 0 ? parsed.stdout.trim() : null;
};
if (ref === null) {
  const head = revParse('HEAD');
  const main = revParse('main') ?? revParse('origin/main');
  if (!head || !main) {
    console.error(
      'proto:breaking: no main branch (nor origin/main) to compare with; CI needs a full clone, or pass --against <ref>',
    );
    process.exit(2);
  }
  ref = head === main ? 'HEAD^' : git('merge-base', 'HEAD', main).stdout.trim();
  if (!ref || (ref === 'HEAD^' && !revParse('HEAD^'))) {
    console.error(
      `proto:breaking: ${ref ? "main's previous commit (HEAD^)" : 'the merge base with main'} is not in this clone; fetch the full history (git fetch --unshallow) or pass --against <ref>`,
    );
    process.exit(2);
  }
}
const sha = revParse(ref);
if (!sha) {
  console.error(
    `proto:breaking: cannot read git ref '${ref}' (a shallow clone lacks history: git fetch --unshallow)`,
  );
  process.exit(2);
}
const label = ref === sha ? sha.slice(0, 12) : `${ref} (${sha.slice(0, 12)})`;

if (!existsSync(bufBin)) {
  console.error('node_modules/.bin/buf is missing; run npm ci first');
  process.exit(2);
}

// A ref from before proto/ existed has nothing to break; say so instead of failing.
const listed = git('ls-tree', '-r', '--name-only', sha, '--', 'proto');
if (listed.status !== 0) {
  console.error(`cannot read git ref '${ref}': ${listed.stderr.trim()}`);
  process.exit(2);
}
if (!listed.stdout.split('\n').some((file) => file.endsWith('.proto'))) {
  console.log(`${label} has no proto files yet; nothing to compare`);
  process.exit(0);
}

// buf clones the local repository; depth covers the commits between HEAD and the ref.
const depth = Math.max(50, Number(git('rev-list', '--count', `${sha}..HEAD`).stdout.trim() || 0) + 10);
const result = spawnSync(bufBin, ['breaking', '--against', `.git#ref=${sha},depth=${depth}`], {
  cwd: workspaceRoot,
  stdio: 'inherit',
});
if (result.error) throw result.error;
if (result.status === 0) console.log(`proto/ has no breaking changes against ${label}`);
else
  console.error(
    `proto:breaking: proto/ breaks the contracts of ${label} (listed above). Deployed clients and services still speak ` +
      'the old contract: add a new field/RPC/message instead, or reserve the old number and name (buf.yaml names the rules).',
  );
process.exit(result.status === 0 ? 0 : 1);

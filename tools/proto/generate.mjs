#!/usr/bin/env node
// Regenerates libs/contracts/src/generated from proto/ with the locally installed buf and
// ts-proto (nothing is downloaded), then formats it with the repository's prettier settings.
//
//   node tools/proto/generate.mjs           write the generated code
//   node tools/proto/generate.mjs --check   exit 1 and list the files that differ from what
//                                           the protos would generate (committed-code drift)
//   ... --check --target <dir>              compare another tree instead (used by the tests)
//
// Generation always happens in a temporary directory, so a failed run never leaves a
// half-written tree behind and --check compares exactly what a write would produce.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile, rm, mkdir, rename, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const protoRoot = path.join(workspaceRoot, 'proto');
const defaultTargetDir = path.join(workspaceRoot, 'libs/contracts/src/generated');
const bufBin = path.join(workspaceRoot, 'node_modules/.bin/buf');
const tsProtoPlugin = path.join(workspaceRoot, 'node_modules/.bin/protoc-gen-ts_proto');

// The rich error model needs wire encode/decode; the service contracts must not have it
// (they are plain proto-loader-shaped objects), hence two runs with different options.
const RUNS = [
  { template: 'tools/proto/buf.gen.services.yaml', args: ['--exclude-path', 'proto/google'] },
  { template: 'tools/proto/buf.gen.rpc.yaml', args: ['--path', 'proto/google/rpc'] },
];

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for await (const file of walk(dir)) files.push(path.relative(dir, file).split(path.sep).join('/'));
  return files.sort();
}

function runBuf(outDir) {
  for (const bin of [bufBin, tsProtoPlugin]) {
    if (!existsSync(bin))
      throw new Error(`${path.relative(workspaceRoot, bin)} is missing; run npm ci first`);
  }
  for (const run of RUNS) {
    const result = spawnSync(
      bufBin,
      ['generate', '--template', run.template, '--output', outDir, ...run.args],
      {
        cwd: workspaceRoot,
        encoding: 'utf8',
      },
    );
    if (result.error) throw result.error;
    if (result.status !== 0) {
      throw new Error(
        `buf generate (${run.template}) failed with exit code ${result.status}:\n${result.stderr}`,
      );
    }
  }
}

async function formatTree(dir, targetDir) {
  const prettier = await import('prettier');
  // Resolve the settings for the committed location so formatting matches `npm run format`.
  const config = (await prettier.resolveConfig(path.join(targetDir, 'index.ts'))) ?? {};
  for (const rel of await listFiles(dir)) {
    const file = path.join(dir, rel);
    const source = await readFile(file, 'utf8');
    await writeFile(file, await prettier.format(source, { ...config, filepath: file }));
  }
}

async function diffTrees(expectedDir, actualDir) {
  const expected = await listFiles(expectedDir);
  const actual = await listFiles(actualDir);
  const problems = [];
  for (const rel of expected) {
    if (!actual.includes(rel)) {
      problems.push(`missing   ${rel}`);
      continue;
    }
    const [want, have] = await Promise.all([
      readFile(path.join(expectedDir, rel), 'utf8'),
      readFile(path.join(actualDir, rel), 'utf8'),
    ]);
    if (want !== have) problems.push(`outdated  ${rel}`);
  }
  for (const rel of actual) if (!expected.includes(rel)) problems.push(`stale     ${rel}`);
  return problems;
}

function parseCommandLine(argv) {
  const usage = (arg) =>
    new Error(`unknown argument '${arg}'; usage: generate.mjs [--check [--target <dir>]]`);
  // node:util parseArgs splits the command line; strict mode is off so that mistakes are reported
  // in this script's own words, naming the argument as typed.
  const { tokens } = parseArgs({
    args: argv,
    options: { check: { type: 'boolean' }, target: { type: 'string' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const args = { check: false, targetDir: defaultTargetDir };
  for (const token of tokens) {
    const typed = argv[token.index];
    if (token.kind === 'option' && token.name === 'check' && typed === '--check') args.check = true;
    else if (
      token.kind === 'option' &&
      token.name === 'target' &&
      token.rawName === '--target' &&
      token.value &&
      !token.value.startsWith('-')
    )
      args.targetDir = path.resolve(token.value);
    else throw usage(typed);
  }
  if (!args.check && args.targetDir !== defaultTargetDir)
    throw new Error('--target is only allowed with --check');
  return args;
}

async function main() {
  const { check, targetDir } = parseCommandLine(process.argv.slice(2));
  if (!existsSync(protoRoot)) throw new Error(`no proto directory at ${protoRoot}`);
  const workDir = await mkdtemp(path.join(tmpdir(), 'proto-gen-'));
  try {
    const outDir = path.join(workDir, 'generated');
    await mkdir(outDir);
    runBuf(outDir);
    await formatTree(outDir, defaultTargetDir);
    const relTarget = path.relative(workspaceRoot, targetDir);

    if (check) {
      const problems = await diffTrees(outDir, targetDir);
      if (problems.length > 0) {
        console.error(`${relTarget} does not match proto/ (run \`npm run proto\`):`);
        for (const line of problems) console.error(`  ${line}`);
        process.exitCode = 1;
        return;
      }
      console.log(`${relTarget} is up to date (${(await listFiles(outDir)).length} files)`);
      return;
    }

    // Swap the whole tree so files of deleted protos disappear too.
    const previous = `${targetDir}.previous`;
    await rm(previous, { recursive: true, force: true });
    if (existsSync(targetDir)) await rename(targetDir, previous);
    await mkdir(path.dirname(targetDir), { recursive: true });
    await cp(outDir, targetDir, { recursive: true });
    await rm(previous, { recursive: true, force: true });
    console.log(`generated ${(await listFiles(targetDir)).length} files into ${relTarget}`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

#!/usr/bin/env node
// Build-stage step of deploy/Dockerfile (never shipped): trims what the runtime stage copies from
// <root> (the build stage's /app, after `nx run-many -t build` and `npm prune --omit=dev`):
//   - dist/libs/<lib> that no app entry point requires (test helpers Nx builds because specs import
//     them: @lib/testing, @lib/kafka-test-broker);
//   - the TypeScript sources embedded in dist/**/*.map (sourcesContent): the mappings stay, so
//     `node --enable-source-maps` still names the .ts file and line in stack traces;
//   - test suites, TypeScript sources and test fixtures that npm packages publish beside their code
//     (node_modules/**/test, *.spec.*, *.ts other than .d.ts), and the declaration-only @types/*
//     packages that production dependencies pull in.
// Usage: node deploy/container/prune-runtime.mjs <root>    (prints a one-line summary)
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The entry points of start.sh, relative to the root. */
export const ENTRY_POINTS = [
  'dist/apps/gateway/src/server/main.js',
  ...['content', 'offers', 'rates', 'leads', 'events', 'partner-sandbox'].map(
    (app) => `dist/apps/${app}/src/main.js`,
  ),
];

const TEST_DIRS = new Set(['test', 'tests', '__tests__']);
const REQUIRE = /\brequire\(\s*(["'])([^"']+)\1\s*\)/g;

/** @param {string} dir @returns {Generator<string>} */
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * The specifiers a compiled CommonJS file passes to require() with a string literal.
 * @param {string} source
 * @returns {string[]}
 */
export function requiredSpecifiers(source) {
  return [...source.matchAll(REQUIRE)].map((match) => /** @type {string} */ (match[2]));
}

/**
 * Node's resolution of a relative require: the file, + .js / .json, or the directory's index.js.
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.js`, `${base}.json`, path.join(base, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * @typedef {{ files: Set<string>, packages: Set<string> }} Closure
 */

/**
 * Every file of dist reachable from the entry points through relative requires, and the bare
 * specifiers (packages) they require. Throws when a relative require does not resolve.
 * @param {string} root
 * @param {string[]} [entries]
 * @returns {Closure}
 */
export function requireClosure(root, entries = ENTRY_POINTS) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @type {Set<string>} */
  const packages = new Set();
  // The entry points the build produced: an image of one app (build argument APP) has only its own,
  // the image of all apps has every one but the partner sandbox's (never built into it).
  const pending = entries.map((entry) => path.join(root, entry)).filter((file) => existsSync(file));
  if (pending.length === 0) throw new Error(`no entry point of start.sh under ${root}/dist`);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    for (const specifier of requiredSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const resolved = resolveRelative(file, specifier);
        if (!resolved)
          throw new Error(`${path.relative(root, file)}: require("${specifier}") does not resolve`);
        pending.push(resolved);
      } else if (!specifier.startsWith('node:')) {
        packages.add(specifier);
      }
    }
  }
  return { files, packages };
}

/**
 * @param {string} root
 * @param {Closure} closure
 * @returns {string[]} the libraries removed
 */
function pruneDistLibs(root, closure) {
  const libsDir = path.join(root, 'dist/libs');
  /** @type {string[]} */
  const removed = [];
  if (!existsSync(libsDir)) return removed;
  for (const lib of readdirSync(libsDir)) {
    const prefix = path.join(libsDir, lib) + path.sep;
    if (![...closure.files].some((file) => file.startsWith(prefix))) {
      rmSync(path.join(libsDir, lib), { recursive: true, force: true });
      removed.push(lib);
    }
  }
  return removed;
}

/** @param {string} root */
function stripSourcesContent(root) {
  let count = 0;
  for (const file of walk(path.join(root, 'dist'))) {
    if (!file.endsWith('.map')) continue;
    const map = JSON.parse(readFileSync(file, 'utf8'));
    if (!('sourcesContent' in map)) continue;
    delete map.sourcesContent;
    writeFileSync(file, JSON.stringify(map));
    count += 1;
  }
  return count;
}

/**
 * Whether a file inside node_modules is a published test or TypeScript source.
 * @param {string} relativePath
 */
export function isPackageDevFile(relativePath) {
  const parts = relativePath.split(/[\\/]/);
  const name = parts[parts.length - 1] ?? '';
  if (parts.slice(0, -1).some((part) => TEST_DIRS.has(part))) return true;
  // Only *.spec.*: some packages load *.test.js modules (kafkajs: retry/defaults.test under NODE_ENV=test).
  if (/\.spec\.[cm]?[jt]sx?$/.test(name)) return true;
  return /\.[cm]?tsx?$/.test(name) && !/\.d\.[cm]?ts$/.test(name);
}

/**
 * @param {string} dir
 * @param {string} modules the node_modules directory paths are judged relative to
 * @returns {number} files removed below dir
 */
function prunePackageDir(dir, modules) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Test suites, and type declarations (@types/node comes with protobufjs): never loaded by node.
      if (TEST_DIRS.has(entry.name) || (entry.name === '@types' && path.basename(dir) === 'node_modules')) {
        count += [...walk(full)].length;
        rmSync(full, { recursive: true, force: true });
      } else {
        count += prunePackageDir(full, modules);
      }
    } else if (isPackageDevFile(path.relative(modules, full))) {
      rmSync(full, { force: true });
      count += 1;
    }
  }
  return count;
}

/** @param {string} root */
function prunePackages(root) {
  const modules = path.join(root, 'node_modules');
  return existsSync(modules) ? prunePackageDir(modules, modules) : 0;
}

/** @param {string} root */
export function pruneRuntime(root) {
  const closure = requireClosure(root);
  const libs = pruneDistLibs(root, closure);
  const maps = stripSourcesContent(root);
  const packageFiles = prunePackages(root);
  return { libs, maps, packageFiles };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.argv[2];
  if (!root || process.argv.length > 3) {
    console.error('usage: prune-runtime.mjs <root>');
    process.exit(2);
  }
  const { libs, maps, packageFiles } = pruneRuntime(path.resolve(root));
  console.log(
    `prune-runtime: unused libs removed [${libs.join(', ')}], sources stripped from ${maps} source maps, ` +
      `${packageFiles} test/source files removed from node_modules`,
  );
}

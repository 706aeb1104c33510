#!/usr/bin/env node
// Builds the browser bundle of the gateway with esbuild: ESM, one chunk per page and one per
// island (both are dynamic imports), minified, content-hashed names under <out>/public/assets/, and
// <out>/client-manifest.json that the server reads to write <script>/<link> tags and to answer
// /builds/latest.json. Static files from apps/gateway/static/ are copied to <out>/public/.
// Source maps (with the full sources) go to <out>/sourcemaps/, outside what the server publishes,
// and the bundles do not name them: they are for us (error reports, profiling), not for visitors.
// Then it prints each page's first-load JavaScript and exits 1 when a page is over the budget
// (client-build/first-load.cjs).
//
//   node apps/gateway/build-client.mjs                 → dist/apps/gateway
//   node apps/gateway/build-client.mjs --outdir <dir>  → <dir> (tests build into a temp dir)
//   node apps/gateway/build-client.mjs --outdir <dir> --salt <text>
//                                                      → the same code with a comment naming <text> at the top
//                                                        of every file, so every hashed name and the build id
//                                                        differ (tests of deploys need two builds of one tree)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const {
  FIRST_LOAD_BUDGET_GZIP,
  budgetFailure,
  firstLoadByPage,
  formatFirstLoadTable,
  islandChunks,
  islandMarkersIn,
} = require('./client-build/first-load.cjs');
const { ENTRY: STYLESHEETS, stylesheetsPlugin } = require('./client-build/stylesheets.cjs');

const appRoot = path.dirname(fileURLToPath(import.meta.url));
const workspaceRoot = path.resolve(appRoot, '../..');

const args = process.argv.slice(2);
const outFlag = args.indexOf('--outdir');
const outDir = path.resolve(
  outFlag >= 0 && args[outFlag + 1] ? args[outFlag + 1] : path.join(workspaceRoot, 'dist/apps/gateway'),
);
const saltFlag = args.indexOf('--salt');
const salt = saltFlag >= 0 ? args[saltFlag + 1] : undefined;
if (saltFlag >= 0 && !/^[A-Za-z0-9._-]{1,64}$/.test(salt ?? ''))
  throw new Error('--salt takes 1 to 64 letters, digits, dots, dashes or underscores');
const publicDir = path.join(outDir, 'public');
const assetsDir = path.join(publicDir, 'assets');
/** Private: never under publicDir, which the server serves as is. */
const sourcemapsDir = path.join(outDir, 'sourcemaps');
const featuresDir = path.join(appRoot, 'src/features');
/** A page component: `src/features/<feature>/<page>-page.tsx`, lazily imported by src/app/pages/index.ts. */
const PAGE_FILE = /^(.+)-page\.tsx$/;

await rm(publicDir, { recursive: true, force: true });
await rm(sourcemapsDir, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });

const result = await build({
  absWorkingDir: workspaceRoot,
  // styles: the base sheet and every sheet next to the app's and the features' code, bundled into
  // one file in cascade order (client-build/stylesheets.cjs).
  entryPoints: { entry: path.join(appRoot, 'src/client/entry.ts'), styles: STYLESHEETS },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  // 'external': maps without the //# sourceMappingURL comment; moved out of public/ below.
  sourcemap: 'external',
  legalComments: 'none',
  ...(salt ? { banner: { js: `/* build ${salt} */`, css: `/* build ${salt} */` } } : {}),
  jsx: 'automatic',
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: path.join(appRoot, 'tsconfig.json'),
  plugins: [stylesheetsPlugin(appRoot)],
  logLevel: 'warning',
});

const toUrl = (file) =>
  `/${path.relative(publicDir, path.join(workspaceRoot, file)).split(path.sep).join('/')}`;
const outputs = result.metafile.outputs;

/** A JS output's static (non-dynamic) imports, transitively: what must load before it runs. */
function staticImports(file, seen = new Set()) {
  for (const imported of outputs[file]?.imports ?? []) {
    if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
    seen.add(imported.path);
    staticImports(imported.path, seen);
  }
  return seen;
}

let entry;
let renderer;
const css = [];
const pages = {};
const pageFiles = {};
for (const [file, output] of Object.entries(outputs)) {
  if (!output.entryPoint || file.endsWith('.map')) continue;
  const source = path.resolve(workspaceRoot, output.entryPoint);
  if (file.endsWith('.css')) {
    css.push(toUrl(file));
    continue;
  }
  const described = { file: toUrl(file), imports: [...staticImports(file)].map(toUrl) };
  if (source === path.join(appRoot, 'src/client/entry.ts')) {
    entry = { ...described, output: file };
    if (output.cssBundle) css.push(toUrl(output.cssBundle));
  } else if (source === path.join(appRoot, 'src/client/renderer.tsx')) {
    renderer = { ...described, output: file };
  } else if (source.startsWith(featuresDir + path.sep) && PAGE_FILE.test(path.basename(source))) {
    // The page key is the file's name without '-page.tsx', as in src/app/pages/index.ts.
    const page = PAGE_FILE.exec(path.basename(source))[1];
    pages[page] = described;
    pageFiles[page] = file;
  }
}
if (!entry) throw new Error('esbuild produced no output for src/client/entry.ts');
if (!renderer)
  throw new Error(
    'esbuild produced no chunk for src/client/renderer.tsx (is it still imported dynamically?)',
  );

// The build id changes exactly when a byte the browser loads changes.
const hash = createHash('sha256');
for (const file of Object.keys(outputs).sort())
  hash.update(file).update(await readFile(path.join(workspaceRoot, file)));
const buildId = hash.digest('hex').slice(0, 12);

// The maps leave public/ for <out>/sourcemaps/, keeping their paths below assets/.
for (const file of Object.keys(outputs)) {
  if (!file.endsWith('.map')) continue;
  const target = path.join(sourcemapsDir, path.relative(assetsDir, path.join(workspaceRoot, file)));
  await mkdir(path.dirname(target), { recursive: true });
  await rename(path.join(workspaceRoot, file), target);
}

const chunkRef = ({ file, imports }) => ({ file, imports });
const manifest = {
  buildId,
  builtAt: new Date().toISOString(),
  entry: chunkRef(entry),
  renderer: chunkRef(renderer),
  css,
  pages,
};
await writeFile(path.join(outDir, 'client-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await cp(path.join(appRoot, 'static'), publicDir, { recursive: true });

// First-load JavaScript against the budget: the entry and the islands each page can mark. No page
// hydrates React; it loads (with the page chunk) only for client-side navigation.
const gatewaySource = path.relative(workspaceRoot, path.join(appRoot, 'src')) + '/';
// The browser runtime (src/client/) reads the attribute and the helper (src/app/island-marker.ts)
// writes it; every other source must write it through the helper.
const clientSource = path.relative(workspaceRoot, path.join(appRoot, 'src/client')) + '/';
const markerSource = path.relative(workspaceRoot, path.join(appRoot, 'src/app/island-marker.ts'));
const sources = new Map();
for (const output of Object.values(outputs)) {
  for (const input of Object.keys(output.inputs ?? {})) {
    if (!input.startsWith(gatewaySource) || !/\.tsx?$/.test(input) || sources.has(input)) continue;
    const text = await readFile(path.join(workspaceRoot, input), 'utf8');
    if (input.startsWith(clientSource) || input === markerSource) {
      sources.set(input, []); // the runtime and the helper's own documentation mark nothing
      continue;
    }
    if (text.includes('data-island')) {
      throw new Error(
        `${input} writes a data-island attribute itself: mark islands with islandMarker('<name>') (src/app/island-marker.ts), which the budget check counts`,
      );
    }
    sources.set(input, islandMarkersIn(text));
  }
}
const sizes = new Map();
for (const file of Object.keys(outputs)) {
  if (file.endsWith('.js')) sizes.set(file, gzipSync(await readFile(path.join(workspaceRoot, file))).length);
}
const loads = firstLoadByPage({
  outputs,
  entry: entry.output,
  renderer: renderer.output,
  pages: Object.fromEntries(Object.entries(pageFiles).sort(([a], [b]) => a.localeCompare(b))),
  islands: islandChunks(outputs),
  markersOf: (input) => sources.get(input) ?? [],
  sizeOf: (file) => sizes.get(file) ?? 0,
  budget: FIRST_LOAD_BUDGET_GZIP,
});
console.log(formatFirstLoadTable(loads, FIRST_LOAD_BUDGET_GZIP));
console.log(
  `built client ${buildId}: ${Object.keys(pages).length} page chunks -> ${path.relative(workspaceRoot, publicDir) || publicDir}`,
);
const failure = budgetFailure(loads, FIRST_LOAD_BUDGET_GZIP);
if (failure) {
  console.error(`\nbuild-client: ${failure}`);
  process.exit(1);
}

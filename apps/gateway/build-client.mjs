#!/usr/bin/env node
// Builds the browser bundle of the gateway with esbuild: ESM, one chunk per page (the pages are
// dynamic imports), minified, content-hashed names under <out>/public/assets/, and
// <out>/client-manifest.json that the server reads to write <script>/<link> tags and to answer
// /builds/latest.json. Static files from apps/gateway/static/ are copied to <out>/public/.
//
//   node apps/gateway/build-client.mjs                 → dist/apps/gateway
//   node apps/gateway/build-client.mjs --outdir <dir>  → <dir> (tests build into a temp dir)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appRoot = path.dirname(fileURLToPath(import.meta.url));
const workspaceRoot = path.resolve(appRoot, '../..');

const args = process.argv.slice(2);
const outFlag = args.indexOf('--outdir');
const outDir = path.resolve(outFlag >= 0 && args[outFlag + 1] ? args[outFlag + 1] : path.join(workspaceRoot, 'dist/apps/gateway'));
const publicDir = path.join(outDir, 'public');
const assetsDir = path.join(publicDir, 'assets');
const featuresDir = path.join(appRoot, 'src/features');
/** A page component: `src/features/<feature>/<page>-page.tsx`, lazily imported by src/app/pages/index.ts. */
const PAGE_FILE = /^(.+)-page\.tsx$/;

/** First-load budget of a content page (PERFORMANCE.md): entry + its static imports + page chunk. */
const FIRST_LOAD_BUDGET_GZIP = 66 * 1024;

await rm(publicDir, { recursive: true, force: true });
await mkdir(assetsDir, { recursive: true });

const result = await build({
  absWorkingDir: workspaceRoot,
  entryPoints: { entry: path.join(appRoot, 'src/client/entry.ts'), styles: path.join(appRoot, 'src/client/styles.css') },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  jsx: 'automatic',
  outdir: assetsDir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: path.join(appRoot, 'tsconfig.json'),
  logLevel: 'warning',
});

const toUrl = (file) => `/${path.relative(publicDir, path.join(workspaceRoot, file)).split(path.sep).join('/')}`;
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
for (const [file, output] of Object.entries(outputs)) {
  if (!output.entryPoint || file.endsWith('.map')) continue;
  const source = path.resolve(workspaceRoot, output.entryPoint);
  if (file.endsWith('.css')) {
    css.push(toUrl(file));
    continue;
  }
  const described = { file: toUrl(file), imports: [...staticImports(file)].map(toUrl) };
  if (source === path.join(appRoot, 'src/client/entry.ts')) {
    entry = described;
    if (output.cssBundle) css.push(toUrl(output.cssBundle));
  } else if (source === path.join(appRoot, 'src/client/renderer.tsx')) {
    renderer = described;
  } else if (source.startsWith(featuresDir + path.sep) && PAGE_FILE.test(path.basename(source))) {
    // The page key is the file's name without '-page.tsx', as in src/app/pages/index.ts.
    pages[PAGE_FILE.exec(path.basename(source))[1]] = described;
  }
}
if (!entry) throw new Error('esbuild produced no output for src/client/entry.ts');
if (!renderer) throw new Error('esbuild produced no chunk for src/client/renderer.tsx (is it still imported dynamically?)');

// The build id changes exactly when a byte the browser loads changes.
const hash = createHash('sha256');
for (const file of Object.keys(outputs).sort()) hash.update(file).update(await readFile(path.join(workspaceRoot, file)));
const buildId = hash.digest('hex').slice(0, 12);

const manifest = { buildId, builtAt: new Date().toISOString(), entry, renderer, css, pages };
await writeFile(path.join(outDir, 'client-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await cp(path.join(appRoot, 'static'), publicDir, { recursive: true });

// First-load JavaScript against the budget: a page that is not hydrated loads the entry only;
// an interactive page also loads React (the renderer chunk) and its own page chunk.
const gzipSize = async (url) => gzipSync(await readFile(path.join(publicDir, url))).length;
const sumGzip = async (files) => {
  let total = 0;
  for (const file of new Set(files)) total += await gzipSize(file);
  return total;
};
const report = (label, bytes) =>
  console.log(`  ${label.padEnd(34)} ${(bytes / 1024).toFixed(1).padStart(5)} KiB gzip${bytes > FIRST_LOAD_BUDGET_GZIP ? '  OVER BUDGET' : ''}`);
const entryFiles = [entry.file, ...entry.imports];
report('static page (no React)', await sumGzip(entryFiles));
for (const [page, described] of Object.entries(pages)) {
  report(`hydrated ${page} (React + page)`, await sumGzip([...entryFiles, renderer.file, ...renderer.imports, described.file, ...described.imports]));
}
console.log(`built client ${buildId}: ${Object.keys(pages).length} page chunks -> ${path.relative(workspaceRoot, publicDir) || publicDir}`);

'use strict';
// First-load JavaScript of each page of the gateway's browser bundle, from esbuild's metafile
// (build-client.mjs). A page's first load is what its document makes the browser run before the
// visitor does anything: the entry with its static imports, and the islands the page can mark
// (each island's chunk with its static imports). React and the page chunks are not part of it:
// they load only for client-side navigation. Pure functions: the caller reads files and sizes.

/** First-load budget of every page (PERFORMANCE.md), gzip bytes. */
const FIRST_LOAD_BUDGET_GZIP = 66 * 1024;

/** An island's module: `src/features/<feature>/<name>.island.ts`; its name is the file's. */
const ISLAND_FILE = /(?:^|\/)([a-z0-9-]+)\.island\.ts$/;

/** How a component marks an island's root element (src/app/island-marker.ts). */
const MARKER_CALL = /\bislandMarker\(\s*['"]([a-z0-9-]+)['"]\s*\)/g;

/**
 * @typedef {{ path: string, kind: string }} MetaImport
 * @typedef {{ imports?: MetaImport[], inputs?: Record<string, unknown>, entryPoint?: string }} MetaOutput
 * @typedef {Record<string, MetaOutput>} MetaOutputs
 */

/**
 * An output and its static imports, transitively: what must load before it runs.
 * @param {MetaOutputs} outputs
 * @param {string} file
 * @returns {string[]} `file` first, then each static import once
 */
function staticClosure(outputs, file) {
  const seen = [file];
  for (const current of seen) {
    // Iterating while pushing visits every file added on the way (breadth first).
    for (const imported of outputs[current]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !seen.includes(imported.path)) seen.push(imported.path);
    }
  }
  return seen;
}

/**
 * The island names marked in a source file (calls of islandMarker('<name>')).
 * @param {string} source
 * @returns {string[]}
 */
function islandMarkersIn(source) {
  return [...source.matchAll(MARKER_CALL)].map((match) => /** @type {string} */ (match[1]));
}

/**
 * Island chunks by name, from the outputs whose entry point is a `<name>.island.ts`.
 * @param {MetaOutputs} outputs
 * @returns {Record<string, string>}
 */
function islandChunks(outputs) {
  /** @type {Record<string, string>} */
  const islands = {};
  for (const [file, output] of Object.entries(outputs)) {
    const name =
      output.entryPoint && file.endsWith('.js') ? ISLAND_FILE.exec(output.entryPoint)?.[1] : undefined;
    if (!name) continue;
    if (islands[name])
      throw new Error(`two islands are named "${name}" (${output.entryPoint}): island names must be unique`);
    islands[name] = file;
  }
  return islands;
}

/**
 * @typedef {object} FirstLoadInput
 * @property {MetaOutputs} outputs esbuild's metafile outputs
 * @property {string} entry the entry's output file
 * @property {string} renderer the renderer's output file (React, App, the layouts: what surrounds every page)
 * @property {Record<string, string>} pages page name → its chunk's output file
 * @property {Record<string, string>} islands island name → its chunk's output file (islandChunks())
 * @property {(input: string) => string[]} markersOf island names a source input marks (islandMarkersIn() of its text; [] for others)
 * @property {(file: string) => number} sizeOf gzip size of an output file
 * @property {number} [budget] gzip bytes, FIRST_LOAD_BUDGET_GZIP by default
 *
 * @typedef {object} PageLoad
 * @property {string} page
 * @property {string[]} islands the islands the page can mark (its component tree's markers)
 * @property {string[]} files every JavaScript file of its first load
 * @property {number} bytes their gzip total
 * @property {number} navigationBytes what a client-side navigation to it loads besides (React, the page chunk): not first load
 * @property {boolean} overBudget
 */

/**
 * Each page's first load. A page's islands are the markers found in the sources of its component
 * tree (the page chunk's static closure, and the renderer's: the layout is on every page): an
 * upper bound, as a marker inside a branch the page does not show still counts.
 * @param {FirstLoadInput} input
 * @returns {PageLoad[]}
 */
function firstLoadByPage({
  outputs,
  entry,
  renderer,
  pages,
  islands,
  markersOf,
  sizeOf,
  budget = FIRST_LOAD_BUDGET_GZIP,
}) {
  const entryFiles = staticClosure(outputs, entry);
  const rendererFiles = staticClosure(outputs, renderer);
  const total = (/** @type {Iterable<string>} */ files) =>
    [...new Set(files)].reduce((sum, file) => sum + sizeOf(file), 0);
  return Object.entries(pages).map(([page, chunk]) => {
    const tree = new Set([...rendererFiles, ...staticClosure(outputs, chunk)]);
    const marked = new Set();
    for (const file of tree) {
      for (const input of Object.keys(outputs[file]?.inputs ?? {}))
        for (const name of markersOf(input)) marked.add(name);
    }
    const names = [...marked].sort();
    const files = [...entryFiles];
    for (const name of names) {
      const island = islands[name];
      if (!island)
        throw new Error(
          `page "${page}" marks the island "${name}", but no ${name}.island.ts chunk was built (is it in the island registry, src/client/page-enhancements.ts?)`,
        );
      for (const file of staticClosure(outputs, island)) if (!files.includes(file)) files.push(file);
    }
    const bytes = total(files);
    const navigationBytes = total([...rendererFiles, ...tree].filter((file) => !files.includes(file)));
    return { page, islands: names, files, bytes, navigationBytes, overBudget: bytes > budget };
  });
}

const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The table build-client.mjs prints.
 * @param {PageLoad[]} loads
 * @param {number} [budget]
 * @returns {string}
 */
function formatFirstLoadTable(loads, budget = FIRST_LOAD_BUDGET_GZIP) {
  const rows = loads.map((load) => {
    const what = load.islands.length > 0 ? `entry + ${load.islands.join(', ')}` : 'entry';
    return `  ${load.page.padEnd(15)} ${kib(load.bytes).padStart(9)} gzip  ${what.padEnd(48)} +${kib(load.navigationBytes)} on navigation${load.overBudget ? '  OVER BUDGET' : ''}`;
  });
  return [
    `first-load JavaScript per page (budget ${kib(budget)} gzip; React and page chunks load on client-side navigation only):`,
    ...rows,
  ].join('\n');
}

/**
 * The build's verdict: null when every page is within the budget, else the message to fail with.
 * @param {PageLoad[]} loads
 * @param {number} [budget]
 * @returns {string | null}
 */
function budgetFailure(loads, budget = FIRST_LOAD_BUDGET_GZIP) {
  const over = loads.filter((load) => load.overBudget);
  if (over.length === 0) return null;
  const lines = over.map((load) => {
    const what = ['entry', ...load.islands].join(' + ');
    return `  page "${load.page}": ${kib(load.bytes)} gzip, ${load.bytes - budget} bytes over the ${kib(budget)} budget (${what}; ${load.files.length} files)`;
  });
  return [
    `First-load JavaScript over the ${kib(budget)} gzip budget on ${over.length} page(s):`,
    ...lines,
    'Ship less before the visitor acts: no React on first load (islands, never hydration), and code an island needs only later behind a dynamic import inside it.',
  ].join('\n');
}

module.exports = {
  FIRST_LOAD_BUDGET_GZIP,
  staticClosure,
  islandMarkersIn,
  islandChunks,
  firstLoadByPage,
  formatFirstLoadTable,
  budgetFailure,
};

'use strict';
// The gateway's one stylesheet, gathered from the sheets that sit next to the code they style:
//   src/app/styles/base.css      tokens, reset, typography, containers, buttons, form fields
//   src/app/**/*.css             the shared components, layouts and markup of several features
//   src/features/**/*.css        each feature's own rules (<feature>/<feature>.css)
// build-client.mjs bundles them, in this order, into one file (`styles-<hash>.css`), so every page
// still loads exactly one stylesheet, and a feature adding a .css file next to its code changes
// nothing else. The order is the cascade: the base before what builds on it, and the features
// after everything they may refine. Between features it is alphabetical, which is safe only because
// a feature's rules style that feature's own markup.
const fs = require('node:fs');
const path = require('node:path');

const BASE = 'src/app/styles/base.css';

/**
 * The sheets in cascade order, as paths relative to the app's root (forward slashes): the base,
 * then the rest of src/app/, then src/features/, each part sorted by path (by code unit, so the
 * order does not depend on the machine's locale). Anything else in the list is left out.
 * @param {string[]} files
 * @returns {string[]}
 */
function stylesheetOrder(files) {
  const sheets = files.map((file) => file.split(path.sep).join('/')).filter((file) => file.endsWith('.css'));
  if (!sheets.includes(BASE))
    throw new Error(`${BASE} is missing: the other sheets build on its custom properties`);
  /** @param {string} dir */
  const under = (dir) =>
    sheets
      .filter((file) => file !== BASE && file.startsWith(`${dir}/`))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [BASE, ...under('src/app'), ...under('src/features')];
}

/**
 * The sheets of the app at appRoot, in cascade order, relative to appRoot.
 * @param {string} appRoot
 * @returns {string[]}
 */
function findStylesheets(appRoot) {
  const found = [];
  for (const dir of ['src/app', 'src/features']) {
    for (const file of fs.readdirSync(path.join(appRoot, dir), { recursive: true }))
      found.push(path.join(dir, String(file)));
  }
  return stylesheetOrder(found);
}

/**
 * The entry esbuild bundles: one CSS import rule per sheet, in order. esbuild inlines each sheet
 * where it is imported, so the bundle keeps this order.
 * @param {string[]} sheets paths relative to the directory the entry is resolved from
 * @returns {string}
 */
function stylesheetEntry(sheets) {
  return sheets.map((sheet) => `@import ${JSON.stringify(`./${sheet}`)};\n`).join('');
}

const ENTRY = 'gateway:stylesheets';

/**
 * An esbuild plugin that answers the entry point ENTRY with stylesheetEntry(findStylesheets(appRoot)),
 * found afresh at every build.
 * @param {string} appRoot
 * @returns {import('esbuild').Plugin}
 */
function stylesheetsPlugin(appRoot) {
  return {
    name: 'gateway-stylesheets',
    setup(build) {
      build.onResolve({ filter: /^gateway:stylesheets$/ }, () => ({
        path: 'styles.css',
        namespace: 'gateway-stylesheets',
      }));
      build.onLoad({ filter: /.*/, namespace: 'gateway-stylesheets' }, () => {
        const sheets = findStylesheets(appRoot);
        return {
          contents: stylesheetEntry(sheets),
          loader: 'css',
          resolveDir: appRoot,
          watchFiles: sheets.map((sheet) => path.join(appRoot, sheet)),
          watchDirs: ['src/app', 'src/features'].map((dir) => path.join(appRoot, dir)),
        };
      });
    },
  };
}

module.exports = { ENTRY, findStylesheets, stylesheetEntry, stylesheetOrder, stylesheetsPlugin };

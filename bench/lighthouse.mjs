#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile emulation, Debian Chromium, no download) on the pages of
// five kinds: home, an SEO page, an article, the calendar and a lender review. Uses the stack on
// $PORT (default 3000) when one answers /readyz, otherwise starts one (bench/lib/stack.mjs) and
// stops it afterwards. Prints the four category scores per page and every failing audit, and
// writes bench/results/<time>-lighthouse.json. A tool, not a test: it exits non-zero only when it
// cannot measure.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { get, startStack } from './lib/stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    pages: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log('usage: npm run lighthouse -- [--pages /,/blog/] [--no-build]');
  process.exit(0);
}

/** The pages of the issue; a lender review and an article the repository's content has. */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'seo', path: '/pozyczki-dla-studentow/' },
  { name: 'article', path: '/placa-minimalna/' },
  { name: 'calendar', path: `/kalendarz-${new Date().getFullYear()}/` },
  { name: 'lender', path: '/opinie-o-pozyczkach/vivus/' },
  { name: 'converter', path: '/kalkulator-walutowy/' },
];
const pages = values.pages ? values.pages.split(',').map((p) => ({ name: p, path: p.trim() })) : PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const port = Number(process.env.PORT || 3000);
const base = `http://127.0.0.1:${port}`;
// Pages are loaded under the site's own origin: the posts they make (the view beacon) are refused
// from any other (same-origin rule), and a refused post is a console error Lighthouse counts.
const origin = (process.env.PUBLIC_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
const resultsDir = path.join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
/** @param {string} text */
const say = (text) => console.log(text);

let stack;
if ((await get(`${base}/readyz`))?.status === 200) {
  say(`using the stack already running on ${base}`);
} else {
  stack = await startStack({
    root,
    logFile: path.join(resultsDir, `${stamp}-lighthouse-stack.log`),
    build: !values['no-build'],
    pageCache: true,
    contentDir: undefined,
    say,
  });
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
/** @type {Array<Record<string, unknown>>} */
const results = [];
let failedToMeasure = false;
try {
  for (const page of pages) {
    const url = `${origin}${page.path}`;
    const status = (await get(`${base}${page.path}`))?.status;
    if (status !== 200) {
      say(`${page.name} ${page.path}: answered ${status ?? 'nothing'}, not measured`);
      failedToMeasure = true;
      continue;
    }
    // Lighthouse's default config is mobile emulation (Moto G Power, slow 4G, 4x CPU slowdown).
    // A run whose trace went wrong (NO_NAVSTART and the like: "run Lighthouse again") scores 0
    // without saying anything about the page; such runs are repeated up to twice.
    let lhr;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      lhr = run?.lhr;
      if (!lhr?.runtimeError) break;
      say(`${page.name} ${page.path}: ${lhr.runtimeError.code}, measuring again`);
    }
    if (!lhr) {
      failedToMeasure = true;
      continue;
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    );
    /** @type {Array<{ category: string, id: string, score: number, title: string, value: string }>} */
    const failing = [];
    for (const id of CATEGORIES) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 0.9 || ref.weight === 0) continue;
        failing.push({
          category: id,
          id: ref.id,
          score: audit.score,
          title: audit.title,
          value: audit.displayValue ?? '',
        });
      }
    }
    const metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ].map((id) => [id, lhr.audits[id]?.displayValue ?? '']),
    );
    results.push({ ...page, url, scores, metrics, failing, runtimeError: lhr.runtimeError ?? null });
    say(
      `${page.name.padEnd(9)} ${page.path.padEnd(32)} ` +
        CATEGORIES.map((id) => `${id} ${String(scores[id]).padStart(3)}`).join('  ') +
        `   (${Object.entries(metrics)
          .map(
            ([k, v]) =>
              `${k
                .split('-')
                .map((w) => w[0])
                .join('')
                .toUpperCase()} ${v}`,
          )
          .join(', ')})`,
    );
    for (const audit of failing)
      say(`    ✗ [${audit.category}] ${audit.id}: ${audit.title}${audit.value ? ` (${audit.value})` : ''}`);
  }
} finally {
  await chrome.kill();
  await stack?.stop();
}

const file = path.join(resultsDir, `${stamp}-lighthouse.json`);
writeFileSync(
  file,
  `${JSON.stringify({ format: 'lighthouse-result/1', startedAt: stamp, lighthouse: '12.8.2', formFactor: 'mobile', origin, pages: results }, null, 2)}\n`,
);
say(`results written to ${path.relative(root, file)}`);
if (failedToMeasure) process.exit(1);

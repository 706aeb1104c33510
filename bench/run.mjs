#!/usr/bin/env node
// `npm run bench -- <route>` and `npm run bench:all` (this script with --all): autocannon against
// four targets per route — the full stack, the bare render, the gateway's static baseline and a
// bare node:http server with the same bytes — with the ratios that show where time goes. A tool,
// not a test: it prints figures, stores them in bench/results/ and fails only when it cannot measure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { barePath, parseBenchArgs, staticPath, UsageError, USAGE } from './lib/args.cjs';
import { startBareNode } from './lib/bare-node.mjs';
import { compareBodies, describeComparison } from './lib/compare.cjs';
import { writeScaledContent } from './lib/content-scale.cjs';
import { describeMachine, gitState, machineInfo } from './lib/machine.cjs';
import {
  TARGETS,
  baselineFailures,
  formatMs,
  formatMedianTable,
  formatRouteTables,
  formatSummaryTable,
  medianRatios,
  resultFileName,
  rowRatios,
} from './lib/report.cjs';
import { formatTargetTable, judgeTargets, TARGET_CONNECTIONS } from './lib/speed-targets.cjs';
import { get, startStack } from './lib/stack.mjs';
import { MeasureWindow } from './lib/window.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench/results');

/** @type {import('./lib/args.cjs').BenchOptions} */
let options;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`npm run bench: ${error.message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const port = Number(process.env.PORT || 3000);
const base = `http://127.0.0.1:${port}`;
const say = (/** @type {string} */ text) => process.stdout.write(`${text}\n`);

/**
 * @typedef {import('./lib/report.cjs').Row} Row
 * @typedef {import('./lib/report.cjs').Target} Target
 * @typedef {import('./lib/report.cjs').Figures} Figures
 * @typedef {import('./lib/routes.cjs').BenchRoute} BenchRoute
 */

// ---- what is running, for cleanup on any exit -------------------------------------------------
/**
 * @type {{
 *   stack?: import('./lib/stack.mjs').Stack,
 *   node?: { url: (route: string) => string, stop: () => Promise<void> },
 *   dirs: string[],
 * }}
 */
const running = { dirs: [] };

async function cleanUp() {
  const { node, stack } = running;
  running.node = undefined;
  running.stack = undefined;
  await node?.stop();
  await stack?.stop();
  for (const dir of running.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

let interrupted = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    say(`\n${signal}: stopping`);
    void cleanUp().then(() => process.exit(130));
  });
}

// ---- measuring --------------------------------------------------------------------------------
/**
 * One autocannon run over the same connections: the warm-up, then the measured seconds. Figures
 * come from the measured part only (lib/window.cjs says why it is not two runs).
 * @param {string} label
 * @param {string} url
 * @param {number} connections
 * @returns {Promise<Figures>}
 */
async function measure(label, url, connections) {
  // The previous target's last requests may still be queued in the server (a render while code is
  // cold can take long); an answer to this one means they are done.
  await get(url);
  const window = new MeasureWindow(performance.now() + options.warmup * 1000);
  const run = autocannon({
    url,
    connections,
    duration: options.warmup + options.duration,
    pipelining: 1,
    timeout: 10,
  });
  run.on('response', (_client, statusCode, bytes, latency) =>
    window.response(performance.now(), statusCode, bytes, latency),
  );
  run.on('reqError', (error) => window.error(performance.now(), error.message === 'request timed out'));
  await run;
  const result = window.figures(performance.now());
  say(
    `  ${label.padEnd(17)} ${String(connections).padStart(4)} conns: ${result.reqPerSec.toFixed(1).padStart(8)} req/s, ` +
      `p99 ${formatMs(result.p99Ms)} ms${result.errors + result.non2xx > 0 ? `, ${result.errors} errors, ${result.non2xx} non-2xx` : ''}`,
  );
  return result;
}

/**
 * Loads the route's full stack, then its bare render, `options.settle` seconds each, and keeps no
 * figure. A route's own code (its loader, its service's use cases and decoders, its page component)
 * runs for the first time when the route is measured; without this its first round would measure
 * that code's compilation and the services' heaps growing to their working size, and since the full
 * stack runs first in each round it would pay for the render code the bare render then finds ready.
 * @param {{ full: string, bare: string }} urls
 * @param {number} connections
 */
async function settle(urls, connections) {
  for (const url of [urls.full, urls.bare]) {
    await get(url);
    await autocannon({ url, connections, duration: options.settle, pipelining: 1, timeout: 10 });
  }
  say(
    `  settled: full stack and bare render loaded ${options.settle} s each at ${connections} connections, unmeasured`,
  );
}

/**
 * Fetches the three gateway targets once, checks that they answer 200, and compares the bodies.
 * @param {BenchRoute} route
 * @param {boolean} runningStack
 */
async function fetchTargets(route, runningStack) {
  const urls = {
    full: `${base}${route.path}`,
    bare: `${base}${barePath(route.path)}`,
    static: `${base}${staticPath(route.path)}`,
  };
  const full = await get(urls.full);
  if (!full || full.status !== 200)
    throw new Error(
      `${route.path} answered ${full ? full.status : 'nothing'}; benchmark a route that returns 200`,
    );
  const bare = await get(urls.bare);
  const baseline = await get(urls.static);
  for (const [name, answer] of /** @type {const} */ ([
    [barePath(route.path), bare],
    [staticPath(route.path), baseline],
  ])) {
    if (answer?.status === 200) continue;
    throw new Error(
      `${name} answered ${answer ? answer.status : 'nothing'}: ` +
        (runningStack
          ? 'the running gateway was not started with BENCH_STATIC=1 from the current build; restart it so, or stop it and let the benchmark start its own'
          : 'the gateway does not serve its benchmark baselines for this route'),
    );
  }
  const bareBody = /** @type {NonNullable<typeof bare>} */ (bare).body;
  const staticAnswer = /** @type {NonNullable<typeof baseline>} */ (baseline);
  const fullVsStatic = compareBodies(full.body, staticAnswer.body);
  const bareVsStatic = compareBodies(bareBody, staticAnswer.body);
  for (const line of [
    ...describeComparison('full', 'static', fullVsStatic),
    ...describeComparison('bare', 'static', bareVsStatic),
  ])
    say(`  ${line}`);
  return {
    urls,
    staticBody: staticAnswer.body,
    contentType: String(staticAnswer.headers['content-type'] ?? 'text/html; charset=utf-8'),
    bodies: {
      full: full.body.length,
      bare: bareBody.length,
      static: staticAnswer.body.length,
      fullVsStatic,
      bareVsStatic,
    },
  };
}

/**
 * The content service keeps serving its last good content when an import fails, so a stack with
 * generated content is checked: the sitemap must list every generated article.
 * @param {number} copies
 * @param {string} logFile
 */
async function checkImported(copies, logFile) {
  // The index names the sitemap's files; the articles are listed in the blog's.
  const index = await get(`${base}/sitemap.xml`);
  const files =
    index?.status === 200
      ? [...index.body.toString('utf8').matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
          (m) => new URL(m[1] ?? '/', base).pathname,
        )
      : [];
  let listed = 0;
  for (const file of files) {
    const sitemap = await get(`${base}${file}`);
    if (sitemap?.status === 200)
      listed += (sitemap.body.toString('utf8').match(/-kopia-\d+\/</g) ?? []).length;
  }
  if (listed < copies)
    throw new Error(
      `the sitemap lists ${listed} of the ${copies} generated articles: the content import did not take them; ` +
        `see ${path.relative(root, logFile)}`,
    );
  say(`  the sitemap lists all ${copies} generated articles`);
}

// ---- the run ----------------------------------------------------------------------------------
/** @param {string[]} args */
const git = (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

async function main() {
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const machineAtStart = machineInfo(os);
  const runningStack = (await get(`${base}/readyz`))?.status === 200;
  if (runningStack) {
    if (options.all)
      throw new Error(
        `a stack is running on ${base}: bench:all starts its own (cached, then uncached); stop that one first`,
      );
    if (options.contentScales.some((scale) => scale !== 1))
      throw new Error(
        `a stack is running on ${base}: --content-scale needs a stack the benchmark starts; stop that one first`,
      );
    say(`using the stack already running on ${base}`);
    if (!options.cacheModes[0])
      say(
        'note: --no-cache applies only to a stack the benchmark starts; the running one keeps its PAGE_CACHE',
      );
  }
  mkdirSync(resultsDir, { recursive: true });

  // Four targets in the first stack of each content scale, three in the next (bare Node is kept);
  // with rounds, bare Node is measured in every round of every stack.
  const scales = options.contentScales.length;
  const passes = scales * options.cacheModes.length;
  const figuresPerRoute =
    options.rounds > 1
      ? options.connections.length * 4 * passes * options.rounds
      : options.connections.length * (4 * scales + 3 * (passes - scales));
  const seconds =
    options.routes.length *
    (figuresPerRoute * (options.warmup + options.duration) + passes * 2 * options.settle);
  say(
    `${describeMachine(machineAtStart)}; node ${process.version}\n` +
      `${options.routes.length} route(s) × ${passes} stack(s) × connections ${options.connections.join(', ')}` +
      `${options.rounds > 1 ? ` × ${options.rounds} rounds` : ''}: ` +
      `about ${Math.ceil(seconds / 60)} min of load (${options.warmup} s warm-up + ${options.duration} s per figure` +
      `${options.settle > 0 ? `, ${options.settle} s of settling per route and target` : ''})`,
  );

  /** @type {Row[]} */
  const rows = [];
  /** @type {unknown[]} */
  const bodies = [];
  /** @type {unknown[]} */
  const stacks = [];
  /** @type {string[]} */
  const failures = [];
  let built = !options.build;

  for (const scale of options.contentScales) {
    /** @type {string | undefined} */
    let contentDir;
    let copies = 0;
    if (scale > 1) {
      const tmp = mkdtempSync(path.join(os.tmpdir(), `bench-content-${scale}x-`));
      running.dirs.push(tmp);
      contentDir = path.join(tmp, 'content');
      const from = process.env.CONTENT_DIR || path.join(root, 'content');
      const written = writeScaledContent(from, contentDir, scale);
      copies = written.copies;
      say(`content ${scale}×: ${written.articles} articles in ${contentDir}`);
    }
    /** @type {Map<string, Figures>} */
    const nodeFigures = new Map();
    for (const pageCache of options.cacheModes) {
      const label = `content ${scale}×, ${pageCache ? 'cached' : 'uncached'}`;
      if (!runningStack) {
        const logFile = path.join(
          resultsDir,
          `${stamp}-stack-${scale}x-${pageCache ? 'cached' : 'uncached'}.log`,
        );
        running.stack = await startStack({ root, logFile, build: !built, pageCache, contentDir, say });
        built = true;
        stacks.push({
          contentScale: scale,
          pageCache,
          startedBy: 'the benchmark',
          log: path.relative(root, logFile),
        });
        if (copies > 0) await checkImported(copies, logFile);
      } else {
        stacks.push({
          contentScale: scale,
          pageCache: 'as configured in the running stack',
          startedBy: 'already running',
        });
      }
      for (const route of options.routes) {
        say(`${route.name} ${route.path} (${label})`);
        let targets;
        try {
          targets = await fetchTargets(route, runningStack);
        } catch (error) {
          if (!options.all) throw error;
          const message = `${route.name} (${label}): ${error instanceof Error ? error.message : String(error)}`;
          failures.push(message);
          say(`  skipped: ${message}`);
          continue;
        }
        bodies.push({
          route: route.name,
          path: route.path,
          contentScale: scale,
          pageCache,
          ...targets.bodies,
        });
        // The bare Node figure does not depend on the gateway's cache: measured in the first stack
        // only, unless rounds compare each round's figures with the machine as it was then.
        const nodeNeeded =
          options.rounds > 1 || options.connections.some((c) => !nodeFigures.has(`${route.name}|${c}`));
        if (nodeNeeded)
          running.node = await startBareNode({ body: targets.staticBody, contentType: targets.contentType });
        try {
          if (options.settle > 0) await settle(targets.urls, /** @type {number} */ (options.connections[0]));
          for (const connections of options.connections) {
            for (let round = 1; round <= options.rounds; round += 1) {
              if (options.rounds > 1) say(`  round ${round} of ${options.rounds}`);
              /** @type {Row} */
              const row = {
                route: route.name,
                path: route.path,
                contentScale: scale,
                pageCache,
                connections,
                round,
                full: null,
                bare: null,
                static: null,
                node: null,
              };
              for (const { target, label: targetLabel } of TARGETS) {
                if (target === 'node') {
                  const key = `${route.name}|${connections}`;
                  const known = options.rounds > 1 ? undefined : nodeFigures.get(key);
                  if (known) {
                    row.node = known;
                    continue;
                  }
                  const node = /** @type {NonNullable<typeof running.node>} */ (running.node);
                  row.node = await measure(targetLabel, node.url(route.path), connections);
                  nodeFigures.set(key, row.node);
                  continue;
                }
                row[target] = await measure(targetLabel, targets.urls[target], connections);
              }
              rows.push(row);
            }
          }
        } finally {
          await running.node?.stop();
          running.node = undefined;
        }
      }
      await running.stack?.stop();
      running.stack = undefined;
    }
  }
  const machineAtEnd = machineInfo(os);
  const finishedAt = new Date();

  say('');
  if (options.all) {
    say(formatSummaryTable(rows));
    say('');
    say(
      'req/s and p99 (ms) of: full = the route through the gateway and its gRPC calls; bare = /__bare (same render, data kept in memory);\n' +
        'static = /__static (same bytes through the middleware); node = same bytes from a bare node:http server (measured once per route\n' +
        'and content scale, shown on every row). full err = errors + non-2xx of the full stack. Ratios: req/s of the first ÷ the second;\n' +
        'p99 f/b = p99 full ÷ bare. Routes: ' +
        options.routes.map((r) => `${r.name} ${r.path}`).join(', '),
    );
    for (const line of baselineFailures(rows)) say(`warning: ${line}`);
  } else {
    const route = /** @type {BenchRoute} */ (options.routes[0]);
    say(
      formatRouteTables(rows, {
        full: route.path,
        bare: barePath(route.path),
        static: staticPath(route.path),
        node: 'node:http, same bytes',
      }),
    );
  }
  if (options.rounds > 1) {
    say('');
    say(
      `median over ${options.rounds} rounds (least–greatest in brackets), each ratio taken within its round; p99 f/n = p99 full ÷ bare Node:`,
    );
    say(formatMedianTable(rows));
  }
  const verdicts = judgeTargets(rows);
  if (verdicts.length > 0) {
    say('');
    say(
      `speed targets at ${TARGET_CONNECTIONS} connections (../shared/design/PERFORMANCE.md)` +
        `${options.rounds > 1 ? `, median of ${options.rounds} rounds` : ', one round'}; ` +
        'before = the reference run the targets were set against:',
    );
    say(formatTargetTable(verdicts));
  }
  say('');
  say(`load average at the end: ${machineAtEnd.loadAverage.join(' / ')}`);
  for (const failure of failures) say(`not measured: ${failure}`);

  const record = {
    format: 'bench-result/3',
    command: options.all ? 'bench:all' : 'bench',
    argv: process.argv.slice(2),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    git: gitState(git),
    machine: {
      cpuModel: machineAtStart.cpuModel,
      cores: machineAtStart.cores,
      memoryBytes: machineAtStart.memoryBytes,
      platform: machineAtStart.platform,
      loadAverageAtStart: machineAtStart.loadAverage,
      loadAverageAtEnd: machineAtEnd.loadAverage,
    },
    node: process.version,
    parameters: {
      routes: options.routes.map(({ name, path: routePath }) => ({ name, path: routePath })),
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
      settleSeconds: options.settle,
      pageCache: options.cacheModes,
      contentScales: options.contentScales,
      rounds: options.rounds,
      build: options.build,
      port,
      pipelining: 1,
      timeoutSeconds: 10,
    },
    stacks,
    bodies,
    rows: rows.map((row) => ({ ...row, ratios: rowRatios(row) })),
    medians: options.rounds > 1 ? medianRatios(rows) : [],
    targets: verdicts.map(({ target, ...verdict }) => ({ ...verdict, target: target.id })),
    notMeasured: failures,
  };
  const file = path.join(
    resultsDir,
    resultFileName(options.all ? 'all' : /** @type {BenchRoute} */ (options.routes[0]).path, startedAt),
  );
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  say(`result written to ${path.relative(root, file)}`);
  return failures.length === 0 && rows.length > 0;
}

try {
  const complete = await main();
  await cleanUp();
  process.exit(complete ? 0 : 1);
} catch (error) {
  process.stderr.write(`npm run bench: ${error instanceof Error ? error.message : String(error)}\n`);
  await cleanUp();
  process.exit(1);
}

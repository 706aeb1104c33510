#!/usr/bin/env node
// `npm run bench -- <route>`: autocannon against a gateway route and against the identical bytes
// served statically by the same process, with the ratio between them. A tool, not a test: it
// prints figures and stores them in bench/results/, and fails only when it cannot measure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, createWriteStream, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { parseBenchArgs, staticPath, UsageError, USAGE } from './lib/args.cjs';
import { figures, formatTable, ratios, resultFileName } from './lib/report.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench/results');
const STACK_START_TIMEOUT_MS = 10 * 60_000; // includes a cold Nx build
const STACK_STOP_TIMEOUT_MS = 45_000;

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
 * @param {string} url
 * @returns {Promise<{ status: number, body: Buffer, headers: http.IncomingHttpHeaders } | undefined>}
 */
function get(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 10_000 }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }),
      );
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

// ---- the stack ----------------------------------------------------------------------------------
/** @type {import('node:child_process').ChildProcess | undefined} */
let stack;
/** @type {Promise<number | null> | undefined} */
let stackExited;

/** @param {string} stamp */
async function startStack(stamp) {
  mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, `${stamp}-stack.log`);
  const logStream = createWriteStream(logFile);
  const env = {
    ...process.env,
    BENCH_STATIC: '1',
    PAGE_CACHE: options.cache ? (process.env.PAGE_CACHE ?? 'true') : 'false',
    // Per-request info logs would be part of what is measured; keep only warnings unless asked.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const args = [path.join(root, 'tools/start/start.mjs'), '--json', ...(options.build ? [] : ['--no-build'])];
  say(
    `starting the stack (PAGE_CACHE=${env.PAGE_CACHE}, BENCH_STATIC=1); its log: ${path.relative(root, logFile)}`,
  );
  // Its own process group: Ctrl-C reaches only this script, which then sends the stack one SIGTERM
  // (a second signal would make start.mjs kill everything without draining).
  stack = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const child = stack;
  stackExited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  /** @type {string[]} */
  const recent = [];
  const ready = new Promise((resolve) => {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        logStream.write(`${line}\n`);
        recent.push(line);
        if (recent.length > 30) recent.shift();
        if (line.includes('"event":"stack-ready"')) resolve('ready');
      });
    }
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, STACK_START_TIMEOUT_MS, 'timeout').unref());
  const outcome = await Promise.race([ready, stackExited.then(() => 'exited'), timeout]);
  if (outcome === 'ready') return;
  const why =
    outcome === 'exited'
      ? 'the stack failed to start'
      : `the stack was not ready within ${STACK_START_TIMEOUT_MS / 1000} s`;
  throw new Error(`${why}; last lines of its log (${path.relative(root, logFile)}):\n${recent.join('\n')}`);
}

async function stopStack() {
  if (!stack || !stackExited) return;
  if (stack.exitCode === null && stack.signalCode === null) stack.kill('SIGTERM');
  const code = await Promise.race([
    stackExited,
    new Promise((resolve) => setTimeout(resolve, STACK_STOP_TIMEOUT_MS, 'timeout').unref()),
  ]);
  if (code === 'timeout') {
    stack.kill('SIGKILL');
    say('warning: the stack did not stop in time and was killed');
  }
}

let interrupted = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    say(`\n${signal}: stopping`);
    void stopStack().then(() => process.exit(130));
  });
}

// ---- measuring ----------------------------------------------------------------------------------
/**
 * @param {string} url
 * @param {number} seconds
 */
function load(url, seconds) {
  return autocannon({ url, connections: options.connections, duration: seconds, pipelining: 1, timeout: 10 });
}

/**
 * @param {string} label
 * @param {string} url
 */
async function measure(label, url) {
  if (options.warmup > 0) {
    say(`warming up ${label} (${options.warmup} s)`);
    await load(url, options.warmup);
  }
  say(`measuring ${label}: ${options.connections} connections, ${options.duration} s`);
  return figures(await load(url, options.duration));
}

function gitCommit() {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

async function main() {
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const running = (await get(`${base}/readyz`))?.status === 200;
  if (running) {
    say(`using the stack already running on ${base}`);
    if (!options.cache)
      say(
        'note: --no-cache applies only to a stack the benchmark starts; the running one keeps its PAGE_CACHE',
      );
  } else {
    await startStack(stamp);
  }

  const routeUrl = `${base}${options.route}`;
  const staticUrl = `${base}${staticPath(options.route)}`;
  const [page, baseline] = [await get(routeUrl), await get(staticUrl)];
  if (!page || page.status !== 200)
    throw new Error(
      `${options.route} answered ${page ? page.status : 'nothing'}; benchmark a route that returns 200`,
    );
  if (!baseline || baseline.status !== 200) {
    throw new Error(
      `${staticPath(options.route)} answered ${baseline ? baseline.status : 'nothing'}: ` +
        (running
          ? 'the running gateway was not started with BENCH_STATIC=1; restart it so, or stop it and let the benchmark start its own'
          : 'the gateway does not serve the static baseline'),
    );
  }
  const identical = page.body.equals(baseline.body);
  say(
    `${options.route}: ${page.body.length} bytes of HTML; static baseline: ${baseline.body.length} bytes (${identical ? 'identical' : 'NOT identical'})`,
  );

  const routeFigures = await measure(options.route, routeUrl);
  const staticFigures = await measure(staticPath(options.route), staticUrl);
  const ratio = ratios(routeFigures, staticFigures);

  say('');
  say(
    formatTable(
      [
        { label: options.route, figures: routeFigures },
        { label: staticPath(options.route), figures: staticFigures },
      ],
      ratio,
    ),
  );
  say('');

  const record = {
    route: options.route,
    startedAt: startedAt.toISOString(),
    parameters: {
      connections: options.connections,
      durationSeconds: options.duration,
      warmupSeconds: options.warmup,
    },
    stack: running ? 'already running' : 'started by the benchmark',
    pageCache: running
      ? 'as configured in the running stack'
      : options.cache
        ? (process.env.PAGE_CACHE ?? 'true')
        : 'false',
    htmlBytes: { route: page.body.length, static: baseline.body.length, identical },
    results: { route: routeFigures, static: staticFigures },
    ratios: { routeToStaticReqPerSec: ratio.reqPerSec, routeToStaticP99: ratio.p99 },
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      commit: gitCommit(),
    },
  };
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, resultFileName(options.route, startedAt));
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  say(`result written to ${path.relative(root, file)}`);
}

try {
  await main();
  await stopStack();
  process.exit(0);
} catch (error) {
  process.stderr.write(`npm run bench: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopStack();
  process.exit(1);
}

#!/usr/bin/env node
// `npm start`: build, start PostgreSQL (embedded unless DATABASE_URL is set), the five gRPC services
// and the gateway; wait until all are ready; stop everything in order on Ctrl-C or SIGTERM.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseStartArgs, UsageError, USAGE } from './lib/args.cjs';
import { formatLine, ownRecord } from './lib/log-format.cjs';
import { findBusyPorts, describeBusyPorts } from './lib/ports.cjs';
import { describeExit, ManagedProcess } from './lib/processes.cjs';
import {
  BUILD_PROJECTS,
  SERVICES,
  planStack,
  requiredEntries,
  requiredPorts,
  gatewayPort,
  redactUrl,
} from './lib/stack.cjs';
import { StartupError, Supervisor } from './lib/supervisor.cjs';

const READY_TIMEOUT_MS = 90_000;
const DATABASE_TIMEOUT_MS = 120_000; // the first run includes initdb
const STOP_GRACE_MS = 15_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/** @type {import('./lib/args.cjs').StartOptions} */
let options;
try {
  options = parseStartArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`npm start: ${error.message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

// ---- output -------------------------------------------------------------------------------------
const color = !options.json && process.stdout.isTTY === true && !process.env.NO_COLOR;
const nameOrder = ['start', 'build', 'postgres', ...SERVICES.map((s) => s.name), 'gateway'];
/** @param {string} name @param {string} line @param {'stdout' | 'stderr'} stream */
const write = (name, line, stream) => {
  const nameIndex = Math.max(0, nameOrder.indexOf(name));
  process.stdout.write(`${formatLine(name, line, stream, { json: options.json, color, nameIndex })}\n`);
};
/** @param {'info' | 'warn' | 'error'} level @param {string} msg @param {Record<string, unknown>} [fields] */
const log = (level, msg, fields) => write('start', ownRecord(level, msg, fields), 'stdout');
/**
 * Multi-line messages stay readable in the terminal and stay one record in JSON.
 * @param {'info' | 'warn' | 'error'} level @param {string} message @param {Record<string, unknown>} [fields]
 */
const report = (level, message, fields) => {
  if (options.json) return log(level, message, fields);
  for (const line of message.split('\n')) log(level, line);
};
/** @param {string} name @param {string[]} lines */
const reportLastLines = (name, lines) => {
  if (options.json) return log('error', `last output of ${name}`, { process: name, lines });
  log('error', `last ${lines.length} lines of ${name}:`);
  for (const line of lines) write(name, line, 'stdout');
};

// ---- lifecycle ----------------------------------------------------------------------------------
const env = process.env;
/** @type {Record<string, string>} */
const childEnv = Object.fromEntries(
  Object.entries(env)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, String(v)]),
);
const embeddedDatabase = !env.DATABASE_URL?.trim();
const supervisor = new Supervisor({ cwd: root, onLine: write });
/** @type {ManagedProcess | undefined} */
let buildProcess;
/** @type {ManagedProcess | undefined} */
let databaseProcess;
/** @type {ManagedProcess[]} */
let appProcesses = [];
let shuttingDown = false;

process.on('exit', () => {
  buildProcess?.kill();
  supervisor.killAll();
});

/** @param {number} exitCode @param {string} reason */
async function shutdown(exitCode, reason) {
  if (shuttingDown) return;
  shuttingDown = true;
  const startedAnything = buildProcess !== undefined || supervisor.processes.length > 0;
  if (startedAnything) log('info', `stopping (${reason})`);
  if (buildProcess?.running) await buildProcess.stop(5_000);
  // Processes that already exited (the one whose death triggered this) need no stop and no report.
  const running = (/** @type {ManagedProcess[]} */ list) => list.filter((p) => p.running);
  const results = [
    ...(await supervisor.stop(STOP_GRACE_MS, running(appProcesses))),
    // Last, so that the services' final queries and pool shutdown still reach it.
    ...(databaseProcess ? await supervisor.stop(STOP_GRACE_MS, running([databaseProcess])) : []),
  ];
  for (const { name, info, forced } of results) {
    if (forced) log('warn', `${name} did not stop within ${STOP_GRACE_MS / 1000} s and was killed`);
    else if (info.code !== 0) log('warn', `${name} ${describeExit(info)} while stopping`);
  }
  if (startedAnything) log('info', 'stopped');
  process.exit(exitCode);
}

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!signalled) {
      signalled = true;
      void shutdown(0, signal);
      return;
    }
    log('warn', `second ${signal}: killing everything now`);
    buildProcess?.kill();
    supervisor.killAll();
    process.exit(130);
  });
}

/**
 * @param {string} message
 * @param {Array<{ name: string, lines: string[] }>} [culprits]
 * @returns {Promise<false>}
 */
async function fail(message, culprits = []) {
  report('error', message);
  for (const culprit of culprits) reportLastLines(culprit.name, culprit.lines);
  await shutdown(1, 'startup failed');
  return false;
}

// ---- steps --------------------------------------------------------------------------------------
async function checkPorts() {
  let claims;
  try {
    claims = requiredPorts({ env, embeddedDatabase });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const busy = await findBusyPorts(claims);
  if (busy.length > 0) return fail(describeBusyPorts(busy));
  return true;
}

async function build() {
  const nx = require.resolve('nx/bin/nx.js', { paths: [root] });
  log('info', `building ${BUILD_PROJECTS.join(', ')} (Nx, cached)`);
  buildProcess = new ManagedProcess({
    name: 'build',
    command: process.execPath,
    args: [nx, 'run-many', '-t', 'build', `--projects=${BUILD_PROJECTS.join(',')}`, '--outputStyle=static'],
    env: {
      ...childEnv,
      NX_DAEMON: 'false',
      NX_NO_CLOUD: 'true',
      NX_TUI: 'false',
      ...(color ? { FORCE_COLOR: '1' } : {}),
    },
    cwd: root,
    onLine: write,
  }).start();
  const info = await buildProcess.exited;
  if (shuttingDown) return false;
  if (info.code !== 0) return fail(`build ${describeExit(info)}; see its output above`);
  return true;
}

function checkEntries() {
  const missing = requiredEntries().filter((entry) => !existsSync(path.join(root, entry)));
  if (missing.length === 0) return true;
  const advice = options.build
    ? 'the build finished but did not produce them'
    : 'run `npm start` without --no-build to build them';
  void fail(`missing compiled files: ${missing.join(', ')}; ${advice}`);
  return false;
}

async function resolveDatabaseUrl() {
  const configured = env.DATABASE_URL?.trim();
  if (configured) {
    log('info', `using DATABASE_URL ${redactUrl(configured)}`);
    return configured;
  }
  log('info', 'starting the embedded PostgreSQL (data in DATA_DIR, default .data/)');
  databaseProcess = supervisor.launch({
    name: 'postgres',
    command: process.execPath,
    args: ['--enable-source-maps', path.join(root, 'tools/start/database.mjs')],
    env: childEnv,
    ipc: true,
  });
  const holder = databaseProcess;
  /** @type {{ message?: { type?: unknown, url?: unknown }, info?: import('./lib/processes.cjs').ExitInfo, timeout?: true }} */
  const outcome = await Promise.race([
    new Promise((resolve) => holder.child?.once('message', (message) => resolve({ message }))),
    holder.exited.then((info) => ({ info })),
    new Promise((resolve) => setTimeout(resolve, DATABASE_TIMEOUT_MS, { timeout: true }).unref()),
  ]);
  if (shuttingDown) return undefined;
  if (outcome.message?.type === 'ready' && typeof outcome.message.url === 'string') {
    log('info', `embedded PostgreSQL ready at ${redactUrl(outcome.message.url)}`);
    return outcome.message.url;
  }
  const why = outcome.info
    ? `the embedded PostgreSQL ${describeExit(outcome.info)}`
    : `the embedded PostgreSQL was not ready within ${DATABASE_TIMEOUT_MS / 1000} s`;
  await fail(why, [{ name: 'postgres', lines: holder.recent.snapshot() }]);
  return undefined;
}

/**
 * Services first, the gateway once they are ready: a gRPC channel that finds its service not yet
 * listening backs off before retrying, and the first pages would fail during that back-off.
 * @param {string} databaseUrl
 */
async function startStack(databaseUrl) {
  const specs = planStack({ env, databaseUrl });
  const toLaunch = (/** @type {typeof specs} */ list) =>
    list.map((spec) => ({
      name: spec.name,
      command: process.execPath,
      args: ['--enable-source-maps', path.join(root, spec.entry)],
      env: spec.env,
      readyUrl: spec.readyUrl,
    }));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const phases = [specs.filter((s) => s.name !== 'gateway'), specs.filter((s) => s.name === 'gateway')];
  for (const phase of phases) {
    log('info', `starting ${phase.map((s) => s.name).join(', ')}`);
    const pending = supervisor.startAll(toLaunch(phase), {
      timeoutMs: Math.max(1_000, deadline - Date.now()),
      onReady: (name) => log('info', `${name} is ready`),
    });
    appProcesses = supervisor.processes.filter((p) => p !== databaseProcess);
    try {
      await pending;
    } catch (error) {
      if (shuttingDown) return false;
      if (error instanceof StartupError) return fail(error.message, error.culprits);
      throw error;
    }
    if (shuttingDown) return false;
  }
  return true;
}

// ---- main ---------------------------------------------------------------------------------------
try {
  if (!(await checkPorts())) process.exitCode = 1;
  else if (options.build && !(await build())) process.exitCode = 1;
  else if (!shuttingDown && checkEntries()) {
    const databaseUrl = await resolveDatabaseUrl();
    if (databaseUrl && (await startStack(databaseUrl))) {
      supervisor.watch((managed, info) => {
        report('error', `${managed.name} ${describeExit(info)}; stopping the stack`);
        reportLastLines(managed.name, managed.recent.snapshot());
        void shutdown(1, `${managed.name} exited`);
      });
      const url = `http://localhost:${gatewayPort(env)}/`;
      // `event` is what tools watching --json output (bench/run.mjs) wait for.
      log('info', 'all services and the gateway are ready', { url, event: 'stack-ready' });
      if (!options.json) process.stdout.write(`\n  Ready: ${url}   (Ctrl-C stops everything)\n\n`);
    }
  }
} catch (error) {
  report('error', `start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await shutdown(1, 'unexpected error');
}

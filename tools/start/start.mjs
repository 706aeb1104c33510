#!/usr/bin/env node
// `npm start`: build, start PostgreSQL (embedded unless DATABASE_URL is set), the five gRPC services,
// MailDev (the local mail catcher, unless SMTP_URL is set), the partner sandbox (the lenders the
// leads service delivers to, unless --no-sandbox or LENDER_DELIVERY_FILE) and the gateway; wait
// until all are ready; keep them running (a process that exits or stops answering its health check is restarted,
// lib/restart-policy.cjs); stop everything in order on Ctrl-C or SIGTERM, or when a process fails
// at start repeatedly.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseStartArgs, UsageError, USAGE } from './lib/args.cjs';
import { formatLine, ownRecord } from './lib/log-format.cjs';
import { findOwnPostgres } from './lib/embedded-postgres.cjs';
import { findBusyPorts, describeBusyPorts } from './lib/ports.cjs';
import { describeExit, ManagedProcess } from './lib/processes.cjs';
import {
  BUILD_PROJECTS,
  SERVICES,
  MAILDEV_ENTRY,
  MAILDEV_WEB_URL,
  SANDBOX_LENDER_FILE,
  lenderMode,
  lenderSecretNames,
  partnerSandboxUrl,
  mailCatcherDirectory,
  usesMailCatcher,
  planStack,
  requiredEntries,
  requiredPorts,
  gatewayPort,
  embeddedPostgresPort,
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
const nameOrder = [
  'start',
  'build',
  'postgres',
  ...SERVICES.map((s) => s.name),
  'maildev',
  'sandbox',
  'gateway',
];
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
const mailCatcher = usesMailCatcher(env);
const lenders = lenderMode(env, options);
const runsSandbox = lenders === 'sandbox';
/** The lenders' secrets of this run (sandboxSecrets), when the sandbox runs. @type {Record<string, string> | undefined} */
let lenderSecrets;
/** @type {ManagedProcess | undefined} */
let buildProcess;
/** @type {import('./lib/supervisor.cjs').SupervisedProcess | undefined} */
let databaseProcess;
/** @type {import('./lib/supervisor.cjs').SupervisedProcess[]} */
let appProcesses = [];
let shuttingDown = false;
let stackReady = false;

/**
 * What the supervisor does after start-up, in the log: each restart with its reason and delay, each
 * recovery, and giving up (which stops everything). During start-up a give-up fails startAll instead.
 * @param {import('./lib/supervisor.cjs').SupervisorEvent} event
 */
function onSupervisorEvent(event) {
  if (shuttingDown) return;
  switch (event.type) {
    case 'restarting':
      log(
        'warn',
        `${event.name} ${event.reason}; restarting it in ${formatDelay(event.delayMs)} (restart ${event.restart})`,
        {
          event: 'restart',
          process: event.name,
          reason: event.reason,
          delayMs: event.delayMs,
          restart: event.restart,
        },
      );
      return;
    case 'ready':
      if (event.restart > 0 && stackReady) {
        log('info', `${event.name} is ready again (restart ${event.restart})`, {
          event: 'recovered',
          process: event.name,
          restart: event.restart,
        });
      }
      return;
    case 'gave-up':
      if (!stackReady) return;
      report('error', `${event.name} ${event.reason}; giving up and stopping everything`);
      reportLastLines(event.name, event.lines);
      void shutdown(1, `${event.name} failed repeatedly`);
      return;
  }
}

/** @param {number} ms */
const formatDelay = (ms) => (ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);

const supervisor = new Supervisor({ cwd: root, onLine: write, onEvent: onSupervisorEvent });

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
  // Processes waiting to be restarted are not restarted any more; those that already exited need
  // no stop and no report.
  for (const waiting of supervisor.processes.filter((p) => !p.running)) waiting.kill();
  const running = (/** @type {import('./lib/supervisor.cjs').SupervisedProcess[]} */ list) =>
    list.filter((p) => p.running);
  // What stands in for the outside world: MailDev and the partner sandbox.
  const isOutside = (/** @type {import('./lib/supervisor.cjs').SupervisedProcess} */ p) =>
    p.name === 'maildev' || p.name === 'sandbox';
  const results = [
    ...(await supervisor.stop(STOP_GRACE_MS, running(appProcesses.filter((p) => !isOutside(p))))),
    // After the services: the leads service's last sends, deliveries and its SMTP pool's goodbye
    // still reach them.
    ...(await supervisor.stop(STOP_GRACE_MS, running(appProcesses.filter(isOutside)))),
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
    claims = requiredPorts({ env, embeddedDatabase, sandbox: runsSandbox });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  let busy = await findBusyPorts(claims, {
    onWait: (ports) =>
      log('warn', `waiting for outgoing connections to let go of port ${ports.join(', ')}`, {
        event: 'ports-held',
        ports,
      }),
  });
  if (embeddedDatabase) {
    // The embedded PostgreSQL of this DATA_DIR may still run: left by an earlier run, or restarted
    // by hand with pg_ctl. Its port is then no conflict: the holder reuses that server.
    const port = embeddedPostgresPort(env);
    const own = busy.some((b) => b.port === port)
      ? findOwnPostgres({ dataDir: env.DATA_DIR?.trim() || '.data', port, cwd: root })
      : undefined;
    if (own) {
      busy = busy.filter((b) => b.port !== port);
      log(
        'info',
        `the embedded PostgreSQL of ${own.pgData} already runs on port ${port} (pid ${own.pid}): reusing it, and stopping it with the rest`,
        {
          event: 'postgres-reused',
          pid: own.pid,
          port,
        },
      );
    }
  }
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
  if (mailCatcher && !existsSync(path.join(root, MAILDEV_ENTRY))) {
    void fail(
      `MailDev is not installed (${MAILDEV_ENTRY}): run \`npm ci\` (it is a devDependency), or set SMTP_URL to send mail to another SMTP server`,
    );
    return false;
  }
  const missing = requiredEntries({ sandbox: runsSandbox }).filter(
    (entry) => !existsSync(path.join(root, entry)),
  );
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
  // Supervised like the rest: a holder that exits is started again and finds its server (or starts it).
  databaseProcess = supervisor.launch({
    name: 'postgres',
    command: process.execPath,
    args: ['--enable-source-maps', path.join(root, 'tools/start/database.mjs')],
    env: childEnv,
    ipc: true,
  });
  const holder = databaseProcess;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {{ message?: { type?: unknown, url?: unknown }, failure?: Error, timeout?: true }} */
  const outcome = await Promise.race([
    holder.firstReady.then(
      (message) => ({ message: /** @type {{ type?: unknown, url?: unknown }} */ (message) }),
      (/** @type {Error} */ failure) => ({ failure }),
    ),
    new Promise((resolve) => {
      timer = setTimeout(resolve, DATABASE_TIMEOUT_MS, { timeout: true });
    }),
  ]);
  clearTimeout(timer);
  if (shuttingDown) return undefined;
  if (outcome.message?.type === 'ready' && typeof outcome.message.url === 'string') {
    log('info', `embedded PostgreSQL ready at ${redactUrl(outcome.message.url)}`);
    return outcome.message.url;
  }
  const why = outcome.failure
    ? `the embedded PostgreSQL could not be started: ${outcome.failure.message}`
    : `the embedded PostgreSQL was not ready within ${DATABASE_TIMEOUT_MS / 1000} s`;
  await fail(why, [{ name: 'postgres', lines: holder.recent.snapshot() }]);
  return undefined;
}

/**
 * A fresh secret for every lender of the sandbox lender file, for this run only: handed to the
 * sandbox and the leads service in their environment, never written to disk or printed, so no
 * secret of a local run can end up in a commit or a shared log. 32 random bytes as 64 hex digits,
 * as `openssl rand -hex 32` makes a real lender's. Before the build: a broken file stops the run
 * at once.
 */
async function sandboxSecrets() {
  let names;
  try {
    names = lenderSecretNames(readFileSync(path.join(root, SANDBOX_LENDER_FILE), 'utf8'));
  } catch (error) {
    return fail(
      `the sandbox lender file ${SANDBOX_LENDER_FILE} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  lenderSecrets = Object.fromEntries(names.map((name) => [name, randomBytes(32).toString('hex')]));
  return true;
}

/** Says in the log where the leads service delivers applications in this run. */
function reportLenders() {
  if (lenders === 'sandbox') {
    log(
      'info',
      `applications go to the partner sandbox (lenders of ${SANDBOX_LENDER_FILE}, secrets made for this run); what each lender received: ${partnerSandboxUrl(env)}/deliveries`,
    );
  } else if (lenders === 'own-file') {
    log(
      'info',
      `applications go to the lenders of LENDER_DELIVERY_FILE ${env.LENDER_DELIVERY_FILE?.trim()} (their secrets from the environment); no partner sandbox`,
    );
  } else {
    log(
      'info',
      'no partner sandbox (--no-sandbox) and no LENDER_DELIVERY_FILE: applications are matched only',
    );
  }
}

/**
 * Services first, the gateway once they are ready: a gRPC channel that finds its service not yet
 * listening backs off before retrying, and the first pages would fail during that back-off.
 * @param {string} databaseUrl
 */
async function startStack(databaseUrl) {
  const specs = planStack({
    env,
    databaseUrl,
    ...(lenderSecrets ? { sandbox: { secrets: lenderSecrets } } : {}),
  });
  if (mailCatcher) {
    mkdirSync(path.join(root, mailCatcherDirectory(env)), { recursive: true });
    log(
      'info',
      `mail of the leads service goes to MailDev: read it on ${MAILDEV_WEB_URL} (SMTP_URL sends it elsewhere)`,
    );
  } else {
    log('info', `mail of the leads service goes to SMTP_URL ${redactUrl(env.SMTP_URL?.trim() ?? '')}`);
  }
  reportLenders();
  // PROFILE_DIR: every process writes a V8 CPU profile there when it exits (<name>/*.cpuprofile),
  // for the benchmark's --profile; never set in a deployment.
  const profileDir = env.PROFILE_DIR?.trim();
  const profileArgs = (/** @type {string} */ name) =>
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(root, profileDir, name)}`] : [];
  const toLaunch = (/** @type {typeof specs} */ list) =>
    list.map((spec) => ({
      name: spec.name,
      command: process.execPath,
      args: [
        '--enable-source-maps',
        ...profileArgs(spec.name),
        path.join(root, spec.entry),
        ...(spec.args ?? []),
      ],
      env: spec.env,
      readyUrl: spec.readyUrl,
      healthUrl: spec.healthUrl,
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
  else if (runsSandbox && !(await sandboxSecrets())) process.exitCode = 1;
  else if (options.build && !(await build())) process.exitCode = 1;
  else if (!shuttingDown && checkEntries()) {
    const databaseUrl = await resolveDatabaseUrl();
    if (databaseUrl && (await startStack(databaseUrl))) {
      stackReady = true;
      const url = `http://localhost:${gatewayPort(env)}/`;
      const deliveries = runsSandbox ? `${partnerSandboxUrl(env)}/deliveries` : undefined;
      // `event` is what tools watching --json output (bench/run.mjs, tools/chaos) wait for.
      log('info', 'all services and the gateway are ready', {
        url,
        event: 'stack-ready',
        ...(mailCatcher ? { mail: MAILDEV_WEB_URL } : {}),
        ...(deliveries ? { sandbox: deliveries } : {}),
      });
      if (!options.json) {
        const mail = mailCatcher
          ? `  Mail:    ${MAILDEV_WEB_URL}   (MailDev: the mail and SMS the leads service sends)\n`
          : '';
        const sandbox = deliveries
          ? `  Lenders: ${deliveries}   (partner sandbox: what each lender received; /deliveries/summary counts)\n`
          : '';
        process.stdout.write(
          `\n  Ready:   ${url}   (Ctrl-C stops everything; a process that exits or hangs is restarted)\n${mail}${sandbox}\n`,
        );
      }
    }
  }
} catch (error) {
  report('error', `start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await shutdown(1, 'unexpected error');
}

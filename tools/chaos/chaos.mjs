#!/usr/bin/env node
// `npm run chaos`: the reliability suite. Starts the stack, loads pages and posts comments while it
// stalls the content service, kills the rates service and restarts PostgreSQL, then counts in
// PostgreSQL whether any confirmed comment was lost or any stored twice. On demand only: it takes
// a few minutes and the whole machine, so it is never part of `npm test` (its pure parts are:
// lib/*.spec.ts). Usage and flags: lib/args.cjs; what it proves: docs/OPERATIONS.md.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { get, startStack } from '../../bench/lib/stack.mjs';

const require = createRequire(import.meta.url);
const { parseChaosArgs, USAGE, UsageError } = require('./lib/args.cjs');
const {
  StatusTally,
  WriteLedger,
  attemptOutcome,
  writeVerdict,
  formatReport,
  passed,
} = require('./lib/tally.cjs');
const { pidListeningOn, postmasterPid } = require('./lib/processes.cjs');
const SERVICE_PORTS = require('../../libs/config/src/service-ports.json');
const pg = require('pg');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @type {import('./lib/args.cjs').ChaosOptions} */
let options;
try {
  options = parseChaosArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`npm run chaos: ${error.message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const say = (/** @type {string} */ text) =>
  process.stdout.write(`[chaos ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
const PORT = Number(process.env.PORT || 3000);
const BASE = `http://127.0.0.1:${PORT}`;
/** Pages the load cycles through: home (rates, offers), an article (comments), the blog list, a lender review, the calendar. */
const LOAD_PATHS = ['/', '/placa-minimalna/', '/blog/', '/opinie-o-pozyczkach/vivus/', '/kalendarz-2026/'];
/** Where the comments go: an article that takes comments. */
const COMMENT_PAGE = '/placa-minimalna/';
/** A visitor who got an uncertain answer sends the same form again after this, doubling up to 4 s. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 4_000;
/** After the load ends, writers keep retrying their last submission for this long. */
const DRAIN_MS = 60_000;
const RUN_ID = new Date()
  .toISOString()
  .replace(/[-:.TZ]/g, '')
  .slice(0, 14);
const MARKER_PREFIX = `Komentarz kontrolny chaos-${RUN_ID}`;

// ---- the stack: its own data directory and database port, comment budget above what the run posts
const embedded = !process.env.DATABASE_URL?.trim();
const ownDataDir = !process.env.DATA_DIR?.trim();
const dataDir = ownDataDir
  ? mkdtempSync(path.join(os.tmpdir(), 'chaos-data-'))
  : String(process.env.DATA_DIR);
// Run as root, the embedded PostgreSQL runs as its own user, which must reach its cluster in here.
if (ownDataDir) chmodSync(dataDir, 0o755);
const pgPort = Number(process.env.EMBEDDED_PG_PORT || 54339);
Object.assign(process.env, {
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  // Every post comes from 127.0.0.1: the per-address budget would otherwise refuse all but 5.
  COMMENT_RATE_LIMIT: process.env.COMMENT_RATE_LIMIT ?? '1000',
});
mkdirSync(path.join(root, 'tmp'), { recursive: true });
const logFile = path.join(root, 'tmp', `chaos-${RUN_ID}-stack.log`);

// ---- load and writes ---------------------------------------------------------------------------
const tally = new StatusTally();
const ledger = new WriteLedger();
/** Times (epoch ms) at which a comment attempt that was then stored had been sent. */
const storedAttemptSentAt = /** @type {number[]} */ ([]);
let loadRunning = true;

/** @param {number} ms */
const jitter = (ms) => ms / 2 + Math.random() * ms;

/**
 * One attempt of one submission: the answer's status, 0 for none.
 * @param {string} key @param {string} marker
 */
async function postComment(key, marker) {
  try {
    const response = await fetch(`${BASE}/api/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE, accept: 'application/json' },
      body: JSON.stringify({
        page_path: COMMENT_PAGE,
        name: 'Tester Chaosu',
        email: 'chaos@example.pl',
        text: `${marker}: czy dotarł dokładnie raz?`,
        rating: '5',
        idempotency_key: key,
      }),
      signal: globalThis.AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * A visitor posting comments one after another while the load runs; after an uncertain answer or
 * a 429 the same submission (same key) is sent again, as the form does, until it is confirmed.
 * @param {number} writer
 */
async function writerLoop(writer) {
  let n = 0;
  while (loadRunning) {
    n += 1;
    const key = randomUUID();
    const marker = `${MARKER_PREFIX}-${writer}-${n}`;
    ledger.begin(key, marker);
    let delay = RETRY_FIRST_MS;
    let giveUpAt = Infinity;
    for (;;) {
      const sentAt = Date.now();
      const outcome = attemptOutcome(await postComment(key, marker));
      ledger.record(key, outcome);
      if (outcome === 'stored') {
        storedAttemptSentAt.push(sentAt);
        break;
      }
      if (outcome === 'rejected') break;
      if (!loadRunning && giveUpAt === Infinity) giveUpAt = Date.now() + DRAIN_MS;
      if (Date.now() > giveUpAt) {
        ledger.giveUp(key);
        break;
      }
      await sleep(jitter(delay));
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
    await sleep(jitter(200));
  }
}

// ---- faults ------------------------------------------------------------------------------------
/** @param {number} opsPort */
const readyUrl = (opsPort) => `http://127.0.0.1:${opsPort}/readyz`;

/**
 * Polls until the URL answers 200, from now; the time it did, or undefined at the timeout.
 * @param {string} url
 */
async function readyAgain(url) {
  const until = Date.now() + options.recoverTimeoutSeconds * 1000;
  while (Date.now() < until) {
    const answer = await get(url);
    if (answer?.status === 200) return Date.now();
    await sleep(100);
  }
  return undefined;
}

/** The first stored comment whose attempt was sent at or after `since`, waiting for it up to the timeout. @param {number} since */
async function firstWriteSince(since) {
  const until = Date.now() + options.recoverTimeoutSeconds * 1000;
  for (;;) {
    const at = storedAttemptSentAt.find((sent) => sent >= since);
    if (at !== undefined) return at;
    if (Date.now() >= until) return undefined;
    await sleep(100);
  }
}

/**
 * @param {import('./lib/args.cjs').Fault} fault
 * @returns {Promise<import('./lib/tally.cjs').FaultRecord>}
 */
async function inject(fault) {
  switch (fault) {
    case 'stall': {
      const pid = pidListeningOn(SERVICE_PORTS.content.grpc);
      const what = `content (pid ${pid}) stopped for ${options.stallSeconds} s`;
      say(`fault: ${what}`);
      process.kill(pid, 'SIGSTOP');
      await sleep(options.stallSeconds * 1000);
      process.kill(pid, 'SIGCONT');
      const endedAt = Date.now();
      const [readyAt, firstWriteAt] = await Promise.all([
        readyAgain(readyUrl(SERVICE_PORTS.content.ops)),
        firstWriteSince(endedAt),
      ]);
      return {
        fault,
        what,
        endedAt,
        readyAt,
        firstWriteAt,
        timedOut: readyAt === undefined || firstWriteAt === undefined,
      };
    }
    case 'kill': {
      const pid = pidListeningOn(SERVICE_PORTS.rates.grpc);
      const what = `rates (pid ${pid}) killed with SIGKILL`;
      say(`fault: ${what}`);
      process.kill(pid, 'SIGKILL');
      const endedAt = Date.now();
      // Wait until the port is free (the supervisor noticed the exit) before asking for readiness.
      const readyAt = await readyAgain(readyUrl(SERVICE_PORTS.rates.ops));
      return { fault, what, endedAt, readyAt, timedOut: readyAt === undefined };
    }
    case 'postgres': {
      const what = 'embedded PostgreSQL stopped (fast shutdown) and started again by npm start';
      if (!embedded)
        return {
          fault,
          what,
          skipped: 'DATABASE_URL is set: the suite does not restart a PostgreSQL it did not start',
        };
      const pid = postmasterPid(dataDir);
      say(`fault: PostgreSQL (postmaster pid ${pid}) stopped with SIGINT (pg_ctl stop -m fast)`);
      process.kill(pid, 'SIGINT');
      const endedAt = Date.now();
      // The content service's readiness checks PostgreSQL: 200 again once the database is back.
      const [readyAt, firstWriteAt] = await Promise.all([
        readyAgain(readyUrl(SERVICE_PORTS.content.ops)),
        firstWriteSince(endedAt),
      ]);
      return {
        fault,
        what,
        endedAt,
        readyAt,
        firstWriteAt,
        timedOut: readyAt === undefined || firstWriteAt === undefined,
      };
    }
  }
}

// ---- the count in PostgreSQL ---------------------------------------------------------------------
function databaseUrl() {
  if (!embedded) return String(process.env.DATABASE_URL);
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/app`;
}

/** Rows per marker of this run's comments. */
async function storedByMarker() {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT split_part(text, ':', 1) AS marker, count(*)::int AS rows
         FROM content.comments WHERE text LIKE $1 GROUP BY 1`,
      [`${MARKER_PREFIX}-%`],
    );
    return new Map(rows.map((/** @type {{ marker: string, rows: number }} */ row) => [row.marker, row.rows]));
  } finally {
    await client.end();
  }
}

// ---- the run -------------------------------------------------------------------------------------
say(
  `starting the stack (DATA_DIR=${dataDir}${embedded ? `, embedded PostgreSQL on ${pgPort}` : ', DATABASE_URL'}); its log: ${path.relative(root, logFile)}`,
);
/** @type {import('../../bench/lib/stack.mjs').Stack | undefined} */
let stack;
let exitCode = 1;
try {
  stack = await startStack({
    root,
    logFile,
    build: options.build,
    pageCache: true,
    contentDir: undefined,
    say,
  });
  const startedAt = Date.now();
  const maxSeconds =
    options.settleSeconds * (options.faults.length + 1) +
    options.faults.length * (options.stallSeconds + options.recoverTimeoutSeconds) +
    60;
  const load = autocannon({
    url: BASE,
    connections: options.connections,
    duration: maxSeconds,
    timeout: 10,
    requests: LOAD_PATHS.map((p) => ({ method: 'GET', path: p })),
  });
  load.on('response', (_client, status) => tally.add(status));
  load.on('reqError', () => tally.add(0));
  const writers = Array.from({ length: options.writers }, (_, i) => writerLoop(i + 1));
  say(
    `load: ${options.connections} connections over ${LOAD_PATHS.join(' ')}; ${options.writers} comment writers`,
  );

  /** @type {import('./lib/tally.cjs').FaultRecord[]} */
  const faults = [];
  await sleep(options.settleSeconds * 1000);
  for (const fault of options.faults) {
    const record = await inject(fault);
    faults.push(record);
    say(
      record.skipped
        ? `${fault}: skipped (${record.skipped})`
        : `${fault}: ${record.timedOut ? 'not recovered in time' : 'recovered'}`,
    );
    await sleep(options.settleSeconds * 1000);
  }

  loadRunning = false;
  load.stop();
  await load;
  const durationSeconds = (Date.now() - startedAt) / 1000;
  say('load stopped; waiting for the writers to finish their last submission');
  await Promise.all(writers);

  const verdict = writeVerdict(ledger.submissions.values(), await storedByMarker());
  process.stdout.write(
    `\n${formatReport({ tally, verdict, faults, durationSeconds, connections: options.connections }).join('\n')}\n\n`,
  );
  exitCode = passed(verdict, faults) ? 0 : 1;
  say(exitCode === 0 ? 'PASSED: no write lost or doubled, every fault recovered' : 'FAILED: see above');
} catch (error) {
  say(`chaos run failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  loadRunning = false;
  await stack?.stop();
  if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

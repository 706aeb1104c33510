#!/usr/bin/env node
// `npm run chaos`: the reliability suite. Starts the stack, loads pages and posts comments while it
// stalls the content service, kills the rates service and restarts PostgreSQL, then counts in
// PostgreSQL whether any confirmed comment was lost or any stored twice, and whether every offer
// click it followed meanwhile (GET /przejdz/<id>/) was stored once as offerClick; then submits applications
// to the leads service while it kills leads and the partner sandbox mid-delivery, and counts whether
// any application reached a lender twice or was left undelivered. On demand only: it takes
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
const {
  ClickTally,
  clickUserAgent,
  clickUserAgentPattern,
  offerIdsOf,
  clickVerdict,
  formatClickReport,
  clicksPassed,
} = require('./lib/clicks.cjs');
const {
  applicationRequest,
  submitFailure,
  timeoutLenders,
  queuedLeft,
  deliveryVerdict,
  formatDeliveryReport,
  deliveriesPassed,
} = require('./lib/deliveries.cjs');
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
  // The posts name BASE as their origin: the gateway accepts posts from its public origin only.
  PUBLIC_ORIGIN: BASE,
});
// The deliveries fault needs the partner sandbox, which npm start runs only without a lender file of
// the user's: this run delivers to the sandbox whatever the shell has set.
if (process.env.LENDER_DELIVERY_FILE?.trim()) {
  say(
    `LENDER_DELIVERY_FILE=${process.env.LENDER_DELIVERY_FILE} is left out: the stack delivers to the partner sandbox`,
  );
  delete process.env.LENDER_DELIVERY_FILE;
}
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

// ---- offer clicks --------------------------------------------------------------------------------
const clicks = new ClickTally();

/**
 * One 'Przejdź do oferty' of a visitor of its own (its own user agent, no cookies): the answer's
 * status, 0 for none. Not followed: the lender is not ours to load.
 * @param {number} offerId @param {number} n
 */
async function followOffer(offerId, n) {
  try {
    const response = await fetch(`${BASE}/przejdz/${offerId}/?z=home&p=1`, {
      redirect: 'manual',
      headers: { 'user-agent': clickUserAgent(RUN_ID, n) },
      signal: globalThis.AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * Sends options.clicks offer clicks spread over the faults (one every `pauseMs`), round the offers
 * the home page links, until they are sent or the load ends.
 * @param {number[]} offerIds @param {number} pauseMs
 */
async function clickerLoop(offerIds, pauseMs) {
  for (let n = 1; n <= options.clicks && loadRunning; n += 1) {
    clicks.add(await followOffer(/** @type {number} */ (offerIds[n % offerIds.length]), n));
    await sleep(jitter(pauseMs));
  }
}

/** The home page's offer ids (the clicks' targets); none when it does not answer or lists none. */
async function offerIdsToClick() {
  const home = await get(`${BASE}/`);
  return home?.status === 200 ? offerIdsOf(home.body.toString('utf8')) : [];
}

/** This run's offerClick rows, and their distinct user agents (one per click). */
async function storedClicks() {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS rows, count(DISTINCT user_agent)::int AS distinct
         FROM events.tracking_events WHERE event_id = 50 AND user_agent LIKE $1`,
      [clickUserAgentPattern(RUN_ID)],
    );
    return /** @type {{ rows: number, distinct: number }} */ (rows[0]);
  } finally {
    await client.end();
  }
}

/**
 * Waits until every redirected click is in the table (a click queued while the events service or
 * PostgreSQL was down is sent again with back-off), up to the recovery timeout; the verdict.
 */
async function clickCount() {
  const until = Date.now() + options.recoverTimeoutSeconds * 1000;
  let counts = await storedClicks();
  while (counts.distinct < clicks.redirected && Date.now() < until) {
    await sleep(1_000);
    counts = await storedClicks();
  }
  return clickVerdict({ redirected: clicks.redirected, ...counts });
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
    case 'deliveries': {
      const sandbox = typeof stack?.ready.sandbox === 'string' ? stack.ready.sandbox : undefined;
      if (!sandbox)
        return {
          fault,
          what: 'applications delivered while leads and the partner sandbox are killed',
          skipped: 'npm start runs no partner sandbox in this stack',
        };
      return deliveriesFault(sandbox.replace(/\/deliveries$/, ''));
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

// ---- the deliveries fault -------------------------------------------------------------------------
/** Submitters at once; each pauses between its applications so that the kills fall mid-stream. */
const SUBMITTERS = 3;
const SUBMIT_PAUSE_MS = 150;
/** After the last delivery of an answering lender, how long 'sent' ones may take to be decided (callbacks). */
const CALLBACK_SETTLE_MS = 30_000;
/** @type {{ verdict: import('./lib/deliveries.cjs').DeliveryVerdict, kills: Array<{ what: string, readyAfterSeconds: number | undefined }> } | undefined} */
let deliveryReport;

/**
 * Kills the process listening on `port` with SIGKILL and waits until `readyUrl` answers 200 again
 * (npm start's supervisor starts it again). `prepare` runs first, given the pid: what it returns is
 * added to the fault's description.
 * @param {string} name @param {number} port @param {string} url
 * @param {(pid: number) => Promise<string>} [prepare]
 */
async function killAndAwait(name, port, url, prepare) {
  const pid = pidListeningOn(port);
  const note = prepare ? await prepare(pid) : '';
  const what = `${name} (pid ${pid})${note} killed with SIGKILL`;
  say(`fault: ${what}`);
  process.kill(pid, 'SIGKILL');
  const killedAt = Date.now();
  const readyAt = await readyAgain(url);
  return {
    what,
    killedAt,
    readyAt,
    readyAfterSeconds: readyAt === undefined ? undefined : (readyAt - killedAt) / 1000,
  };
}

/**
 * Stops leads (SIGSTOP) as soon as the lenders hold a delivery of `applicationId`: the dispatcher
 * is then mid-pass, and a lender's answer it has not recorded yet is lost with the kill that
 * follows. Frozen, the outbox cannot change under the count: the application's deliveries the
 * sandbox has but the outbox still has queued (not those of a lender that never answers). Each is
 * sent again once its 60 s lease is over, under the same delivery id, and must come back as a
 * repeat, never as a second delivery.
 * @param {number} pid @param {string} sandboxUrl @param {string} applicationId @param {string[]} waiting
 * @param {(count: number) => void} record
 */
async function freezeMidDelivery(pid, sandboxUrl, applicationId, waiting, record) {
  const url = `${sandboxUrl}/deliveries?application_id=${applicationId}`;
  const received = async () => {
    const answer = await get(url);
    return answer?.status === 200
      ? /** @type {{ deliveries: Array<{ deliveryId: string }> }} */ (
          JSON.parse(answer.body.toString('utf8'))
        ).deliveries
      : [];
  };
  const until = Date.now() + 10_000;
  while ((await received()).length === 0 && Date.now() < until) await sleep(2);
  process.kill(pid, 'SIGSTOP');
  const atLenders = new Set((await received()).map((d) => d.deliveryId));
  const unrecorded = (await outboxRows([applicationId])).filter(
    (r) => r.state === 'queued' && atLenders.has(r.id) && !waiting.includes(r.lender),
  ).length;
  record(unrecorded);
  return ` stopped once the lenders had a delivery of application ${applicationId} (${unrecorded} of its lenders' answers not yet recorded), then`;
}

/** This run's deliveries in the leads outbox. @param {string[]} applicationIds */
async function outboxRows(applicationIds) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT id, application_id AS "applicationId", lender_slug AS lender, state
         FROM leads.lead_deliveries WHERE application_id = ANY($1::uuid[])`,
      [applicationIds],
    );
    return /** @type {import('./lib/deliveries.cjs').OutboxRow[]} */ (rows);
  } finally {
    await client.end();
  }
}

/**
 * Submits the applications over gRPC, as the gateway's journey does (one idempotency key per
 * application, sent again after an uncertain answer), kills leads once a third of them is confirmed
 * and the partner sandbox once two thirds are (both mid-delivery: a pass holds deliveries for up to
 * a lender's 3 s timeout), waits until both are ready again and nothing is queued but for the lender
 * that never answers, and keeps the verdict for the report.
 * @param {string} sandboxUrl
 * @returns {Promise<import('./lib/tally.cjs').FaultRecord>}
 */
async function deliveriesFault(sandboxUrl) {
  const fault = 'deliveries';
  const total = options.applications;
  const what = `${total} applications submitted while leads and then the partner sandbox were killed with SIGKILL`;
  const { createServiceClient } = require(path.join(root, 'dist/libs/contracts/src/index.js'));
  const { CONSENTS } = require(path.join(root, 'dist/libs/pl-validation/src/index.js'));
  const waiting = timeoutLenders(
    JSON.parse(readFileSync(path.join(root, 'apps/partner-sandbox/sandbox-behaviour.json'), 'utf8')),
  );
  const sandboxPort = Number(new URL(sandboxUrl).port);
  const leadsReady = readyUrl(SERVICE_PORTS.leads.ops);
  const client = createServiceClient('leads', {
    target: `127.0.0.1:${SERVICE_PORTS.leads.grpc}`,
    deadlineMs: 10_000,
  });
  say(`deliveries: submitting ${total} applications with the delivery consent to leads over gRPC`);

  const applicationIds = new Set();
  let rejected = 0;
  let unconfirmed = 0;
  let confirmed = 0;
  let next = 0;
  const giveUpAt = Date.now() + options.deliveryTimeoutSeconds * 1000;
  /** @type {Array<Promise<Awaited<ReturnType<typeof killAndAwait>>>>} */
  const kills = [];
  let unrecordedAnswers = 0;
  /** @param {string} applicationId the application just confirmed */
  const onConfirmed = (applicationId) => {
    confirmed += 1;
    if (confirmed === Math.ceil(total / 3))
      kills.push(
        killAndAwait('leads', SERVICE_PORTS.leads.grpc, leadsReady, (pid) =>
          freezeMidDelivery(pid, sandboxUrl, applicationId, waiting, (n) => {
            unrecordedAnswers = n;
          }),
        ),
      );
    else if (confirmed === Math.ceil((2 * total) / 3))
      kills.push(
        // After leads is back, so that the two outages do not merge into one.
        (kills[0] ?? Promise.resolve()).then(() =>
          killAndAwait('partner sandbox', sandboxPort, `${sandboxUrl}/healthz`),
        ),
      );
  };
  const submitter = async () => {
    for (let n = next++; n < total; n = next++) {
      const request = applicationRequest(n + 1, RUN_ID, CONSENTS, randomUUID());
      let delay = RETRY_FIRST_MS;
      for (;;) {
        try {
          const answer = await client.submitApplication(request);
          applicationIds.add(answer.applicationId);
          onConfirmed(answer.applicationId);
          break;
        } catch (error) {
          const code = /** @type {{ code?: number }} */ (error).code;
          if (submitFailure(code) === 'rejected') {
            rejected += 1;
            say(
              `application ${n + 1} refused (code ${code}): ${error instanceof Error ? error.message : String(error)}`,
            );
            break;
          }
          if (Date.now() > giveUpAt) {
            unconfirmed += 1;
            break;
          }
          await sleep(jitter(delay));
          delay = Math.min(delay * 2, RETRY_MAX_MS);
        }
      }
      await sleep(SUBMIT_PAUSE_MS);
    }
  };
  await Promise.all(Array.from({ length: SUBMITTERS }, submitter));
  client.close();
  const killed = await Promise.all(kills);
  const endedAt = Math.max(...killed.map((k) => k.killedAt));
  const readyAt = killed.some((k) => k.readyAt === undefined)
    ? undefined
    : Math.max(...killed.map((k) => /** @type {number} */ (k.readyAt)));
  say(
    `deliveries: ${applicationIds.size} applications confirmed; waiting until nothing is queued but for ${waiting.join(', ') || 'no lender'}`,
  );

  const ids = [...applicationIds];
  let rows = await outboxRows(ids);
  while (queuedLeft(rows, waiting) > 0 && Date.now() < giveUpAt) {
    await sleep(2_000);
    rows = await outboxRows(ids);
  }
  const settledAt = Date.now();
  // Decisions posted back later (the 'decide-later' lenders' callbacks through the gateway).
  while (rows.some((r) => r.state === 'sent') && Date.now() < settledAt + CALLBACK_SETTLE_MS) {
    await sleep(1_000);
    rows = await outboxRows(ids);
  }
  const listed = await get(`${sandboxUrl}/deliveries`);
  if (listed?.status !== 200)
    throw new Error(`GET ${sandboxUrl}/deliveries answered ${listed?.status ?? 'nothing'}`);
  const verdict = deliveryVerdict({
    submitted: total,
    applicationIds: ids,
    rejected,
    unconfirmed,
    outbox: rows,
    sandbox: JSON.parse(listed.body.toString('utf8')).deliveries,
    waitingLenders: waiting,
    unrecordedAnswers,
  });
  deliveryReport = {
    verdict,
    kills: killed.map((k) => ({ what: k.what, readyAfterSeconds: k.readyAfterSeconds })),
  };
  return { fault, what, endedAt, readyAt, timedOut: readyAt === undefined || verdict.queuedLeft > 0 };
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
  const offerIds = options.clicks > 0 ? await offerIdsToClick() : [];
  // Spread over the settles and the faults before the deliveries (which do not touch the gateway).
  const clickSpanMs = (options.settleSeconds * (options.faults.length + 1) + options.stallSeconds) * 1000;
  const clicker =
    offerIds.length > 0 ? clickerLoop(offerIds, clickSpanMs / options.clicks) : Promise.resolve();
  say(
    `load: ${options.connections} connections over ${LOAD_PATHS.join(' ')}; ${options.writers} comment writers; ` +
      (offerIds.length > 0
        ? `${options.clicks} offer clicks over offers ${offerIds.join(', ')}`
        : options.clicks > 0
          ? 'no offer clicks (the home page links no offer)'
          : 'no offer clicks (--clicks 0)'),
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
  await Promise.all([...writers, clicker]);

  const verdict = writeVerdict(ledger.submissions.values(), await storedByMarker());
  const clicked = clicks.sent > 0 ? await clickCount() : undefined;
  const report = formatReport({ tally, verdict, faults, durationSeconds, connections: options.connections });
  if (clicked) report.push(...formatClickReport(clicks, clicked));
  if (deliveryReport) report.push(...formatDeliveryReport(deliveryReport.verdict, deliveryReport.kills));
  process.stdout.write(`\n${report.join('\n')}\n\n`);
  exitCode =
    passed(verdict, faults) &&
    (!clicked || clicksPassed(clicked)) &&
    (!deliveryReport || deliveriesPassed(deliveryReport.verdict))
      ? 0
      : 1;
  say(
    exitCode === 0
      ? `PASSED: no write lost or doubled${clicked ? ', every offer click stored once' : ''}, every fault recovered${deliveryReport ? ', every application delivered once to each lender' : ''}`
      : 'FAILED: see above',
  );
} catch (error) {
  say(`chaos run failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  loadRunning = false;
  await stack?.stop();
  if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

// The loan application journey through the gateway (the gateway side of its capacity): starts the
// built offers, leads and gateway processes on free ports against a fresh database, then walks the
// journey as browsers without JavaScript do, from C concurrent visitors for D seconds after a
// W-second warm-up: GET /application/ (form cookie and CSRF token), POST /process/ (draft saved),
// POST /reg/ (contact details), POST /main/ (submitted: the lead stored with its sealed personal data
// and consents, MatchOffers run, 303 to /offers/). Prints the submit POST's throughput and
// p50/p90/p99/max, and each step POST's. Usage:
//   npm run bench:application-journey -- [-c 8] [-d 15] [--warmup 3] [--no-build]
// DATABASE_URL: fresh databases are created there and dropped at the end; unset: an embedded
// PostgreSQL in a temporary data directory.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { URLSearchParams, fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { benchDatabase } from './lib/bench-database.mjs';
import { freePort, startProcess } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { percentile } = require('./lib/window.cjs');

const { values } = parseArgs({
  options: {
    connections: { type: 'string', short: 'c', default: '8' },
    duration: { type: 'string', short: 'd', default: '15' },
    warmup: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
});
const visitors = Number(values.connections);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
if (![visitors, durationMs].every((v) => Number.isInteger(v) && v > 0))
  throw new Error('-c and -d must be positive whole numbers');

/** @param {string} text */
const say = (text) => console.log(`[application-journey] ${text}`);

if (!values['no-build']) {
  say('building the gateway, leads and offers');
  const build = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', 'gateway', 'leads', 'offers', '--outputStyle=static'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false' },
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { CONSENTS, peselCheckDigit } = require(path.join(root, 'dist/libs/pl-validation/src/index.js'));

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-application-journey-'));
const [leadsGrpc, leadsOps, offersGrpc, offersOps, gatewayPort, gatewayOps, pgPort, nowhere] =
  await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
const ports = {
  leadsGrpc,
  leadsOps,
  offersGrpc,
  offersOps,
  gateway: gatewayPort,
  gatewayOps,
  pg: pgPort,
  nowhere,
};
const database = await benchDatabase(process.env.DATABASE_URL, 'bench_journey', work, ports.pg);
/** @type {{ stop(): Promise<void> }[]} */
const processes = [];
const origin = `http://127.0.0.1:${ports.gateway}`;

/** The personal details of visitor n: a valid PESEL (born 1985), the documentation's ID card and account. */
const personal = (/** @type {number} */ n) => {
  const first = `850312${String(n % 10_000).padStart(4, '0')}`;
  /** @type {Record<string, string>} */
  const fields = {
    pesel: `${first}${peselCheckDigit(first)}`,
    id_card: 'ABA300000',
    bank_account: '61109010140000071219812874',
    income_source: 'employment',
  };
  for (const c of CONSENTS) {
    fields[`consent_${c.key}_version`] = c.version;
    if (c.required) fields[`consent_${c.key}`] = 'on';
  }
  return fields;
};

/** One visitor's cookies and the latencies of its posts. */
async function journey(/** @type {number} */ n, /** @type {(step: string, ms: number) => void} */ record) {
  const cookies = new Map();
  const keep = (/** @type {Response} */ res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const start = await fetch(
    `${origin}/application/?amount=${1000 + (n % 50) * 100}&period=${30 + (n % 60)}&purpose=other`,
    { headers: { cookie: cookie() } },
  );
  keep(start);
  const token = /name="csrf_token" value="([^"]+)"/.exec(await start.text())?.[1] ?? '';
  const post = async (/** @type {string} */ step, /** @type {Record<string, string>} */ fields) => {
    const sent = performance.now();
    const res = await fetch(`${origin}${step}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookie() },
      body: new URLSearchParams({ ...fields, csrf_token: token }).toString(),
    });
    await res.arrayBuffer();
    keep(res);
    if (res.status !== 303) throw new Error(`${step} answered ${res.status}`);
    record(step, performance.now() - sent);
  };
  await post('/process/', {
    amount: String(1000 + (n % 50) * 100),
    period: String(30 + (n % 60)),
    purpose: 'other',
  });
  await post('/reg/', {
    first_name: 'Jan',
    last_name: 'Kowalski',
    email: `wniosek.${n}.${randomUUID().slice(0, 8)}@example.pl`,
    phone: `60${String(n % 10_000_000).padStart(7, '0')}`,
  });
  await post('/main/', { ...personal(n), idempotency_key: randomUUID() });
}

try {
  const common = {
    ...database.env,
    GRPC_HOST: '127.0.0.1',
    REDIS_URL: process.env.REDIS_URL ?? '',
    LOG_LEVEL: 'error',
  };
  say('starting the offers service (bundled sample feeds), the leads service and the gateway');
  processes.push(
    await startProcess(
      root,
      'offers service',
      'dist/apps/offers/src/main.js',
      { ...common, GRPC_PORT: String(ports.offersGrpc), OPS_PORT: String(ports.offersOps) },
      `http://127.0.0.1:${ports.offersOps}/readyz`,
    ),
  );
  processes.push(
    await startProcess(
      root,
      'leads service',
      'dist/apps/leads/src/main.js',
      {
        ...common,
        GRPC_PORT: String(ports.leadsGrpc),
        OPS_PORT: String(ports.leadsOps),
        OFFERS_SERVICE_ADDR: `127.0.0.1:${ports.offersGrpc}`,
        LEADS_SUBMIT_LIMIT_PER_HOUR: '1000',
        LEADS_MASTER_KEY: `bench:${randomBytes(32).toString('base64')}`,
        LEADS_BLIND_INDEX_KEY: randomBytes(32).toString('base64'),
        // Mail, required in production: nothing listens there, so confirmations stay queued.
        SMTP_URL: `smtp://127.0.0.1:${ports.nowhere}`,
        MAIL_FROM: 'Porównywarka pożyczek <no-reply@example.test>',
        PUBLIC_ORIGIN: origin,
        LEADS_LINK_KEY: randomBytes(32).toString('base64'),
        // The production lender file lists no lender yet: applications are matched only, as there.
        LENDER_DELIVERY_FILE: 'deploy/lenders/lender-delivery.production.json',
      },
      `http://127.0.0.1:${ports.leadsOps}/readyz`,
    ),
  );
  processes.push(
    await startProcess(
      root,
      'gateway',
      'dist/apps/gateway/src/server/main.js',
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(ports.gateway),
        OPS_HOST: '127.0.0.1',
        OPS_PORT: String(ports.gatewayOps),
        PUBLIC_ORIGIN: origin,
        LEADS_SERVICE_ADDR: `127.0.0.1:${ports.leadsGrpc}`,
        OFFERS_SERVICE_ADDR: `127.0.0.1:${ports.offersGrpc}`,
        CONTENT_SERVICE_ADDR: `127.0.0.1:${ports.nowhere}`,
        RATES_SERVICE_ADDR: `127.0.0.1:${ports.nowhere}`,
        EVENTS_SERVICE_ADDR: `127.0.0.1:${ports.nowhere}`,
        APPLICATION_RATE_LIMIT: '100000',
        LOG_LEVEL: 'error',
      },
      `${origin}/healthz`,
    ),
  );

  const measureFrom = performance.now() + warmupMs;
  const endAt = measureFrom + durationMs;
  /** @type {Record<string, number[]>} */
  const latencies = { '/process/': [], '/reg/': [], '/main/': [] };
  let journeys = 0;
  let failed = 0;
  let n = 0;
  const visitor = async () => {
    while (performance.now() < endAt) {
      const began = performance.now();
      n += 1;
      try {
        await journey(n, (step, ms) => {
          if (began >= measureFrom) latencies[step]?.push(ms);
        });
        if (began >= measureFrom) journeys += 1;
      } catch (error) {
        if (began >= measureFrom) failed += 1;
        if (failed === 1) say(`first failure: ${/** @type {Error} */ (error).message}`);
      }
    }
  };
  say(`${visitors} concurrent visitors: ${warmupMs / 1000} s warm-up, ${durationMs / 1000} s measured`);
  await Promise.all(Array.from({ length: visitors }, visitor));
  const ms = (/** @type {number} */ v) => v.toFixed(2);
  say(`journeys completed ${journeys} (${(journeys / (durationMs / 1000)).toFixed(1)}/s), failed ${failed}`);
  for (const [step, list] of Object.entries(latencies)) {
    const sorted = Float64Array.from(list).sort();
    const label = step === '/main/' ? 'POST /main/ (submit)' : `POST ${step}`;
    say(
      `${label.padEnd(22)} ${(list.length / (durationMs / 1000)).toFixed(1)}/s  p50 ${ms(percentile(sorted, 0.5))}  p90 ${ms(percentile(sorted, 0.9))}  p99 ${ms(percentile(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? 0)} ms`,
    );
  }
  say(
    `load average     ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
} finally {
  for (const running of processes.reverse()) await running.stop();
  await database
    .drop()
    .catch((/** @type {Error} */ error) => say(`could not drop the database: ${error.message}`));
  await rm(work, { recursive: true, force: true });
}

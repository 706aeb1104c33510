// SubmitApplication over gRPC (the leads service side): starts the built leads service
// (and the built offers service with its bundled sample feeds, so every submit also runs MatchOffers
// for the new lead) on free ports against fresh databases, then submits complete applications, each
// from a different applicant with its own idempotency key, from C concurrent callers for D seconds
// after a W-second warm-up; prints submits/s and p50/p90/p99/max. Every submit is a real write: one
// transaction with the sealed personal data (AES-256-GCM), six consent rows and the key. Usage:
//   npm run bench:application-submit -- [-c 16] [-d 15] [--warmup 3] [--no-offers] [--no-build]
// DATABASE_URL: fresh databases are created there and dropped at the end; unset: an embedded
// PostgreSQL in a temporary data directory.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { benchDatabase } from './lib/bench-database.mjs';
import { freePort, startProcess } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { percentile } = require('./lib/window.cjs');

const { values } = parseArgs({
  options: {
    connections: { type: 'string', short: 'c', default: '16' },
    duration: { type: 'string', short: 'd', default: '15' },
    warmup: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'no-offers': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
for (const [name, value] of Object.entries({ connections, durationMs })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}
const withOffers = !values['no-offers'];

/** @param {string} text */
const say = (text) => console.log(`[application-submit] ${text}`);

if (!values['no-build']) {
  say('building the leads and offers services');
  const build = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', 'leads', 'offers', '--outputStyle=static'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false' },
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { createServiceClient } = require(path.join(root, 'dist/libs/contracts/src/index.js'));
const { CONSENTS } = require(path.join(root, 'dist/libs/pl-validation/src/index.js'));

// leads.v1.ConsentType by form key.
const CONSENT_TYPES = {
  terms: 1,
  matching: 8,
  delivery: 9,
  creditBureau: 6,
  marketingEmail: 4,
  marketingSms: 7,
  marketingPhone: 5,
};
/** @param {number} n */
const application = (n) => ({
  amountGrosze: 100_000 + (n % 50) * 10_000,
  periodDays: 30 + (n % 60),
  purpose: 1 + (n % 8),
  name: '',
  firstName: 'Jan',
  lastName: 'Kowalski',
  email: `wniosek.${n}.${randomUUID().slice(0, 8)}@example.pl`,
  phone: `+48 60${String(n % 10_000_000).padStart(7, '0')}`,
  pesel: '90051401233',
  idCard: 'ABA300000',
  bankAccount: '61109010140000071219812874',
  incomeSource: 'employment',
  consents: CONSENTS.map(
    (/** @type {{ key: keyof typeof CONSENT_TYPES, required: boolean, version: string }} */ c) => ({
      type: CONSENT_TYPES[c.key],
      granted: c.required,
      textVersion: c.version,
      grantedAt: '',
    }),
  ),
  attribution: null,
  formVersion: 2,
  draftId: '',
  step: 0,
  idempotencyKey: randomUUID(),
});

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-application-submit-'));
const [leadsGrpc, leadsOps, offersGrpc, offersOps, pgPort] = await Promise.all([
  freePort(),
  freePort(),
  freePort(),
  freePort(),
  freePort(),
]);
const database = await benchDatabase(process.env.DATABASE_URL, 'bench_leads', work, pgPort);
/** @type {{ stop(): Promise<void> }[]} */
const services = [];

try {
  if (withOffers) {
    say(`starting the offers service (gRPC ${offersGrpc}) with the bundled sample feeds`);
    services.push(
      await startProcess(
        root,
        'offers service',
        'dist/apps/offers/src/main.js',
        {
          ...database.env,
          GRPC_HOST: '127.0.0.1',
          GRPC_PORT: String(offersGrpc),
          OPS_PORT: String(offersOps),
          REDIS_URL: process.env.REDIS_URL ?? '',
        },
        `http://127.0.0.1:${offersOps}/readyz`,
      ),
    );
  }
  say(
    `starting the leads service (gRPC ${leadsGrpc})${withOffers ? '' : ' without offers (MatchOffers fails fast, the lead is kept)'}`,
  );
  services.push(
    await startProcess(
      root,
      'leads service',
      'dist/apps/leads/src/main.js',
      {
        ...database.env,
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(leadsGrpc),
        OPS_PORT: String(leadsOps),
        REDIS_URL: process.env.REDIS_URL ?? '',
        OFFERS_SERVICE_ADDR: `127.0.0.1:${offersGrpc}`,
        LEADS_SUBMIT_LIMIT_PER_HOUR: '1000',
        // NODE_ENV=production wants real keys: fresh random ones for this run.
        LEADS_MASTER_KEY: `bench:${randomBytes(32).toString('base64')}`,
        LEADS_BLIND_INDEX_KEY: randomBytes(32).toString('base64'),
        LEADS_LINK_KEY: randomBytes(32).toString('base64'),
        // The production lender file lists no lender yet: applications are matched only, as there.
        LENDER_DELIVERY_FILE: 'deploy/lenders/lender-delivery.production.json',
        // Mail, required in production: nothing listens there, so confirmations stay queued.
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_FROM: 'Porównywarka pożyczek <no-reply@example.test>',
        PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
        LOG_LEVEL: 'error',
      },
      `http://127.0.0.1:${leadsOps}/readyz`,
    ),
  );
  const client = createServiceClient('leads', { target: `127.0.0.1:${leadsGrpc}`, deadlineMs: 10_000 });

  const started = performance.now();
  const measureFrom = started + warmupMs;
  const endAt = measureFrom + durationMs;
  /** @type {number[]} */
  const latencies = [];
  let answered = 0;
  let failed = 0;
  let matched = 0;
  let n = 0;
  const caller = async () => {
    while (performance.now() < endAt) {
      const request = application(n);
      n += 1;
      const sent = performance.now();
      try {
        const answer = await client.submitApplication(request);
        const done = performance.now();
        if (sent >= measureFrom) {
          latencies.push(done - sent);
          answered += 1;
          if (answer.matchedOffers > 0) matched += 1;
        }
      } catch (error) {
        if (sent >= measureFrom) failed += 1;
        if (failed === 1)
          say(
            `first failure: ${/** @type {Error} */ (error).message} ${JSON.stringify(/** @type {{ fieldViolations?: unknown }} */ (error).fieldViolations ?? [])}`,
          );
      }
    }
  };
  say(
    `SubmitApplication from ${connections} concurrent callers: ${warmupMs / 1000} s warm-up, ${durationMs / 1000} s measured`,
  );
  await Promise.all(Array.from({ length: connections }, caller));
  client.close();
  const sorted = Float64Array.from(latencies).sort();
  /** @param {number} v */
  const ms = (v) => v.toFixed(2);
  say(
    `submits stored   ${answered} (${(answered / (durationMs / 1000)).toFixed(0)}/s), failed ${failed}; with offers matched ${matched}`,
  );
  say(
    `latency ms       p50 ${ms(percentile(sorted, 0.5))}  p90 ${ms(percentile(sorted, 0.9))}  p99 ${ms(percentile(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? 0)}`,
  );
  say(
    `load average     ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
} finally {
  for (const service of services.reverse()) await service.stop();
  await database
    .drop()
    .catch((/** @type {Error} */ error) => say(`could not drop the database: ${error.message}`));
  await rm(work, { recursive: true, force: true });
}

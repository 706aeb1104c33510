// MatchOffers latency for a feed of N offers: starts the built offers service on
// free ports against a fresh database, lets it ingest a synthetic N-offer PL feed from a temporary
// folder (file: base URL), then calls MatchOffers over gRPC from C concurrent callers for D seconds
// after a W-second warm-up, and prints calls/s and p50/p90/p99/max. Usage:
//   npm run bench:match-offers -- [--offers 500] [-c 16] [-d 15] [--warmup 5] [--unique] [--no-build]
// The calls cycle through 8 slider positions (bench/lib/offer-feed.cjs), as visitors do; with
// --unique every call asks for an amount never asked before, so every answered offer's exact cost
// and RRSO are computed (the service keeps those by terms, amount and period).
// DATABASE_URL: a fresh database is created there and dropped at the end; unset: an embedded
// PostgreSQL in a temporary data directory.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchDatabase } from './lib/bench-database.mjs';
import { runCallLoad } from './lib/call-load.mjs';
import { freePort, startProcess } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { syntheticFeed, MATCH_REQUESTS } = require('./lib/offer-feed.cjs');

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '500' },
    connections: { type: 'string', short: 'c', default: '16' },
    duration: { type: 'string', short: 'd', default: '15' },
    warmup: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    // Every call a never-seen amount, so no figure comes from the service's cost memo.
    unique: { type: 'boolean', default: false },
  },
});
const offers = Number(values.offers);
const connections = Number(values.connections);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
for (const [name, value] of Object.entries({ offers, connections, durationMs })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}

/** @param {string} text */
const say = (text) => console.log(`[match-offers] ${text}`);

if (!values['no-build']) {
  say('building the offers service');
  const build = spawnSync('npx', ['nx', 'run', 'offers:build', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { createServiceClient } = require(path.join(root, 'dist/libs/contracts/src/index.js'));

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-match-offers-'));
await writeFile(path.join(work, 'pl_feed.json'), JSON.stringify(syntheticFeed(offers)));

const [grpcPort, opsPort, pgPort] = await Promise.all([freePort(), freePort(), freePort()]);
const database = await benchDatabase(process.env.DATABASE_URL, 'bench_offers', work, pgPort);
/** @type {{ stop(): Promise<void> } | undefined} */
let service;

try {
  say(`starting the offers service (gRPC ${grpcPort}) with a ${offers}-offer PL feed`);
  service = await startProcess(
    root,
    'offers service',
    'dist/apps/offers/src/main.js',
    {
      ...database.env,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      OPS_PORT: String(opsPort),
      OFFERS_FEED_BASE_URL: `${pathToFileURL(work).href}/`,
      REDIS_URL: process.env.REDIS_URL ?? '',
    },
    `http://127.0.0.1:${opsPort}/readyz`,
  );
  const client = createServiceClient('offers', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 10_000 });
  const status = await client.getFeedIngestionStatus({ feedKeys: ['pl'] });
  say(`PL feed: ${status.feeds[0].offersReceived} received, ${status.feeds[0].offersStored} listed`);

  let matchedTotal = 0;
  say(
    `MatchOffers from ${connections} concurrent callers: ${warmupMs / 1000} s warm-up, ${durationMs / 1000} s measured`,
  );
  const load = await runCallLoad(
    (n) => {
      const shape = MATCH_REQUESTS[n % MATCH_REQUESTS.length] ?? { amountGrosze: 100_000, periodDays: 61 };
      const request = values.unique
        ? { ...shape, amountGrosze: shape.amountGrosze + 1 + Math.floor(n / MATCH_REQUESTS.length) }
        : shape;
      return client.matchOffers({
        ...request,
        purpose: 8,
        applicationId: '',
        country: 'PL',
        limit: 20,
        age: 30,
        pagePath: '/',
      });
    },
    { connections, warmupMs, durationMs, onAnswer: (answer) => (matchedTotal += answer.total) },
  );
  client.close();
  /** @param {number} v */
  const ms = (v) => v.toFixed(2);
  say(
    `offers in feed   ${offers}; requests ${values.unique ? 'all different (--unique)' : `cycling through ${MATCH_REQUESTS.length} slider positions`}`,
  );
  say(`calls answered   ${load.answered} (${load.perSecond.toFixed(0)}/s), failed ${load.failed}`);
  say(
    `offers matched   ${load.answered ? (matchedTotal / load.answered).toFixed(0) : 0} per call on average (20 answered with cost and RRSO)`,
  );
  say(`latency ms       p50 ${ms(load.p50)}  p90 ${ms(load.p90)}  p99 ${ms(load.p99)}  max ${ms(load.max)}`);
  say(
    `load average     ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
} finally {
  await service?.stop();
  await database
    .drop()
    .catch((/** @type {Error} */ error) => say(`could not drop the database: ${error.message}`));
  await rm(work, { recursive: true, force: true });
}

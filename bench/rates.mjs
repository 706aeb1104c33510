// Rates service figures: starts the built rates service on free ports against
// a fresh database and reports
//   - the first start: spawn → /readyz 200, and the time the shipped data took to load (NBP table A
//     2016–2025 and the bank tables, from the service's own log line),
//   - Convert p50/p90/p99 over N calls (default 10,000), cycling through NBP mid, cross and bank
//     conversions, from C concurrent callers (default 1: latency of one caller at a time),
//   - GetCurrencyHistory over 5 years (table A, EUR): RPC p50/p99 over R calls, and the SQL alone
//     (the repository's query, EXPLAIN ANALYZE execution time, median of R) when DATABASE_URL is set.
// Usage: npm run bench:rates -- [--calls 10000] [-c 1] [--history-calls 200] [--no-build]
// DATABASE_URL: a fresh database is created there and dropped at the end; unset: an embedded
// PostgreSQL in a temporary data directory.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchDatabase } from './lib/bench-database.mjs';
import { freePort } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { percentile } = require('./lib/window.cjs');

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '10000' },
    connections: { type: 'string', short: 'c', default: '1' },
    'history-calls': { type: 'string', default: '200' },
    'no-build': { type: 'boolean', default: false },
  },
});
const calls = Number(values.calls);
const connections = Number(values.connections);
const historyCalls = Number(values['history-calls']);
for (const [name, value] of Object.entries({ calls, connections, historyCalls })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}

/** @param {string} text */
const say = (text) => console.log(`[rates] ${text}`);
/** @param {number} v */
const ms = (v) => v.toFixed(2);

if (!values['no-build']) {
  say('building the rates service');
  const build = spawnSync('npx', ['nx', 'run', 'rates:build', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { createServiceClient, ratesV1 } = require(path.join(root, 'dist/libs/contracts/src/index.js'));

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-rates-'));
// An embedded PostgreSQL started as root runs as the 'postgres' user, which must reach its data directory.
await chmod(work, 0o755);
const [grpcPort, opsPort, pgPort] = await Promise.all([freePort(), freePort(), freePort()]);
const database = await benchDatabase(process.env.DATABASE_URL, 'bench_rates', work, pgPort);
const databaseUrl = database.env.DATABASE_URL;
const spawnedAt = performance.now();
const child = spawn(process.execPath, [path.join(root, 'dist/apps/rates/src/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    ...database.env,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: String(grpcPort),
    OPS_PORT: String(opsPort),
    LOG_LEVEL: 'info',
    RATES_SCHEDULE: 'off',
    REDIS_URL: process.env.REDIS_URL ?? '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
/** @type {{ ms?: number, tables?: number, banks?: number } | undefined} */
let loaded;
let buffer = '';
child.stdout.on('data', (chunk) => {
  buffer += chunk.toString();
  const lines = buffer.split('\n');
  buffer = lines.pop() ?? '';
  for (const line of lines) {
    try {
      const entry = JSON.parse(line);
      if (entry.msg === 'shipped rates data loaded') loaded = entry;
      if (entry.level === 'error' || entry.level === 'fatal') console.error(line);
    } catch {
      // not a log line
    }
  }
});
const exited = new Promise((resolve) => child.once('exit', resolve));

async function stop() {
  if (child.exitCode === null) child.kill('SIGTERM');
  await exited;
  await database.drop().catch((error) => say(`could not drop the database: ${error.message}`));
  await rm(work, { recursive: true, force: true });
}

const CONVERSIONS = [
  { amount: '100', from: 'EUR', to: 'PLN', source: 1, bankSlug: '', date: '' },
  { amount: '2500.50', from: 'PLN', to: 'USD', source: 1, bankSlug: '', date: '' },
  { amount: '1000', from: 'EUR', to: 'USD', source: 1, bankSlug: '', date: '' },
  { amount: '75', from: 'GBP', to: 'CHF', source: 1, bankSlug: '', date: '' },
  { amount: '100000', from: 'JPY', to: 'PLN', source: 1, bankSlug: '', date: '' },
  { amount: '500', from: 'PLN', to: 'EUR', source: 3, bankSlug: 'mbank', date: '' },
  { amount: '320', from: 'USD', to: 'EUR', source: 3, bankSlug: 'pko-bp', date: '' },
  { amount: '42', from: 'CHF', to: 'PLN', source: 3, bankSlug: 'ing', date: '' },
];

/**
 * @param {number} n
 * @param {number} concurrency
 * @param {(i: number) => Promise<unknown>} call
 */
async function timed(n, concurrency, call) {
  /** @type {number[]} */
  const latencies = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const caller = async () => {
    while (next < n) {
      const i = next++;
      const sent = performance.now();
      try {
        await call(i);
        latencies.push(performance.now() - sent);
      } catch (error) {
        failed += 1;
        if (failed === 1) say(`first failure: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const seconds = (performance.now() - started) / 1000;
  return { sorted: Float64Array.from(latencies).sort(), failed, seconds };
}

/**
 * @param {string} label
 * @param {{ sorted: Float64Array, failed: number, seconds: number }} r
 */
const line = (label, r) =>
  say(
    `${label} ${r.sorted.length} ok (${(r.sorted.length / r.seconds).toFixed(0)}/s), failed ${r.failed}; ms p50 ${ms(percentile(r.sorted, 0.5))}  p90 ${ms(percentile(r.sorted, 0.9))}  p99 ${ms(percentile(r.sorted, 0.99))}  max ${ms(r.sorted.at(-1) ?? 0)}`,
  );

try {
  say(
    `starting the rates service (gRPC ${grpcPort}) on a fresh ${databaseUrl ? 'database' : 'embedded PostgreSQL'}`,
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error('the rates service exited');
    const ready = await fetch(`http://127.0.0.1:${opsPort}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await delay(100);
  }
  say(
    `first start      ready after ${((performance.now() - spawnedAt) / 1000).toFixed(2)} s; shipped data loaded in ${loaded?.ms ?? '?'} ms (${loaded?.tables ?? '?'} NBP tables, ${loaded?.banks ?? '?'} bank tables)`,
  );
  const client = createServiceClient('rates', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 10_000 });

  // Warm-up: channels, caches, JIT.
  await timed(200, connections, (/** @type {number} */ i) =>
    client.convert(CONVERSIONS[i % CONVERSIONS.length]),
  );
  line(
    `Convert × ${calls}, ${connections} caller(s):`,
    await timed(calls, connections, (/** @type {number} */ i) =>
      client.convert(CONVERSIONS[i % CONVERSIONS.length]),
    ),
  );

  const history = {
    code: 'EUR',
    table: ratesV1.TableType.A,
    range: ratesV1.HistoryRange.YEARS_5,
    from: '',
    to: '',
    quote: '',
  };
  const sample = await client.getCurrencyHistory(history);
  say(
    `5-year history   EUR table A ${sample.from}…${sample.to}: ${sample.points.length} points, min ${sample.min}, max ${sample.max}`,
  );
  await timed(10, 1, () => client.getCurrencyHistory(history));
  line(
    `GetCurrencyHistory 5 y × ${historyCalls}:`,
    await timed(historyCalls, 1, () => client.getCurrencyHistory(history)),
  );
  client.close();

  if (databaseUrl) {
    const { Client } = require('pg');
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const sql = `EXPLAIN (ANALYZE, FORMAT JSON)
      SELECT to_char(t.effective_date, 'YYYY-MM-DD') AS "effectiveDate", t.no, r.mid::text AS mid, r.bid::text AS bid, r.ask::text AS ask
        FROM rates.nbp_rates r JOIN rates.nbp_tables t ON t.id = r.table_id
       WHERE r.code = $2 AND t.table_type = $1 AND t.effective_date BETWEEN $3 AND $4 ORDER BY t.effective_date`;
    /** @type {number[]} */
    const times = [];
    let plan;
    for (let i = 0; i < historyCalls; i += 1) {
      const { rows } = await db.query(sql, ['A', 'EUR', sample.from, sample.to]);
      plan = rows[0]['QUERY PLAN'][0];
      times.push(plan['Execution Time']);
    }
    await db.end();
    const sorted = Float64Array.from(times).sort();
    /** @type {string[]} */
    const nodes = [];
    /** @param {any} n */
    const walk = (n) => {
      nodes.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan.Plan);
    say(
      `5-year SQL       execution ms p50 ${ms(percentile(sorted, 0.5))}  p99 ${ms(percentile(sorted, 0.99))} (EXPLAIN ANALYZE × ${historyCalls}); plan: ${nodes.join(' → ')}`,
    );
  }
  say(
    `load average     ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
} finally {
  await stop();
}

#!/usr/bin/env node
// `npm run bench:events-ingest`: sustained ingest through the gateway's POST /api/event
// (PERFORMANCE.md: ≥ 20,000 events/s accepted with p99 < 10 ms; the sink ≥ 20,000 rows/s).
// Starts the events service and the gateway from their builds (own ports, a fresh database),
// then autocannon POSTs batches of page views from --connections connections:
//   accepted  events/s answered 202 (requests/s × batch) and the p99 of those answers;
//   landed    events/s stored in PostgreSQL, from the start of the measured run until every
//             accepted event is in events.tracking_events (the gateway's delivery buffer drains
//             into the events service: gRPC IngestEvents, or with --mode kafka tracking.raw.v1 →
//             the events service's consumer).
// Needs DATABASE_URL (a fresh database is made on that server and dropped afterwards). Kafka:
// KAFKA_BROKERS when set, else the in-memory Kafka-protocol test broker in this process (it takes
// CPU from the same 2 cores: a lower bound). A tool, not a test: prints figures, stores them in
// bench/results/, fails only when it cannot measure.
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, startEventsService, startProcess } from './lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const USAGE = `usage: npm run bench:events-ingest -- [--connections C] [--batch B] [--duration S] [--warmup S] [--mode grpc|kafka] [--no-build]
  --connections  concurrent HTTP connections (default 64)
  --batch        events per POST /api/event (default 20; the browser sends up to 50)
  --duration     measured seconds (default 10), after --warmup seconds (default 3)
  --mode         the gateway's sink: grpc (the embedded default) or kafka (default grpc)
  --buffer       the gateway's EVENT_BUFFER_LIMIT (default: its own, 50000); a large one shows the
                 intake apart from the sink (no 503 while the sink lags)
  DATABASE_URL must point at a PostgreSQL the benchmark may create a database on.`;

let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      connections: { type: 'string', default: '64' },
      batch: { type: 'string', default: '20' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      mode: { type: 'string', default: 'grpc' },
      buffer: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const connections = Number(values.connections);
const batch = Number(values.batch);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const buffer = values.buffer === undefined ? undefined : Number(values.buffer);
if (
  ![connections, batch, duration].every((n) => Number.isInteger(n) && n >= 1) ||
  !(warmup >= 0) ||
  batch > 100 ||
  !['grpc', 'kafka'].includes(values.mode) ||
  (buffer !== undefined && !(Number.isInteger(buffer) && buffer >= 100))
) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  process.stderr.write(
    `bench:events-ingest needs DATABASE_URL (a PostgreSQL it may create a database on).\n${USAGE}\n`,
  );
  process.exit(2);
}
/** @param {string} line */
const say = (line) => process.stdout.write(`${line}\n`);

if (!values['no-build']) {
  const build = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', 'gateway,events,kafka-test-broker', '--outputStyle=static'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false' },
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @param {string} p */
const dist = (p) => require(path.join(root, 'dist', p));
const { withClient, createDatabaseIfMissing } = dist('libs/database/src/index.js');
const { ensureTopics, parseBrokers } = dist('libs/messaging/src/index.js');
const { TRACKING_TOPICS } = dist('libs/tracking/src/index.js');
const pg = require('pg');

const PATHS = ['/', '/offers/', '/kredyt-gotowkowy/', '/blog/', '/kontakt/'];
/** A body as the tracker sends it: page views and field events of one page. */
const body = JSON.stringify(
  Array.from({ length: batch }, (_, i) =>
    i % 4 === 0
      ? {
          event_id: 5,
          sub4: 'pageView',
          page_path: PATHS[i % PATHS.length],
          domain: '127.0.0.1',
          referer: 'https://www.google.com/',
          utm_source: 'google',
        }
      : {
          event_id: 40 + (i % 3),
          sub4: 'contact',
          sub5: 'email',
          sub8: String(i % 4),
          sub6: i % 3 === 2 ? 'valueMissing' : '',
          page_path: '/kontakt/',
          domain: '127.0.0.1',
        },
  ),
);

/** @param {import('pg').Client} client */
async function countRows(client) {
  const { rows } = await client.query('SELECT count(*)::int AS n FROM events.tracking_events');
  return rows[0].n;
}

/**
 * @param {import('pg').Client} client
 * @param {number} target
 * @param {number} boundMs
 */
async function untilRows(client, target, boundMs) {
  const deadline = performance.now() + boundMs;
  for (;;) {
    const n = await countRows(client);
    if (n >= target || performance.now() > deadline) return { rows: n, at: performance.now() };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * One autocannon run; answers 202s, other answers, errors and the p99 of the 202s (ms).
 * @param {string} url
 * @param {number} seconds
 */
async function load(url, seconds) {
  /** @type {number[]} */
  const latencies = [];
  let accepted = 0;
  let other = 0;
  let errors = 0;
  const run = autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    headers: {
      'content-type': 'application/json',
      origin: new URL(url).origin,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench',
    },
    body,
  });
  run.on('response', (_client, statusCode, _bytes, latency) => {
    if (statusCode === 202) {
      accepted += 1;
      latencies.push(latency);
    } else other += 1;
  });
  run.on('reqError', () => (errors += 1));
  await run;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN;
  return { accepted, other, errors, p99 };
}

const dbName = `bench_events_ingest_${Date.now()}`;
const databaseUrl = await createDatabaseIfMissing(adminUrl, dbName);
/** @type {(() => Promise<unknown>)[]} */
const stops = [];
try {
  let brokers = [];
  let brokerKind = '';
  if (values.mode === 'kafka') {
    brokers = parseBrokers(process.env.KAFKA_BROKERS ?? '');
    brokerKind = 'KAFKA_BROKERS';
    if (brokers.length === 0) {
      const { startKafkaTestBroker } = dist('libs/kafka-test-broker/src/broker/server.js');
      const broker = await startKafkaTestBroker({});
      brokers = broker.brokers;
      stops.push(() => broker.stop());
      brokerKind = 'in-memory test broker (same process)';
    }
    await ensureTopics({ brokers, clientId: 'bench-events-ingest' }, [
      { topic: TRACKING_TOPICS.raw, partitions: 6 },
      { topic: TRACKING_TOPICS.clean, partitions: 6 },
      { topic: TRACKING_TOPICS.dlq, partitions: 1 },
    ]);
  }
  const kafkaEnv = { KAFKA_BROKERS: brokers.join(',') };
  const events = await startEventsService(root, {
    DATABASE_URL: databaseUrl,
    ...kafkaEnv,
    EVENTS_CONSUMER_GROUP: `bench-${Date.now()}`,
  });
  stops.unshift(events.stop);
  const [port, opsPort, nowhere] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const gateway = await startProcess(
    root,
    'gateway',
    'dist/apps/gateway/src/server/main.js',
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      OPS_PORT: String(opsPort),
      PUBLIC_ORIGIN: origin,
      EVENTS_SERVICE_ADDR: events.grpcTarget,
      ...Object.fromEntries(
        ['CONTENT', 'OFFERS', 'RATES', 'LEADS'].map((name) => [
          `${name}_SERVICE_ADDR`,
          `127.0.0.1:${nowhere}`,
        ]),
      ),
      // One address sends everything here: the per-client budget is not what is measured.
      EVENT_RATE_LIMIT: '1000000',
      ...(buffer !== undefined ? { EVENT_BUFFER_LIMIT: String(buffer) } : {}),
      ...kafkaEnv,
    },
    `${origin}/readyz`,
  );
  stops.unshift(gateway.stop);
  say(
    `POST /api/event, ${batch} events per request, ${connections} connections, sink: ${values.mode}${brokerKind ? ` (${brokerKind})` : ''}` +
      `, buffer ${buffer ?? 'default (50000)'}; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  stops.push(() => client.end());
  const url = `${origin}/api/event`;
  if (warmup > 0) {
    const warm = await load(url, warmup);
    await untilRows(client, warm.accepted * batch, 120_000);
  }
  const before = await countRows(client);
  const started = performance.now();
  const measured = await load(url, duration);
  const loadEnded = performance.now();
  const acceptedEvents = measured.accepted * batch;
  const landed = await untilRows(client, before + acceptedEvents, 180_000);
  const result = {
    mode: values.mode,
    broker: brokerKind || undefined,
    connections,
    batch,
    durationS: duration,
    buffer: buffer ?? null,
    loadAverageAtEnd: loadavg(),
    acceptedEventsPerSecond: Math.round(acceptedEvents / ((loadEnded - started) / 1000)),
    requestsPerSecond: Math.round(measured.accepted / ((loadEnded - started) / 1000)),
    p99Ms: measured.p99,
    non202: measured.other,
    errors: measured.errors,
    landedEvents: landed.rows - before,
    landedEventsPerSecond: Math.round((landed.rows - before) / ((landed.at - started) / 1000)),
    drainAfterLoadS: Number(((landed.at - loadEnded) / 1000).toFixed(2)),
  };
  /** @param {boolean} ok */
  const verdict = (ok) => (ok ? 'meets' : 'below');
  say(
    `accepted: ${result.acceptedEventsPerSecond} events/s (${result.requestsPerSecond} req/s of 202), p99 ${result.p99Ms} ms` +
      `${result.non202 + result.errors ? `, ${result.non202} other answers, ${result.errors} errors` : ''}` +
      ` — ${verdict(result.acceptedEventsPerSecond >= 20_000 && result.p99Ms < 10)} the target (≥ 20,000 events/s, p99 < 10 ms)`,
  );
  say(
    `landed in PostgreSQL: ${result.landedEvents} of ${acceptedEvents} accepted, ${result.landedEventsPerSecond} events/s` +
      ` (the last ${result.drainAfterLoadS} s after the load ended) — ${verdict(result.landedEventsPerSecond >= 20_000)} the 20,000 rows/s target`,
  );
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(
    root,
    'bench/results',
    `${new Date().toISOString().replace(/[:.]/g, '-')}-events-ingest.json`,
  );
  writeFileSync(file, `${JSON.stringify({ when: new Date().toISOString(), result }, null, 2)}\n`);
  say(`stored ${path.relative(root, file)}`);
} finally {
  for (const stop of stops) await stop().catch(() => undefined);
  await withClient(adminUrl, (/** @type {import('pg').Client} */ c) =>
    c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`),
  ).catch(() => undefined);
}

#!/usr/bin/env node
// `npm run bench:events-sink`: the events service's sink throughput, rows/s into PostgreSQL
// (PERFORMANCE.md: ≥ 20,000 rows/s), two ways in:
//   kafka  N raw records are produced to tracking.raw.v1 first; then the real events service
//          (dist build, a child process) starts with KAFKA_BROKERS and a fresh consumer group, and
//          the clock runs from its first stored row to the N-th: consume, validate, enrich, dedupe,
//          write, publish clean, commit.
//   grpc   the same service without Kafka (the embedded default), IngestEvents batches of 500 from
//          --connections concurrent callers: validate, enrich, dedupe, write.
// Needs DATABASE_URL (a fresh database is made on that server and dropped afterwards). Kafka:
// KAFKA_BROKERS when set, else the in-memory Kafka-protocol test broker (@lib/kafka-test-broker,
// in this process: it takes CPU from the same 2 cores, so the figure is a lower bound).
// A tool, not a test: prints figures, stores them in bench/results/, fails only when it cannot measure.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { benchDatabase } from './lib/bench-database.mjs';
import { startEventsService } from './lib/processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const USAGE = `usage: npm run bench:events-sink -- [--events N] [--mode kafka|grpc|write|all] [--connections C] [--no-build]
  --events       records per mode (default 100000)
  --mode         which way in (default all): kafka, grpc, or write (the sink's SQL alone, batches of 1000)
  --connections  concurrent IngestEvents callers in grpc mode (default 4)
  DATABASE_URL must point at a PostgreSQL the benchmark may create a database on.`;

let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      events: { type: 'string', default: '100000' },
      mode: { type: 'string', default: 'all' },
      connections: { type: 'string', default: '4' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  process.stderr.write(`${/** @type {Error} */ (error).message}\n${USAGE}\n`);
  process.exit(2);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const total = Number(values.events);
const connections = Number(values.connections);
if (
  !Number.isInteger(total) ||
  total < 1 ||
  !['kafka', 'grpc', 'write', 'all'].includes(values.mode) ||
  !Number.isInteger(connections) ||
  connections < 1
) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  process.stderr.write(
    `bench:events-sink needs DATABASE_URL (a PostgreSQL it may create a database on).\n${USAGE}\n`,
  );
  process.exit(2);
}

if (!values['no-build']) {
  const build = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', '-p', 'events,kafka-test-broker', '--outputStyle=static'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false' },
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @param {string} p a path under dist/ @returns {any} the module */
const dist = (p) => require(path.join(root, 'dist', p));
const { createKafkaPublisher, ensureTopics, parseBrokers } = dist('libs/messaging/src/index.js');
const { toRawTrackingRecord, TRACKING_TOPICS } = dist('libs/tracking/src/index.js');
const { createServiceClient } = dist('libs/contracts/src/index.js');
const pg = require('pg');

const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
];
const PATHS = ['/', '/offers/', '/application/', '/kredyt-gotowkowy/', '/blog/'];
const sessions = Array.from({ length: 2_000 }, () => randomUUID());
/** Realistic raw records: page views over a few paths and devices, one day, unique ingest ids. */
/** @param {number} i */
const rawRecord = (i) =>
  toRawTrackingRecord(
    {
      event_id: 5,
      sub4: 'pageView',
      page_path: PATHS[i % PATHS.length],
      utm_source: i % 3 ? 'google' : '',
      domain: 'localhost',
    },
    {
      sessionId: sessions[i % sessions.length],
      clientId: sessions[(i * 7) % sessions.length],
      receivedAt: new Date(),
      userAgent: UAS[i % UAS.length],
      ipHash: 'bench',
      ingestId: randomUUID(),
      consent: 'granted',
    },
  );

/** Runs `run` with the URL of a database of its own on DATABASE_URL's server, dropped afterwards. */
/**
 * @template T
 * @param {(url: string) => Promise<T>} run
 * @returns {Promise<T>}
 */
async function withFreshDatabase(run) {
  const database = await benchDatabase(adminUrl, 'bench_events_sink', os.tmpdir(), 0);
  try {
    return await run(/** @type {string} */ (database.env.DATABASE_URL));
  } finally {
    await database.drop().catch(() => undefined);
  }
}

/** @param {import('pg').Client} client */
async function countRows(client) {
  const { rows } = await client.query('SELECT count(*)::int AS n FROM events.tracking_events');
  return rows[0].n;
}

/** Polls the row count until `target`; answers the time of the first and the last change seen. */
/** @param {import('pg').Client} client @param {number} target @returns {Promise<{ first: number, last: number }>} */
async function watchRows(client, target) {
  let first;
  for (;;) {
    const n = await countRows(client);
    const now = performance.now();
    if (n > 0 && first === undefined) first = now;
    if (n >= target) return { first: first ?? now, last: now };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function benchKafka() {
  let brokers = parseBrokers(process.env.KAFKA_BROKERS ?? '');
  let stopBroker = async () => {};
  let brokerKind = 'KAFKA_BROKERS';
  if (brokers.length === 0) {
    // The broker module itself: the lib's index also holds provideTestKafka, which needs Jest.
    const { startKafkaTestBroker } = dist('libs/kafka-test-broker/src/broker/server.js');
    const broker = await startKafkaTestBroker({});
    brokers = broker.brokers;
    stopBroker = () => broker.stop();
    brokerKind = 'in-memory test broker (same process)';
  }
  const connection = { brokers, clientId: 'bench-events-sink' };
  try {
    await ensureTopics(connection, [
      { topic: TRACKING_TOPICS.raw, partitions: 6 },
      { topic: TRACKING_TOPICS.clean, partitions: 6 },
      { topic: TRACKING_TOPICS.dlq, partitions: 1 },
    ]);
    const publisher = await createKafkaPublisher(connection);
    const produceStart = performance.now();
    for (let i = 0; i < total; i += 1_000) {
      const chunk = Array.from({ length: Math.min(1_000, total - i) }, (_, j) => rawRecord(i + j));
      await publisher.publish(
        TRACKING_TOPICS.raw,
        chunk.map((r) => ({ key: r.session_id, value: JSON.stringify(r) })),
      );
    }
    const produceMs = performance.now() - produceStart;
    await publisher.close();
    return await withFreshDatabase(async (/** @type {string} */ url) => {
      const service = await startEventsService(root, {
        DATABASE_URL: url,
        KAFKA_BROKERS: brokers.join(','),
        EVENTS_CONSUMER_GROUP: `bench-${randomUUID()}`,
      });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { first, last } = await watchRows(client, total);
        return {
          mode: 'kafka',
          broker: brokerKind,
          events: total,
          produceMs,
          sinkMs: last - first,
          rowsPerSecond: Math.round(total / ((last - first) / 1000)),
        };
      } finally {
        await client.end();
        await service.stop();
      }
    });
  } finally {
    await stopBroker();
  }
}

async function benchGrpc() {
  return withFreshDatabase(async (/** @type {string} */ url) => {
    const service = await startEventsService(root, { DATABASE_URL: url, KAFKA_BROKERS: '' });
    const client = createServiceClient('events', { target: service.grpcTarget, deadlineMs: 30_000 });
    /** @param {any} r */
    const toGrpc = (r) => ({
      eventId: r.event_id,
      providerId: '',
      sub1: '',
      sub3: '',
      sub4: r.sub4,
      sub5: '',
      sub6: '',
      sub7: '',
      sub8: '',
      utmSource: r.utm_source,
      utmMedium: '',
      utmCampaign: '',
      utmContent: '',
      utmTerm: '',
      sessionId: r.session_id,
      clientId: r.client_id,
      domain: r.domain,
      referer: '',
      receivedAt: r.received_at,
      userAgent: r.user_agent,
      ipHash: r.ip_hash,
      ingestId: r.ingest_id,
      pagePath: r.page_path,
      consent: r.consent,
    });
    try {
      /** @type {any[][]} */
      const batches = [];
      for (let i = 0; i < total; i += 500)
        batches.push(Array.from({ length: Math.min(500, total - i) }, (_, j) => toGrpc(rawRecord(i + j))));
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (next < batches.length) {
            const batch = /** @type {any[]} */ (batches[next++]);
            const answer = await client.ingestEvents({ events: batch });
            if (answer.accepted !== batch.length)
              throw new Error(
                `only ${answer.accepted} of ${batch.length} accepted: ${answer.results.find((/** @type {any} */ r) => !r.accepted)?.reason}`,
              );
          }
        }),
      );
      const ms = performance.now() - start;
      return {
        mode: 'grpc',
        connections,
        events: total,
        sinkMs: ms,
        rowsPerSecond: Math.round(total / (ms / 1000)),
      };
    } finally {
      await service.stop();
    }
  });
}

/**
 * The sink's write alone: the repository's one statement per batch of 1000 enriched events (ledger +
 * partitioned table, one transaction each), in this process against a migrated fresh database.
 */
async function benchWrite() {
  const { createDataSource, initializeDatabase } = dist('libs/database/src/index.js');
  const { EVENTS_ENTITIES, EVENTS_MIGRATIONS, EVENTS_SCHEMA } = dist(
    'apps/events/src/persistence/events-schema.js',
  );
  const { TrackingEventsRepository } = dist('apps/events/src/persistence/tracking-events.repository.js');
  const { enrichTrackingEvent } = dist('apps/events/src/domain/enrichment.js');
  return withFreshDatabase(async (/** @type {string} */ url) => {
    const dataSource = await initializeDatabase(
      createDataSource({
        url,
        schema: EVENTS_SCHEMA,
        entities: EVENTS_ENTITIES,
        migrations: EVENTS_MIGRATIONS,
        poolMax: 2,
      }),
    );
    try {
      const repository = new TrackingEventsRepository(dataSource);
      /** @param {number} i */
      const enriched = (i) => {
        const r = rawRecord(i);
        return enrichTrackingEvent({
          ingestId: r.ingest_id,
          eventId: r.event_id,
          providerId: null,
          sub1: null,
          sub3: null,
          sub4: r.sub4,
          sub5: null,
          sub6: null,
          sub7: null,
          sub8: null,
          utmSource: r.utm_source || null,
          utmMedium: null,
          utmCampaign: null,
          utmContent: null,
          utmTerm: null,
          sessionId: r.session_id,
          clientId: r.client_id,
          domain: r.domain,
          referer: null,
          pagePath: r.page_path,
          userAgent: r.user_agent,
          ipHash: r.ip_hash,
          consent: r.consent,
          receivedAt: new Date(r.received_at),
        });
      };
      /** @type {any[][]} */
      const batches = [];
      for (let i = 0; i < total; i += 1_000)
        batches.push(Array.from({ length: Math.min(1_000, total - i) }, (_, j) => enriched(i + j)));
      await repository.insertBatch([enriched(total)]); // the day's partition exists before the clock starts
      const start = performance.now();
      for (const batch of batches) await repository.insertBatch(batch);
      const ms = performance.now() - start;
      return { mode: 'write', events: total, sinkMs: ms, rowsPerSecond: Math.round(total / (ms / 1000)) };
    } finally {
      await dataSource.destroy();
    }
  });
}

/** @type {any[]} */
const results = [];
/** @param {string} mode */
const wanted = (mode) => values.mode === 'all' || values.mode === mode;
if (wanted('write')) results.push(await benchWrite());
if (wanted('kafka')) results.push(await benchKafka());
if (wanted('grpc')) results.push(await benchGrpc());
for (const r of results) {
  const target = r.rowsPerSecond >= 20_000 ? 'meets' : 'below';
  if (r.mode === 'write') {
    process.stdout.write(
      `sink write (one statement per 1000 events: ledger + day partition): ${r.events} rows, ${r.rowsPerSecond} rows/s (${(r.sinkMs / 1000).toFixed(2)} s) — ${target} the 20,000 rows/s target\n`,
    );
    continue;
  }
  process.stdout.write(
    r.mode === 'kafka'
      ? `kafka → consumer → PostgreSQL: ${r.events} records, ${r.rowsPerSecond} rows/s (${(r.sinkMs / 1000).toFixed(2)} s; produced in ${(r.produceMs / 1000).toFixed(2)} s; ${r.broker}) — ${target} the 20,000 rows/s target\n`
      : `IngestEvents (gRPC, batches of 500, ${r.connections} callers) → PostgreSQL: ${r.events} events, ${r.rowsPerSecond} rows/s (${(r.sinkMs / 1000).toFixed(2)} s) — ${target} the 20,000 rows/s target\n`,
  );
}
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(
  root,
  'bench/results',
  `${new Date().toISOString().replace(/[:.]/g, '-')}-events-sink.json`,
);
writeFileSync(file, `${JSON.stringify({ when: new Date().toISOString(), results }, null, 2)}\n`);
process.stdout.write(`stored ${path.relative(root, file)}\n`);

// Content service throughput per process (docs/CAPACITY.md): starts the built content service on free
// ports against a fresh database, lets it import content/ at start, then calls the read RPCs a page
// render makes — GetPage, GetNavigation, ListArticles — from C concurrent callers for D seconds after
// a W-second warm-up, and prints calls/s and p50/p90/p99/max per RPC mix. Usage:
//   node bench/content-service.mjs [-c 16] [-d 10] [--warmup 3] [--no-build]
// DATABASE_URL: a fresh database is created there and dropped at the end; unset: an embedded
// PostgreSQL in a temporary data directory.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchDatabase } from './lib/bench-database.mjs';
import { runCallLoad } from './lib/call-load.mjs';
import { freePort, startProcess } from './lib/processes.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    connections: { type: 'string', short: 'c', default: '16' },
    duration: { type: 'string', short: 'd', default: '10' },
    warmup: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
for (const [name, value] of Object.entries({ connections, durationMs })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}

/** @param {string} text */
const say = (text) => console.log(`[content-service] ${text}`);

if (!values['no-build']) {
  say('building the content service');
  const build = spawnSync('npx', ['nx', 'run', 'content:build', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { createServiceClient } = require(path.join(root, 'dist/libs/contracts/src/index.js'));

const work = await mkdtemp(path.join(os.tmpdir(), 'bench-content-'));
const [grpcPort, opsPort, pgPort] = await Promise.all([freePort(), freePort(), freePort()]);
const database = await benchDatabase(process.env.DATABASE_URL, 'bench_content', work, pgPort);
/** @type {{ stop(): Promise<void> } | undefined} */
let service;

try {
  say(`starting the content service (gRPC ${grpcPort}), importing content/`);
  service = await startProcess(
    root,
    'content service',
    'dist/apps/content/src/main.js',
    {
      ...database.env,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      OPS_PORT: String(opsPort),
      REDIS_URL: process.env.REDIS_URL ?? '',
    },
    `http://127.0.0.1:${opsPort}/readyz`,
  );
  const client = createServiceClient('content', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 10_000 });
  const { routes } = await client.listRoutes({});
  // GetPage answers pages, SEO pages and documents; the other route types have RPCs of their own.
  /** @type {string[]} */
  const paths = [];
  for (const { path: pagePath } of routes) {
    if (
      await client.getPage({ path: pagePath }).then(
        () => true,
        () => false,
      )
    )
      paths.push(pagePath);
  }
  say(`${routes.length} routes imported; GetPage cycles through the ${paths.length} that are pages`);

  /** @type {Array<[string, (n: number) => Promise<unknown>]>} */
  const mixes = [
    ['GetPage', (n) => client.getPage({ path: paths[n % paths.length] })],
    ['GetNavigation', () => client.getNavigation({})],
    [
      'ListArticles',
      (n) =>
        client.listArticles({
          page: { page: 1 + (n % 3), pageSize: 12 },
          tagSlug: '',
          authorId: 0,
          authorSlug: '',
        }),
    ],
  ];
  /** @param {number} v */
  const ms = (v) => v.toFixed(2);
  for (const [name, call] of mixes) {
    const load = await runCallLoad(call, { connections, warmupMs, durationMs });
    if (load.firstError && load.answered === 0) throw load.firstError;
    say(
      `${name.padEnd(14)} ${load.perSecond.toFixed(0).padStart(6)} calls/s  p50 ${ms(load.p50)}  p90 ${ms(load.p90)}  p99 ${ms(load.p99)}  max ${ms(load.max)} ms  failed ${load.failed}`,
    );
  }
  client.close();
  say(
    `callers ${connections}; load average ${os
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

// The gateway's CPU time per request: what one answer costs the gateway process itself, read from
// its own process_cpu_seconds_total (the ops port's /metrics) around a fixed number of requests.
// Throughput ratios on a two-core machine move with whatever shares the cores (autocannon, the
// services, the machine's neighbours); the CPU a request costs moves far less, so a change to the
// gateway's request path is compared here, two builds alternated, before the ratios are judged.
// Beside it, the share of each run the gateway's event loop was busy
// (nodejs_eventloop_active_seconds_total): a loop that is not busy while every connection waits
// for an answer is waiting for its services, which is throughput lost apart from any CPU cost.
//
// Usage: npm run bench:gateway-cpu -- [route ...] [--no-cache] [--targets full,static,bare]
//          [--services content,rates] [--requests 20000] [--runs 5] [-c 16] [--no-build]
// A route is a name from bench/lib/routes.cjs (home, seo, article, ...) or a path; default: the
// SEO page and the article. Targets as in `npm run bench`: full (the page), static (/__static, the
// same bytes through the middleware), bare (/__bare, the render from kept data). --services adds
// the CPU per request of those services (their own ops ports), measured over the same runs.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startStack } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { BENCH_ROUTES } = require('./lib/routes.cjs');
const { barePath, staticPath } = require('./lib/args.cjs');
const { columns, spread } = require('./lib/report.cjs');
/** @type {Record<string, { grpc: number, ops: number }>} */
const SERVICE_PORTS = require('../libs/config/src/service-ports.json');

/** The gateway's ops port as tools/start starts it (/metrics). */
const GATEWAY_METRICS_URL = 'http://127.0.0.1:9464/metrics';
/** @type {Record<string, (route: string) => string>} */
const TARGETS = { full: (route) => route, static: staticPath, bare: barePath };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'no-cache': { type: 'boolean', default: false },
    targets: { type: 'string', default: 'full,static' },
    services: { type: 'string', default: '' },
    requests: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '5' },
    connections: { type: 'string', short: 'c', default: '16' },
    'no-build': { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const runs = Number(values.runs);
const connections = Number(values.connections);
for (const [name, value] of Object.entries({ requests, runs, connections })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
}
const targets = values.targets.split(',').map((t) => t.trim());
for (const target of targets)
  if (!(target in TARGETS)) throw new Error(`--targets: unknown target ${target} (full, static, bare)`);
const services = values.services
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
for (const name of services)
  if (!(name in SERVICE_PORTS))
    throw new Error(`--services: unknown service ${name} (${Object.keys(SERVICE_PORTS).join(', ')})`);
/** Where each measured process reports its CPU: the gateway first, then the asked services. */
const measured = [
  { name: 'gateway', url: GATEWAY_METRICS_URL },
  ...services.map((name) => ({
    name,
    url: `http://127.0.0.1:${/** @type {{ ops: number }} */ (SERVICE_PORTS[name]).ops}/metrics`,
  })),
];
const routes = (positionals.length > 0 ? positionals : ['seo', 'article']).map((given) => {
  const named = BENCH_ROUTES.find((route) => route.name === given);
  if (named) return { name: named.name, path: named.path };
  if (!given.startsWith('/')) throw new Error(`${given}: not a route name nor a path`);
  return { name: given, path: given };
});

/** @param {string} text */
const say = (text) => console.log(`[gateway-cpu] ${text}`);

/**
 * A process's CPU seconds so far (user and system) and its event loop's active seconds, as its
 * metrics say.
 * @param {string} url
 * @returns {Promise<{ cpu: number, loop: number }>}
 */
async function counters(url) {
  const lines = (await (await fetch(url)).text()).split('\n');
  /** @param {string} name */
  const value = (name) => {
    const line = lines.find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
    if (!line) throw new Error(`no ${name} at ${url}`);
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  return { cpu: value('process_cpu_seconds_total'), loop: value('nodejs_eventloop_active_seconds_total') };
}

/** The counters of every measured process, in the order of `measured`. */
const countersOfMeasured = () => Promise.all(measured.map(({ url }) => counters(url)));

/**
 * @param {string} url
 * @param {number} amount
 */
const load = (url, amount) => autocannon({ url, connections, amount });

const stack = await startStack({
  root,
  logFile: path.join(root, 'bench', 'results', 'gateway-cpu-stack.log'),
  build: !values['no-build'],
  pageCache: !values['no-cache'],
  contentDir: undefined,
  say,
});
const origin = String(stack.ready['url'] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
/** @type {string[][]} */
const rows = [];
try {
  for (const route of routes) {
    for (const target of targets) {
      const address = /** @type {(route: string) => string} */ (TARGETS[target])(route.path);
      // Unmeasured: the first render, the kept answers, the JIT.
      await load(origin + address, Math.min(requests, 2_000));
      /** CPU µs per request of each measured process, one entry per run. @type {number[][]} */
      const perRequest = measured.map(() => []);
      /** The share of the run the gateway's event loop was busy, one entry per run. @type {number[]} */
      const loopBusy = [];
      /** @type {number[]} */
      const rates = [];
      let non2xx = 0;
      for (let run = 0; run < runs; run++) {
        const before = await countersOfMeasured();
        const startedAt = performance.now();
        const result = await load(origin + address, requests);
        const wallSeconds = (performance.now() - startedAt) / 1000;
        const after = await countersOfMeasured();
        after.forEach(({ cpu }, index) =>
          perRequest[index]?.push(((cpu - (before[index]?.cpu ?? 0)) * 1e6) / result.requests.total),
        );
        loopBusy.push(((after[0]?.loop ?? 0) - (before[0]?.loop ?? 0)) / wallSeconds);
        rates.push(result.requests.average);
        non2xx += result.non2xx + result.errors;
      }
      const cpu = perRequest.map(
        (series) => /** @type {{ median: number, min: number, max: number }} */ (spread(series)),
      );
      const busy = /** @type {{ median: number, min: number, max: number }} */ (spread(loopBusy));
      rows.push([
        route.name,
        values['no-cache'] ? 'uncached' : 'cached',
        target,
        ...cpu.flatMap(({ median, min, max }) => [
          `${Math.round(median)}`,
          `${Math.round(min)}–${Math.round(max)}`,
        ]),
        `${Math.round(busy.median * 100)} %`,
        `${Math.round(busy.min * 100)}–${Math.round(busy.max * 100)}`,
        `${Math.round(/** @type {{ median: number }} */ (spread(rates)).median)}`,
        String(non2xx),
      ]);
      say(
        `${route.name} ${target}: ` +
          measured.map(({ name }, index) => `${name} ${Math.round(cpu[index]?.median ?? 0)}`).join(', ') +
          ` µs of CPU per request; the gateway's event loop busy ${Math.round(busy.median * 100)} % of the time`,
      );
    }
  }
} finally {
  await stack.stop();
}

console.log(
  `\nCPU per request (${measured.map(({ name }) => name).join(', ')}): median of ${runs} runs of ${requests} requests, ${connections} connections`,
);
console.log(
  columns(
    [
      'route',
      'cache',
      'target',
      ...measured.flatMap(({ name }) => [`${name} µs/req`, 'range']),
      'gateway loop busy',
      'range',
      'req/s',
      'errors+non-2xx',
    ],
    rows,
    new Set([0, 1, 2]),
  ),
);

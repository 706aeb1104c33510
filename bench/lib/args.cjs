'use strict';
// Command lines of `npm run bench -- <route> [flags]` and `npm run bench:all [-- flags]` (run.mjs --all).
const { parseArgs } = require('node:util');
const { BENCH_ROUTES, selectRoutes } = require('./routes.cjs');

const USAGE = `Usage: npm run bench -- <route> [flags]      one route, e.g. / or /pozyczki-dla-studentow/
       npm run bench:all [-- flags]             every route type, cached and uncached, one table

Measures, with the same connections, warm-up and duration each:
  full stack   <route> through the gateway with its gRPC calls (page cache as configured)
  bare render  /__bare<route>: the same React render in the same process from data kept in memory
  static       /__static<route>: the same bytes sent from memory through the gateway's middleware
  bare Node    the same bytes from a plain node:http server in a child process (the machine's limit)
and prints each with the ratios full/bare (data layer), bare/static (render), static/node
(middleware) and full/static. Uses the stack on http://127.0.0.1:$PORT (default 3000) when it is
ready (single route only); otherwise starts one with tools/start/start.mjs (BENCH_STATIC=1).

  --connections N[,N...]  concurrent connections; a list sweeps, e.g. 1,16,64,256 (default 64)
  --duration S            measured seconds per figure (default 15; bench:all 5)
  --warmup S              unmeasured seconds at the start of each figure's run (default 5; bench:all 2)
  --settle S              before a route's first figure, load its full stack and then its bare render
                          S seconds each, unmeasured (default 10; 0: none), so that the first round
                          does not measure the start-up of code only that route runs
  --no-cache              uncached SSR only (PAGE_CACHE=false); bench:all otherwise runs cached, then uncached
  --no-build              start the stack from the existing dist/ (no Nx build first)
  --content-scale N[,N]   start the stack with N times the articles (generated copies in a temp dir);
                          a list measures each, e.g. 1,10 (default 1: the repository's content)
  --rounds N              measure every target N times in turn (full, bare, static, node, full, ...)
                          and print each ratio's median over the rounds (default 1, at most 20)
  --routes a,b            bench:all only: these routes (${BENCH_ROUTES.map((r) => r.name).join(', ')};
                          "lists" = the list pages)
  --all                   what npm run bench:all runs`;

class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * @typedef {import('./routes.cjs').BenchRoute} BenchRoute
 * @typedef {{
 *   all: boolean, routes: BenchRoute[], connections: number[], duration: number, warmup: number,
 *   settle: number, cacheModes: boolean[], build: boolean, contentScales: number[], rounds: number, help: boolean,
 * }} BenchOptions
 */

/** Defaults of a single route (PERFORMANCE.md's settings) and of bench:all (shorter: 9 routes, 2 stacks). */
const DEFAULTS = Object.freeze({
  single: Object.freeze({ duration: 15, warmup: 5, settle: 10 }),
  all: Object.freeze({ duration: 5, warmup: 2, settle: 10 }),
});

/** Above this a content scale would only measure the importer (and fill the disk). */
const MAX_CONTENT_SCALE = 100;

/** Rounds multiply the run's length; twenty already keep bench:all busy for hours. */
const MAX_ROUNDS = 20;

/**
 * @param {string} flag
 * @param {string | undefined} raw
 * @param {number} min
 * @param {number} [max]
 */
function integer(flag, raw, min, max = Number.MAX_SAFE_INTEGER) {
  if (raw === undefined || raw.startsWith('--')) throw new UsageError(`${flag} needs a number`);
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${flag} must be a whole number ${range}, got "${raw}"`);
  }
  return value;
}

/**
 * A comma-separated list of whole numbers, each checked like integer(), without repeats, ascending.
 * @param {string} flag
 * @param {string | undefined} raw
 * @param {number} min
 * @param {number} [max]
 */
function integerList(flag, raw, min, max) {
  if (raw === undefined || raw.startsWith('--')) throw new UsageError(`${flag} needs a number`);
  const values = raw.split(',').map((part) => integer(flag, part, min, max));
  if (new Set(values).size !== values.length) throw new UsageError(`${flag} lists a value twice: "${raw}"`);
  return values.sort((a, b) => a - b);
}

const FLAGS = /** @type {const} */ ({
  connections: { type: 'string', short: 'c' },
  duration: { type: 'string', short: 'd' },
  warmup: { type: 'string' },
  settle: { type: 'string' },
  'content-scale': { type: 'string' },
  rounds: { type: 'string' },
  routes: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'no-build': { type: 'boolean' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
});

/**
 * @param {readonly string[]} argv
 * @returns {BenchOptions}
 */
function parseBenchArgs(argv) {
  let route = '';
  /** @type {string | undefined} */
  let routeNames;
  /** @type {{ duration?: number, warmup?: number, settle?: number }} */
  const given = {};
  /** @type {BenchOptions} */
  const options = {
    all: false,
    routes: [],
    connections: [64],
    duration: 0,
    warmup: 0,
    settle: 0,
    cacheModes: [true],
    build: true,
    contentScales: [1],
    rounds: 1,
    help: false,
  };
  let cache = true;
  // node:util parseArgs splits the command line (--flag value, --flag=value, -c value); strict mode
  // is off so that mistakes are reported in this CLI's own words.
  const { tokens } = parseArgs({
    args: [...argv],
    options: FLAGS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    const typed = /** @type {string} */ (argv[token.index]);
    if (token.kind === 'positional') {
      if (route) throw new UsageError(`only one route, got "${route}" and "${token.value}"`);
      route = token.value;
      continue;
    }
    if (token.kind === 'option-terminator') throw new UsageError(`unknown flag "${typed}"`);
    const flag = token.rawName;
    const name = Object.hasOwn(FLAGS, token.name) ? token.name : '';
    // A switch counts only as typed alone (not `--no-cache=1`, not grouped with other letters).
    if (name && FLAGS[/** @type {keyof typeof FLAGS} */ (name)].type === 'boolean' && typed !== flag)
      throw new UsageError(`unknown flag "${typed}"`);
    switch (name) {
      case 'connections':
        options.connections = integerList(flag, token.value, 1, 10_000);
        break;
      case 'duration':
        given.duration = integer(flag, token.value, 1);
        break;
      case 'warmup':
        given.warmup = integer(flag, token.value, 0);
        break;
      case 'settle':
        given.settle = integer(flag, token.value, 0, 600);
        break;
      case 'content-scale':
        options.contentScales = integerList(flag, token.value, 1, MAX_CONTENT_SCALE);
        break;
      case 'rounds':
        options.rounds = integer(flag, token.value, 1, MAX_ROUNDS);
        break;
      case 'routes':
        if (token.value === undefined || token.value.startsWith('--'))
          throw new UsageError(`${flag} needs route names, e.g. blog,tag,sitemap`);
        routeNames = token.value;
        break;
      case 'no-cache':
        cache = false;
        break;
      case 'no-build':
        options.build = false;
        break;
      case 'all':
        options.all = true;
        break;
      case 'help':
        options.help = true;
        break;
      default:
        // As typed, without a `=value` (so `--fast=1` is named "--fast", `-xy` stays "-xy").
        throw new UsageError(`unknown flag "${typed.startsWith('--') ? flag : typed}"`);
    }
  }
  const defaults = options.all ? DEFAULTS.all : DEFAULTS.single;
  options.duration = given.duration ?? defaults.duration;
  options.warmup = given.warmup ?? defaults.warmup;
  options.settle = given.settle ?? defaults.settle;
  if (options.help) return options;

  if (options.all) {
    if (route)
      throw new UsageError(`bench:all measures its own route list; drop "${route}" (or use --routes)`);
    try {
      options.routes = selectRoutes(routeNames);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    // Cached first, then a stack restarted with PAGE_CACHE=false; --no-cache keeps the second only.
    options.cacheModes = cache ? [true, false] : [false];
    return options;
  }

  if (routeNames !== undefined) throw new UsageError('--routes is for bench:all; give one route instead');
  if (!route) throw new UsageError('which route? e.g. npm run bench -- /');
  if (!route.startsWith('/')) throw new UsageError(`the route must start with "/", got "${route}"`);
  if (route.startsWith('/__static') || route.startsWith('/__bare'))
    throw new UsageError('give the page route; the /__bare and /__static baselines are added automatically');
  const known = BENCH_ROUTES.find((candidate) => candidate.path === route);
  options.routes = [known ?? { name: route, path: route, what: 'route' }];
  options.cacheModes = [cache];
  return options;
}

/**
 * The baseline URL paths for a route: the gateway serves the same bytes at /__static<route> and
 * the bare render at /__bare<route>.
 * @param {string} route
 */
const staticPath = (route) => `/__static${route}`;
/** @param {string} route */
const barePath = (route) => `/__bare${route}`;

module.exports = { parseBenchArgs, staticPath, barePath, DEFAULTS, UsageError, USAGE };

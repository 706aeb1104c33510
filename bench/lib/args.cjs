'use strict';
// Command line of `npm run bench -- <route> [flags]`.
const { parseArgs } = require('node:util');

const USAGE = `Usage: npm run bench -- <route> [--connections 64] [--duration 15] [--warmup 5] [--no-cache] [--no-build]

Loads <route> (e.g. / or /kalkulator-walutowy/) on the gateway with autocannon, then the same bytes
served as a static file by the same Express process (/__static<route>), and prints both and the ratio.
Uses the stack on http://127.0.0.1:$PORT (default 3000) when it is ready and serves /__static;
otherwise starts one with tools/start/start.mjs (BENCH_STATIC=1) and stops it afterwards.

  --connections N  concurrent connections (default 64)
  --duration S     measured seconds per target (default 15)
  --warmup S       unmeasured seconds before each target (default 5; 0 to skip)
  --no-cache       start the stack with PAGE_CACHE=false (uncached SSR); only for a stack it starts
  --no-build       start the stack without building first (dist/ must be current)`;

class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * @typedef {{ route: string, connections: number, duration: number, warmup: number, cache: boolean,
 *             build: boolean, help: boolean }} BenchOptions
 */

/**
 * @param {string} flag
 * @param {string | undefined} raw
 * @param {number} min
 */
function integer(flag, raw, min) {
  if (raw === undefined || raw.startsWith('--')) throw new UsageError(`${flag} needs a number`);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new UsageError(`${flag} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

const FLAGS = /** @type {const} */ ({
  connections: { type: 'string', short: 'c' },
  duration: { type: 'string', short: 'd' },
  warmup: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'no-build': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
});

/**
 * @param {readonly string[]} argv
 * @returns {BenchOptions}
 */
function parseBenchArgs(argv) {
  /** @type {BenchOptions} */
  const options = {
    route: '',
    connections: 64,
    duration: 15,
    warmup: 5,
    cache: true,
    build: true,
    help: false,
  };
  // node:util parseArgs splits the command line (--flag value, --flag=value, -c value); strict mode
  // is off so that mistakes are reported in this CLI's own words.
  const { tokens } = parseArgs({ args: [...argv], options: FLAGS, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    const typed = /** @type {string} */ (argv[token.index]);
    if (token.kind === 'positional') {
      if (options.route) throw new UsageError(`only one route, got "${options.route}" and "${token.value}"`);
      options.route = token.value;
      continue;
    }
    if (token.kind === 'option-terminator') throw new UsageError(`unknown flag "${typed}"`);
    const flag = token.rawName;
    switch (Object.hasOwn(FLAGS, token.name) ? token.name : '') {
      case 'connections':
        options.connections = integer(flag, token.value, 1);
        break;
      case 'duration':
        options.duration = integer(flag, token.value, 1);
        break;
      case 'warmup':
        options.warmup = integer(flag, token.value, 0);
        break;
      // A switch counts only as typed alone (not `--no-cache=1`, not grouped with other letters).
      case 'no-cache':
        if (typed !== flag) throw new UsageError(`unknown flag "${typed}"`);
        options.cache = false;
        break;
      case 'no-build':
        if (typed !== flag) throw new UsageError(`unknown flag "${typed}"`);
        options.build = false;
        break;
      case 'help':
        if (typed !== flag) throw new UsageError(`unknown flag "${typed}"`);
        options.help = true;
        break;
      default:
        // As typed, without a `=value` (so `--fast=1` is named "--fast", `-xy` stays "-xy").
        throw new UsageError(`unknown flag "${typed.startsWith('--') ? flag : typed}"`);
    }
  }
  if (options.help) return options;
  if (!options.route) throw new UsageError('which route? e.g. npm run bench -- /');
  if (!options.route.startsWith('/'))
    throw new UsageError(`the route must start with "/", got "${options.route}"`);
  if (options.route.startsWith('/__static'))
    throw new UsageError('give the page route; the /__static baseline is added automatically');
  return options;
}

/**
 * The baseline URL path for a route: the gateway serves the identical bytes at /__static<route>.
 * @param {string} route
 */
const staticPath = (route) => `/__static${route}`;

module.exports = { parseBenchArgs, staticPath, UsageError, USAGE };

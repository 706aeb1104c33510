'use strict';
// Command line of `npm run bench -- <route> [flags]`.

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
  for (let i = 0; i < argv.length; i += 1) {
    const arg = /** @type {string} */ (argv[i]);
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const next = () => (inline !== undefined ? inline : argv[(i += 1)]);
    switch (flag) {
      case '--connections':
      case '-c':
        options.connections = integer(flag, next(), 1);
        break;
      case '--duration':
      case '-d':
        options.duration = integer(flag, next(), 1);
        break;
      case '--warmup':
        options.warmup = integer(flag, next(), 0);
        break;
      case '--no-cache':
        options.cache = false;
        break;
      case '--no-build':
        options.build = false;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        if (flag.startsWith('-')) throw new UsageError(`unknown flag "${flag}"`);
        if (options.route) throw new UsageError(`only one route, got "${options.route}" and "${flag}"`);
        options.route = flag;
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

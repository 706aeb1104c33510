'use strict';
// Command line of `npm run chaos -- [flags]`.
const { parseArgs } = require('node:util');

/** @type {ReadonlyArray<Fault>} */
const FAULTS = Object.freeze(['stall', 'kill', 'postgres', 'deliveries']);

const USAGE = `Usage: npm run chaos [-- flags]

Starts the stack (tools/start/start.mjs, its own DATA_DIR), loads a few pages with autocannon,
posts comments through POST /api/comments all along (each with its idempotency key, sent again
with the same key after an uncertain answer) and follows 'Przejdź do oferty' (GET /przejdz/<id>/,
--clicks of them spread over the run, each as a visitor of its own without cookies), while it
  stall     stops the content service (SIGSTOP) for --stall seconds, then lets it go on (SIGCONT)
  kill      kills the rates service (SIGKILL); npm start's supervisor starts it again
  postgres  stops the embedded PostgreSQL (fast shutdown, as pg_ctl stop -m fast); the supervisor
            starts it again (skipped, with a line saying so, when DATABASE_URL is set)
  deliveries submits --applications applications with the delivery consent over gRPC to the leads
            service, kills it (SIGKILL) and then the partner sandbox (the lenders) while they are
            delivered, lets the supervisor start both again, and waits until nothing is queued but
            for the lender that never answers in time
then prints the requests, the non-2xx answers by status, the writes lost and duplicated (counted in
PostgreSQL: both must be 0), the offer clicks sent against those stored as offerClick in the events
table (lost and duplicated: both must be 0), the time to recover after each fault and the
deliveries (the outbox by state; what the sandbox received, its repeats and duplicates). Exits 1
when a write or a click was lost or duplicated, an application was delivered twice to a lender or
a delivery was left queued, or the stack did not recover.

  --faults a,b        which faults, in this order (default ${FAULTS.join(',')})
  --connections N     load connections (default 16)
  --writers N         concurrent comment posters (default 2)
  --clicks N          offer clicks sent over the run (default 200; 0: none)
  --stall S           seconds the content service stays stopped (default 8; under 15 s the
                      supervisor's liveness check does not restart it)
  --settle S          seconds of plain load before, between and after the faults (default 10)
  --recover-timeout S give up waiting for a fault's recovery after S seconds (default 60)
  --applications N    applications of the deliveries fault (default 24)
  --delivery-timeout S give up waiting for the deliveries to settle after S seconds (default 300;
                      a delivery interrupted by the kill waits out its 60 s lease first)
  --no-build          start the stack from the existing dist/ (no Nx build first)`;

class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * @typedef {'stall' | 'kill' | 'postgres' | 'deliveries'} Fault
 * @typedef {{
 *   faults: Fault[], connections: number, writers: number, clicks: number, stallSeconds: number,
 *   settleSeconds: number, recoverTimeoutSeconds: number, applications: number,
 *   deliveryTimeoutSeconds: number, build: boolean, help: boolean,
 * }} ChaosOptions
 */

/**
 * @param {string} flag
 * @param {string | undefined} raw
 * @param {number} fallback
 * @param {number} min
 * @param {number} max
 */
function integer(flag, raw, fallback, min, max) {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`${flag} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new UsageError(`${flag} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** @param {string | undefined} raw @returns {Fault[]} */
function faultList(raw) {
  if (raw === undefined) return [...FAULTS];
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--faults needs at least one of ' + FAULTS.join(', '));
  for (const name of names) {
    if (!FAULTS.includes(/** @type {Fault} */ (name)))
      throw new UsageError(`unknown fault "${name}"; known: ${FAULTS.join(', ')}`);
  }
  if (new Set(names).size !== names.length) throw new UsageError('--faults names a fault twice');
  return /** @type {Fault[]} */ (names);
}

/**
 * @param {string[]} argv
 * @returns {ChaosOptions}
 */
function parseChaosArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        faults: { type: 'string' },
        connections: { type: 'string', short: 'c' },
        writers: { type: 'string' },
        clicks: { type: 'string' },
        stall: { type: 'string' },
        settle: { type: 'string' },
        'recover-timeout': { type: 'string' },
        applications: { type: 'string' },
        'delivery-timeout': { type: 'string' },
        'no-build': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  return {
    faults: faultList(v.faults),
    connections: integer('--connections', v.connections, 16, 1, 1024),
    writers: integer('--writers', v.writers, 2, 1, 32),
    clicks: integer('--clicks', v.clicks, 200, 0, 100_000),
    stallSeconds: integer('--stall', v.stall, 8, 1, 600),
    settleSeconds: integer('--settle', v.settle, 10, 1, 600),
    recoverTimeoutSeconds: integer('--recover-timeout', v['recover-timeout'], 60, 5, 3600),
    applications: integer('--applications', v.applications, 24, 3, 1000),
    deliveryTimeoutSeconds: integer('--delivery-timeout', v['delivery-timeout'], 300, 30, 3600),
    build: !v['no-build'],
    help: v.help === true,
  };
}

module.exports = { FAULTS, USAGE, UsageError, parseChaosArgs };

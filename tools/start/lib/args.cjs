'use strict';
// Command-line flags of `npm start`. Kept apart from the entry so the rules are unit-tested.
const { parseArgs } = require('node:util');

const USAGE = `Usage: npm start [-- <flags>]

Builds the workspace, starts PostgreSQL (embedded, or DATABASE_URL), the five gRPC services, MailDev
(unless SMTP_URL is set), the partner sandbox (the lenders applications are delivered to, with secrets
made for this run) and the gateway, waits until all report ready and prints the addresses. Ctrl-C stops
everything.

Flags:
  --no-build     use the existing dist/ instead of running the Nx build first
  --no-sandbox   start no partner sandbox: applications are matched only, unless LENDER_DELIVERY_FILE
                 names a lender file (a set LENDER_DELIVERY_FILE also starts none: its lenders and
                 their LENDER_SECRET_* from the environment are used)
  --json         print every log line as JSON (one object per line) instead of the readable form
  --help         show this text

Environment variables are passed through to every process (DATABASE_URL, REDIS_URL, KAFKA_BROKERS,
LOG_LEVEL, PORT, ...); see README.md for the full table.`;

class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * @typedef {{ build: boolean, sandbox: boolean, json: boolean, help: boolean }} StartOptions
 */

/** Flags and the option each sets; all are plain switches. */
const FLAGS = /** @type {const} */ ({
  'no-build': { type: 'boolean' },
  'no-sandbox': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
});

/**
 * @param {readonly string[]} argv arguments after the script name
 * @returns {StartOptions}
 */
function parseStartArgs(argv) {
  // node:util parseArgs splits the command line; strict mode is off so that a wrong argument is
  // reported in this CLI's own words, naming the argument exactly as it was typed.
  const { tokens } = parseArgs({
    args: [...argv],
    options: FLAGS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  /** @type {StartOptions} */
  const options = { build: true, sandbox: true, json: false, help: false };
  for (const token of tokens) {
    const typed = argv[token.index];
    // A switch counts only as typed alone: not `--json=1`, not grouped, not after `--`.
    if (token.kind !== 'option' || !Object.hasOwn(FLAGS, token.name) || typed !== token.rawName) {
      throw new UsageError(`unknown argument "${typed}"`);
    }
    if (token.name === 'no-build') options.build = false;
    else if (token.name === 'no-sandbox') options.sandbox = false;
    else if (token.name === 'json') options.json = true;
    else options.help = true;
  }
  return options;
}

module.exports = { parseStartArgs, UsageError, USAGE };

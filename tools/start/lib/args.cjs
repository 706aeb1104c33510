'use strict';
// Command-line flags of `npm start`. Kept apart from the entry so the rules are unit-tested.

const USAGE = `Usage: npm start [-- <flags>]

Builds the workspace, starts PostgreSQL (embedded, or DATABASE_URL), the five gRPC services and the
gateway, waits until all report ready and prints the address. Ctrl-C stops everything.

Flags:
  --no-build   use the existing dist/ instead of running the Nx build first
  --json       print every log line as JSON (one object per line) instead of the readable form
  --help       show this text

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
 * @typedef {{ build: boolean, json: boolean, help: boolean }} StartOptions
 */

/**
 * @param {readonly string[]} argv arguments after the script name
 * @returns {StartOptions}
 */
function parseStartArgs(argv) {
  /** @type {StartOptions} */
  const options = { build: true, json: false, help: false };
  for (const arg of argv) {
    switch (arg) {
      case '--no-build':
        options.build = false;
        break;
      case '--json':
        options.json = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  return options;
}

module.exports = { parseStartArgs, UsageError, USAGE };

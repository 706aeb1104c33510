#!/usr/bin/env node
// Holds the embedded PostgreSQL for `npm start`. It runs as a child of start.mjs in a process group
// of its own, so Ctrl-C in the terminal does not reach PostgreSQL before the services have drained;
// start.mjs stops it last. It talks to start.mjs over the IPC channel: one 'ready' message with the
// URL. If start.mjs disappears (the channel closes), it stops PostgreSQL rather than leak it.
// It owns the server of DATA_DIR for as long as it runs: a server found running (left by an earlier
// run, or restarted by an operator with pg_ctl) is reused and stopped on exit like one it started.
// When the server goes away while it holds it, it exits (code 1), and start.mjs starts a new holder,
// which starts the server again (or finds the operator's).
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

if (typeof process.send !== 'function') {
  console.error('tools/start/database.mjs is started by tools/start/start.mjs (it needs an IPC channel).');
  process.exit(2);
}

const { resolveDatabase, runningEmbeddedServer } = require(
  path.join(root, 'dist/libs/database/src/index.js'),
);
const { createLogger } = require(path.join(root, 'dist/libs/observability/src/index.js'));

const logger = createLogger({ name: 'postgres', level: process.env.LOG_LEVEL || 'info' });
const dataDir = process.env.DATA_DIR || '.data';
/** How often the holder checks that its server still runs. */
const WATCH_INTERVAL_MS = 2_000;
const starting = resolveDatabase({
  databaseUrl: undefined,
  dataDir,
  embeddedPort: Number(process.env.EMBEDDED_PG_PORT || 54329),
  logger,
  ownServer: true,
});

/** @type {Promise<void> | undefined} */
let stopping;
/** @param {string} reason */
function stop(reason) {
  stopping ??= (async () => {
    // A stop request during initdb/startup waits for it, so no half-started server is left behind.
    const database = await starting.catch(() => undefined);
    if (!database) process.exit(1);
    logger.info({ reason }, 'stopping the embedded PostgreSQL');
    try {
      await database.stop();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'embedded PostgreSQL did not stop cleanly');
      process.exit(1);
    }
  })();
}

process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
process.once('disconnect', () => stop('start script went away'));

/** Exits when the server is gone (crashed, or stopped by hand) so that start.mjs restarts the holder. */
function watchServer() {
  // A dist/ built before this check existed (npm start --no-build): hold without watching.
  if (typeof runningEmbeddedServer !== 'function') return;
  const timer = setTimeout(() => {
    void (async () => {
      if (stopping) return;
      const server = await runningEmbeddedServer(dataDir).catch(() => 'unknown');
      if (stopping) return;
      if (server) {
        watchServer();
        return;
      }
      logger.error(
        { dataDir },
        'the embedded PostgreSQL is no longer running; exiting so that npm start starts it again',
      );
      process.exit(1);
    })();
  }, WATCH_INTERVAL_MS);
  timer.unref();
}

try {
  const database = await starting;
  if (!stopping) {
    process.send({ type: 'ready', url: database.url, embedded: database.embedded });
    watchServer();
  }
} catch (error) {
  logger.fatal({ err: error }, 'the embedded PostgreSQL could not be started');
  process.exit(1);
}

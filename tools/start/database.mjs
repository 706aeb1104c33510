#!/usr/bin/env node
// Holds the embedded PostgreSQL for `npm start`. It runs as a child of start.mjs in a process group
// of its own, so Ctrl-C in the terminal does not reach PostgreSQL before the services have drained;
// start.mjs stops it last. It talks to start.mjs over the IPC channel: one 'ready' message with the
// URL. If start.mjs disappears (the channel closes), it stops PostgreSQL rather than leak it.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

if (typeof process.send !== 'function') {
  console.error('tools/start/database.mjs is started by tools/start/start.mjs (it needs an IPC channel).');
  process.exit(2);
}

const { resolveDatabase } = require(path.join(root, 'dist/libs/database/src/index.js'));
const { createLogger } = require(path.join(root, 'dist/libs/observability/src/index.js'));

const logger = createLogger({ name: 'postgres', level: process.env.LOG_LEVEL || 'info' });
const starting = resolveDatabase({
  databaseUrl: undefined,
  dataDir: process.env.DATA_DIR || '.data',
  embeddedPort: Number(process.env.EMBEDDED_PG_PORT || 54329),
  logger,
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

try {
  const database = await starting;
  if (!stopping) process.send({ type: 'ready', url: database.url, embedded: database.embedded });
} catch (error) {
  logger.fatal({ err: error }, 'the embedded PostgreSQL could not be started');
  process.exit(1);
}

// A database of its own for a benchmark that starts a service from its build: created on the
// PostgreSQL of DATABASE_URL and dropped afterwards, or, without DATABASE_URL, the service's own
// embedded PostgreSQL in a temporary data directory.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * @param {string | undefined} databaseUrl the server to create it on; undefined: embedded
 * @param {string} prefix database name prefix, e.g. 'bench_offers'
 * @param {string} workDir a temporary folder of the benchmark (the embedded cluster goes there)
 * @param {number} embeddedPort port for the embedded PostgreSQL
 * @returns {Promise<{ env: Record<string, string>, drop(): Promise<void> }>} the service's database variables
 */
export async function benchDatabase(databaseUrl, prefix, workDir, embeddedPort) {
  if (!databaseUrl) {
    return {
      env: { DATA_DIR: path.join(workDir, 'data'), EMBEDDED_PG_PORT: String(embeddedPort) },
      drop: async () => {},
    };
  }
  const { Client } = require('pg');
  const name = `${prefix}_${process.pid}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    drop: async () => {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

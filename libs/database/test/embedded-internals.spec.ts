import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { readOrCreatePassword, superuserUrl } from '../src/embedded/cluster';
import { clearStalePostmasterPid, readPostmasterPid } from '../src/embedded/postmaster-pid';
import { isAlive, isPostmasterOf } from '../src/embedded/process-state';
import { acquireStartLock } from '../src/embedded/start-lock';
import { quoteIdentifier, withDatabase } from '../src/pg-admin';

const logger = pino({ level: 'silent' });

describe('embedded cluster internals', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-internals-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('generates the password once, owner-readable only, and keeps it', async () => {
    const file = path.join(dir, 'postgres-password');
    const [a, b] = await Promise.all([readOrCreatePassword(file), readOrCreatePassword(file)]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readOrCreatePassword(file)).toBe(a);
    expect(superuserUrl(5555, a)).toBe(`postgres://postgres:${a}@127.0.0.1:5555/postgres`);
  });

  it('reads postmaster.pid and removes it only when no postmaster of this directory owns it', async () => {
    const pgData = path.join(dir, 'postgres');
    await mkdir(pgData);
    const pidFile = path.join(pgData, 'postmaster.pid');

    await writeFile(pidFile, `999999\n${pgData}\n1700000000\n54329\n`);
    expect(await readPostmasterPid(pgData)).toEqual({ pid: 999999, port: 54329 });
    expect(await clearStalePostmasterPid(pgData, logger)).toBeUndefined();
    await expect(readFile(pidFile)).rejects.toThrow(/ENOENT/);

    // A live pid that is not a postmaster of this directory is stale too (pid reuse after a crash).
    await writeFile(pidFile, `${process.pid}\n${pgData}\n1700000000\n54329\n`);
    expect(await isPostmasterOf(process.pid, pgData)).toBe(false);
    expect(await clearStalePostmasterPid(pgData, logger)).toBeUndefined();
    await expect(readFile(pidFile)).rejects.toThrow(/ENOENT/);

    expect(await clearStalePostmasterPid(pgData, logger)).toBeUndefined();
  });

  it('serialises start-up: a second taker waits until released or until the work is done elsewhere', async () => {
    const file = path.join(dir, 'start.lock');
    const release = await acquireStartLock(file, () => Promise.resolve(false), 5_000);
    expect(release).toBeDefined();
    expect(await readFile(file, 'utf8')).toBe(String(process.pid));

    let done = false;
    const waiting = acquireStartLock(file, () => Promise.resolve(done), 5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    done = true;
    expect(await waiting).toBeUndefined();

    await release!();
    const again = await acquireStartLock(file, () => Promise.resolve(false), 5_000);
    expect(again).toBeDefined();
    await again!();
  });

  it('takes over a lock whose holder died, and gives up after the timeout on a live one', async () => {
    const file = path.join(dir, 'start.lock');
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('exit', resolve));
    expect(isAlive(dead.pid!)).toBe(false);
    await writeFile(file, String(dead.pid));
    const release = await acquireStartLock(file, () => Promise.resolve(false), 5_000);
    expect(release).toBeDefined();
    await expect(acquireStartLock(file, () => Promise.resolve(false), 300)).rejects.toThrow(/timed out/);
    await release!();
  });

  it('builds database URLs and quotes identifiers', () => {
    expect(withDatabase('postgres://u:p%40ss@h:5432/postgres?sslmode=require', 't_1')).toBe('postgres://u:p%40ss@h:5432/t_1?sslmode=require');
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });
});

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { clearStalePostmasterPid, readPostmasterPid } from './postmaster-pid';
import { isPostmasterOf } from './process-state';

const logger = pino({ level: 'silent' });

describe('postmaster.pid', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'postmaster-pid-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is read, and removed only when no postmaster of this directory owns it', async () => {
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
});

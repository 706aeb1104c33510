import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Logger } from '@lib/observability';
import { isPostmasterOf } from './process-state';

export interface PostmasterLock {
  pid: number;
  port: number;
}

/** postmaster.pid: line 1 the pid, line 2 the data directory, line 4 the port. */
export async function readPostmasterPid(pgData: string): Promise<PostmasterLock | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(pgData, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  return { pid: Number.parseInt(lines[0] ?? '', 10), port: Number.parseInt(lines[3] ?? '', 10) };
}

/**
 * After a crash or a killed container, postmaster.pid stays behind. PostgreSQL removes it itself
 * when the pid is dead, but refuses to start when the pid now belongs to an unrelated process.
 * Returns the lock when a live postmaster still owns the directory.
 */
export async function clearStalePostmasterPid(
  pgData: string,
  logger: Logger,
): Promise<PostmasterLock | undefined> {
  const lock = await readPostmasterPid(pgData);
  if (!lock) return undefined;
  if (await isPostmasterOf(lock.pid, pgData)) return lock;
  await unlink(path.join(pgData, 'postmaster.pid')).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  logger.warn(
    { pid: lock.pid, pgData },
    'removed a stale postmaster.pid left by a PostgreSQL that is no longer running',
  );
  return undefined;
}

/** The live postmaster serving pgData (whoever started it), or undefined when none runs. */
export async function runningPostmaster(pgData: string): Promise<PostmasterLock | undefined> {
  const lock = await readPostmasterPid(pgData);
  if (!lock) return undefined;
  return (await isPostmasterOf(lock.pid, pgData)) ? lock : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function gone(pid: number, pgData: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isPostmasterOf(pid, pgData)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/**
 * Stops the postmaster serving pgData, whoever started it (this process, an earlier run, an
 * operator's `pg_ctl`): SIGINT, PostgreSQL's fast shutdown (open transactions rolled back, a
 * checkpoint), then SIGQUIT (immediate) when it has not exited within timeoutMs. Resolves once it is
 * gone; false when nothing was running.
 */
export async function stopPostmaster(pgData: string, logger: Logger, timeoutMs = 15_000): Promise<boolean> {
  const live = await runningPostmaster(pgData);
  if (!live) return false;
  logger.info(
    { pid: live.pid, port: live.port, pgData },
    'stopping the embedded PostgreSQL serving this data directory',
  );
  try {
    process.kill(live.pid, 'SIGINT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
    throw error;
  }
  if (await gone(live.pid, pgData, timeoutMs)) return true;
  logger.warn({ pid: live.pid }, 'embedded PostgreSQL did not stop in time; forcing an immediate shutdown');
  process.kill(live.pid, 'SIGQUIT');
  await gone(live.pid, pgData, timeoutMs);
  return true;
}

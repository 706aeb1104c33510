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
export async function clearStalePostmasterPid(pgData: string, logger: Logger): Promise<PostmasterLock | undefined> {
  const lock = await readPostmasterPid(pgData);
  if (!lock) return undefined;
  if (await isPostmasterOf(lock.pid, pgData)) return lock;
  await unlink(path.join(pgData, 'postmaster.pid')).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  logger.warn({ pid: lock.pid, pgData }, 'removed a stale postmaster.pid left by a PostgreSQL that is no longer running');
  return undefined;
}

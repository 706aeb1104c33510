import { readFile, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/** True when a process with this pid exists (zombies included). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether pid is a live postmaster serving dataDir. Pids get reused after a crash or reboot, so
 * a live pid alone proves nothing; on Linux the process tells: its program is postgres, and either
 * its working directory is the data directory (a postmaster changes into it, whoever started it and
 * however `-D` was spelled, e.g. relative by `pg_ctl`) or its command line names it. Elsewhere we
 * trust liveness.
 */
export async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  let cmdline: string;
  try {
    cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return process.platform !== 'linux';
  }
  const args = cmdline.split('\0');
  if (!/postgres/.test(path.basename(args[0] ?? ''))) return false;
  if (args.includes(dataDir)) return true;
  const [cwd, wanted] = await Promise.all([
    readlink(`/proc/${pid}/cwd`).catch(() => undefined),
    realpath(dataDir).catch(() => dataDir),
  ]);
  return cwd !== undefined && cwd === wanted;
}

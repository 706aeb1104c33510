import { readFile } from 'node:fs/promises';

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
 * a live pid alone proves nothing; on Linux the command line tells. Elsewhere we trust liveness.
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
  return /postgres/.test(args[0] ?? '') && args.includes(dataDir);
}

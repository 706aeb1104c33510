import { open, readFile, stat, unlink } from 'node:fs/promises';
import { isAlive } from './process-state';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A lock file that serialises cluster start-up across processes (five services launched at once
 * must not all run initdb). Returns a release function, or undefined when `done()` reports that
 * another process finished the job while we waited.
 */
export async function acquireStartLock(
  file: string,
  done: () => Promise<boolean>,
  timeoutMs: number,
): Promise<(() => Promise<void>) | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(file).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    const abandoned = Number.isNaN(holder)
      ? // Created but never written: the creator died between open and write.
        Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0) > 10_000
      : !isAlive(holder);
    if (abandoned) {
      await unlink(file).catch(() => undefined);
      continue;
    }
    if (await done()) return undefined;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for process ${holder} to start PostgreSQL (lock ${file})`,
      );
    }
    await sleep(250);
  }
}

import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';

/**
 * The PostgreSQL version a data directory was initialised by, from its PG_VERSION file ("15", or
 * "9.6" before 10), or undefined when there is no such file. Only binaries of that major can open it.
 */
export async function dataDirectoryVersion(pgData: string): Promise<string | undefined> {
  try {
    return (await readFile(path.join(pgData, 'PG_VERSION'), 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `postgres-pg18-20250314-093005`: which major made it and when (local time) it was set aside. */
export function asideDirectoryName(version: string, at: Date): string {
  const day = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `postgres-pg${version}-${day}-${time}`;
}

/**
 * Renames pgData to `<its parent>/postgres-pg<version>-<yyyymmdd-hhmmss>` (with `-2`, `-3`, … if
 * that name is taken) and returns the new path. A rename within one directory: nothing is copied,
 * nothing deleted.
 */
export async function moveDataDirectoryAside(
  pgData: string,
  version: string,
  at = new Date(),
): Promise<string> {
  const base = path.join(path.dirname(pgData), asideDirectoryName(version, at));
  for (let attempt = 1; ; attempt += 1) {
    const target = attempt === 1 ? base : `${base}-${attempt}`;
    try {
      await rename(pgData, target);
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // rename() replaces an empty directory silently and refuses a non-empty one.
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= 100) throw error;
    }
  }
}

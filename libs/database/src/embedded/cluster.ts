import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Logger } from '@lib/observability';
import { probePostgres } from '../pg-admin';
import { findBinaries, type PostgresBinaries } from './binaries';
import { dataDirectoryVersion, moveDataDirectoryAside } from './data-dir-version';
import { canReach, postgresRunAs, type RunAs } from './os-user';
import { clearStalePostmasterPid } from './postmaster-pid';
import { acquireStartLock } from './start-lock';

export const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ClusterPaths {
  root: string;
  pgData: string;
  passwordFile: string;
  startLock: string;
}

export function clusterPaths(dataDir: string): ClusterPaths {
  const root = path.resolve(dataDir);
  return {
    root,
    pgData: path.join(root, 'postgres'),
    passwordFile: path.join(root, 'postgres-password'),
    startLock: path.join(root, 'postgres.start.lock'),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The superuser password, generated on first use and kept (0600, owner only) beside the cluster. */
export async function readOrCreatePassword(file: string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(24).toString('base64url');
  try {
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    return password;
  } catch (error) {
    // Another process wrote it first; theirs wins.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}

export function superuserUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

function runToEnd(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`${path.basename(command)} failed (${signal ?? `exit code ${code}`}): ${output.trim()}`),
        );
    });
  });
}

/**
 * initdb into a side directory and rename it into place, so a crash half-way never leaves a
 * directory that looks initialised but is not. Password authentication (scram-sha-256) even on
 * 127.0.0.1: other local users must not get a superuser login for free.
 */
async function initialise(
  bin: PostgresBinaries,
  paths: ClusterPaths,
  password: string,
  runAs: RunAs | undefined,
  logger: Logger,
): Promise<void> {
  const staging = `${paths.pgData}.initdb`;
  const pwFile = path.join(paths.root, `.pwfile-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs) {
      await chown(staging, runAs.uid, runAs.gid);
      await chown(pwFile, runAs.uid, runAs.gid);
    }
    logger.info({ pgData: paths.pgData }, 'initialising a new embedded PostgreSQL cluster');
    await runToEnd(
      bin.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Code-point order in UTF-8 whatever locales the host has installed: the C collation
        // compares bytes, which for UTF-8 is code-point order. (PostgreSQL 15 has no "builtin"
        // provider; under C, SQL upper()/lower()/ILIKE fold ASCII letters only, and no service uses them.)
        '--locale=C',
      ],
      runAs,
    );
  } finally {
    await rm(pwFile, { force: true });
  }
  await rename(staging, paths.pgData);
}

function collectOutput(child: ChildProcess): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text.trim();
}

export interface RunningCluster {
  pid: number;
  stop: () => Promise<void>;
}

function launch(
  bin: PostgresBinaries,
  paths: ClusterPaths,
  port: number,
  runAs: RunAs | undefined,
  settings: Record<string, string>,
): ChildProcess {
  return spawn(
    bin.postgres,
    [
      '-D',
      paths.pgData,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no socket lock files in /tmp to collide with other clusters or go stale.
      '-c',
      'unix_socket_directories=',
      // Server logs go to <pgData>/log with daily files reused weekly, so the cluster can outlive
      // the process that started it and its logs never grow without bound.
      '-c',
      'logging_collector=on',
      '-c',
      'log_filename=postgresql-%a.log',
      '-c',
      'log_truncate_on_rotation=on',
      '-c',
      'log_rotation_age=1d',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    },
  );
}

async function waitUntilReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = signal ?? `exit code ${code}`;
  });
  // Spawning itself can fail (binary not executable for the postgres user, missing libraries).
  child.once('error', (error) => {
    exited = error.message;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited)
      throw new Error(`embedded PostgreSQL exited during start-up (${exited}): ${output() || 'no output'}`);
    const probe = await probePostgres(url, 1_000);
    if (probe.state === 'ok') return;
    if (probe.state === 'rejected')
      throw new Error(`embedded PostgreSQL started but refused our login: ${probe.error.message}`);
    if (Date.now() > deadline)
      throw new Error(
        `embedded PostgreSQL did not accept connections within ${START_TIMEOUT_MS} ms: ${output()}`,
      );
    await sleep(100);
  }
}

async function waitForExternal(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const probe = await probePostgres(url, 1_000);
    if (probe.state === 'ok') return;
    if (probe.state === 'rejected')
      throw new Error(`the running embedded PostgreSQL refused our login: ${probe.error.message}`);
    if (Date.now() > deadline)
      throw new Error(
        `the running embedded PostgreSQL did not accept connections within ${START_TIMEOUT_MS} ms`,
      );
    await sleep(200);
  }
}

function stopper(child: ChildProcess, logger: Logger): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= new Promise<void>((resolve) => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
      // SIGQUIT ("immediate") only if that takes too long.
      const escalate = setTimeout(() => {
        logger.warn('embedded PostgreSQL did not stop in time; forcing an immediate shutdown');
        child.kill('SIGQUIT');
      }, STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(escalate);
        logger.info('embedded PostgreSQL stopped');
        resolve();
      });
      child.kill('SIGINT');
    });
    return stopping;
  };
}

/**
 * A cluster initialised by another PostgreSQL major (e.g. 18, before this project settled on 15)
 * cannot be started by these binaries. It is renamed, never deleted, and a fresh cluster takes its
 * place; the warning says where it went and how to get its data back.
 */
async function setAsideOtherMajor(paths: ClusterPaths, major: number, logger: Logger): Promise<void> {
  const version = await dataDirectoryVersion(paths.pgData);
  if (version === undefined || version === String(major)) return;
  const live = await clearStalePostmasterPid(paths.pgData, logger);
  if (live) {
    throw new Error(
      `PostgreSQL (pid ${live.pid}, port ${live.port}) still runs on ${paths.pgData}, a PostgreSQL ${version} cluster ` +
        `that the embedded PostgreSQL ${major} cannot open. Stop that server and start again (its data will be kept aside).`,
    );
  }
  const movedTo = await moveDataDirectoryAside(paths.pgData, version);
  logger.warn(
    { pgData: paths.pgData, movedTo, dataVersion: version, serverVersion: major },
    `${paths.pgData} holds a PostgreSQL ${version} cluster, which the embedded PostgreSQL ${major} cannot open: ` +
      `moved it to ${movedTo} (nothing deleted) and starting a new, empty cluster. To keep its data, run it with ` +
      `PostgreSQL ${version} binaries and pg_dump it, then load the dump here (libs/database/README.md, "Data from another PostgreSQL major").`,
  );
}

/**
 * Starts the cluster under paths on 127.0.0.1:port, initialising it on first use. Returns
 * undefined when, while we waited for the start lock, another process brought it up.
 */
export async function startCluster(
  paths: ClusterPaths,
  port: number,
  password: string,
  logger: Logger,
  settings: Record<string, string> = {},
): Promise<RunningCluster | undefined> {
  const url = superuserUrl(port, password);
  const release = await acquireStartLock(
    paths.startLock,
    async () => (await probePostgres(url, 500)).state === 'ok',
    START_TIMEOUT_MS * 2,
  );
  if (!release) return undefined;
  try {
    // Someone may have finished starting it between our first probe and taking the lock.
    if ((await probePostgres(url, 500)).state === 'ok') return undefined;

    const [bin, runAs] = await Promise.all([findBinaries(), postgresRunAs()]);
    if (runAs && !(await canReach(runAs, paths.root))) {
      throw new Error(
        `PostgreSQL runs as the "${runAs.name}" OS user (it refuses root), which cannot reach ${paths.root}. ` +
          'Make its parent directories searchable (chmod o+x) or point DATA_DIR somewhere it can reach.',
      );
    }
    await setAsideOtherMajor(paths, bin.major, logger);
    if (!(await exists(path.join(paths.pgData, 'PG_VERSION')))) {
      if (await exists(paths.pgData)) {
        throw new Error(
          `${paths.pgData} exists but is not a PostgreSQL data directory; move it away or choose another DATA_DIR`,
        );
      }
      await initialise(bin, paths, password, runAs, logger);
    }
    if (runAs) {
      // A restored backup or a copied .data may carry other owners; PostgreSQL insists on 0700 and its own user.
      await chown(paths.pgData, runAs.uid, runAs.gid);
      await chmod(paths.pgData, 0o700);
    }
    const live = await clearStalePostmasterPid(paths.pgData, logger);
    if (live?.port === port) {
      // Started from outside our lock (by hand, or a crash-restart) and still coming up.
      await waitForExternal(url);
      return undefined;
    }
    if (live) {
      throw new Error(
        `PostgreSQL (pid ${live.pid}) already serves ${paths.pgData} on port ${live.port}, not on ${port}. ` +
          `Use EMBEDDED_PG_PORT=${live.port} or stop that server.`,
      );
    }

    logger.info({ port, pgData: paths.pgData, user: runAs?.name }, 'starting embedded PostgreSQL');
    const child = launch(bin, paths, port, runAs, settings);
    const output = collectOutput(child);
    const stop = stopper(child, logger);
    try {
      await waitUntilReady(child, url, output);
    } catch (error) {
      await stop();
      throw error;
    }
    // Past start-up the server logs to its own files. Stop reading and let this process exit
    // without stopping it: a cluster left running is simply reused by the next start.
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.unref();
    logger.info({ port, pid: child.pid }, 'embedded PostgreSQL is ready');
    return { pid: child.pid ?? -1, stop };
  } finally {
    await release();
  }
}

import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@lib/test-support';
import pino from 'pino';
import { type DataSource } from 'typeorm';
import {
  createDataSource,
  quoteIdentifier,
  resolveDatabase,
  runExclusive,
  ScheduledWork,
  withClient,
  withDatabase,
} from '../src';

// Deliberately no @lib/testing here: it depends on this library, and Nx forbids the cycle
// (@lib/test-support depends on nothing of ours, so its freePort is fine).
// DATABASE_URL when set (CI); otherwise an embedded cluster in a temporary directory.

describe('runExclusive and ScheduledWork: scheduled work on one replica at a time (real PostgreSQL)', () => {
  const logger = pino({ level: 'silent' });
  let adminUrl: string;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  // Two replicas: two data sources, two pools, like two pods.
  let first: DataSource;
  let second: DataSource;

  beforeAll(async () => {
    const configured = process.env.DATABASE_URL?.trim();
    if (configured) {
      adminUrl = configured;
    } else {
      const dir = await mkdtemp(path.join(tmpdir(), 'exclusive-'));
      await chmod(dir, 0o755);
      const embedded = await resolveDatabase({ dataDir: dir, embeddedPort: await freePort(), logger });
      adminUrl = withDatabase(embedded.url, 'postgres');
      stopEmbedded = async () => {
        await embedded.stop();
        await rm(dir, { recursive: true, force: true });
      };
    }
    await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
    const options = {
      url: withDatabase(adminUrl, name),
      schema: 'public',
      entities: [],
      migrations: [],
      poolMax: 2,
      logger,
    };
    first = await createDataSource({ ...options, applicationName: 'replica-1' }).initialize();
    second = await createDataSource({ ...options, applicationName: 'replica-2' }).initialize();
  }, 120_000);

  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    await withClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
    );
    await stopEmbedded?.();
  });

  it('lets one replica run while the other skips, then either may run again', async () => {
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const running = runExclusive(first, 'nbp:A', async () => {
      entered();
      await held;
      return 'first';
    });
    // The first run holds the lock from here on (its work has started and waits for `held`).
    await inside;
    await expect(runExclusive(second, 'nbp:A', () => Promise.resolve('second'))).resolves.toEqual({
      ran: false,
    });
    // Another name is another lock.
    await expect(runExclusive(second, 'feeds', () => Promise.resolve('feeds'))).resolves.toEqual({
      ran: true,
      value: 'feeds',
    });
    release();
    await expect(running).resolves.toEqual({ ran: true, value: 'first' });
    await expect(runExclusive(second, 'nbp:A', () => Promise.resolve('second'))).resolves.toEqual({
      ran: true,
      value: 'second',
    });
  });

  it('releases the lock and the connection when the work fails', async () => {
    await expect(
      runExclusive(first, 'retention', () => Promise.reject(new Error('disk full'))),
    ).rejects.toThrow('disk full');
    await expect(runExclusive(second, 'retention', () => Promise.resolve(1))).resolves.toEqual({
      ran: true,
      value: 1,
    });
    const held = await withClient(withDatabase(adminUrl, name), (client) =>
      client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      ),
    );
    expect(held.rows[0]!.n).toBe(0);
  });

  it('skips a scheduled run while another replica holds its lock, says so at debug, and runs once it is free', async () => {
    const debug = jest.spyOn(logger, 'debug');
    const warn = jest.spyOn(logger, 'warn');
    const work = jest.fn().mockResolvedValue(5);
    const schedule = new ScheduledWork({
      name: 'test retention',
      lockName: 'test:retention',
      dataSource: first,
      everyMs: 60_000,
      logger,
      work,
    });
    const holder = second.createQueryRunner();
    await holder.connect();
    try {
      // The keys runExclusive derives from the lock's name.
      await holder.query(`SELECT pg_advisory_lock(hashtext('scheduled-work'), hashtext($1))`, [
        'test:retention',
      ]);
      await expect(schedule.runOnce()).resolves.toBeUndefined();
      expect(work).not.toHaveBeenCalled();
      expect(debug).toHaveBeenCalledWith('test retention runs on another replica; skipped here');
      expect(warn).not.toHaveBeenCalled();

      await holder.query(`SELECT pg_advisory_unlock(hashtext('scheduled-work'), hashtext($1))`, [
        'test:retention',
      ]);
      await expect(schedule.runOnce()).resolves.toBe(5);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      await holder.release();
      debug.mockRestore();
      warn.mockRestore();
    }
  });
});

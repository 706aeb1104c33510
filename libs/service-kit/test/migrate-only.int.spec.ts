import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Module } from '@nestjs/common';
import { quoteIdentifier, resolveDatabase, withClient, withDatabase } from '@lib/database';
import { healthV1 } from '@lib/contracts';
import { createLogger } from '@lib/observability';
import { freePort } from '@lib/test-support';
import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { loadConfig, serviceEnvSchema } from '@lib/config';
import { HealthController } from '../src/health.controller';
import { HealthState, LIVENESS_SERVICE, migrateStorage, type ServiceDefinition } from '../src/index';

const silent = createLogger({ name: 'test', level: 'silent' });

class CreateProbeTable1700000000001 implements MigrationInterface {
  name = 'CreateProbeTable1700000000001';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE migrate_probe (id int PRIMARY KEY)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE migrate_probe');
  }
}

@Module({})
class EmptyModule {}

/**
 * A fresh database on the server of DATABASE_URL, or on an embedded PostgreSQL started for this file
 * (@lib/testing's provideTestDatabase does the same, but service-kit cannot depend on it: testing
 * depends on service-kit).
 */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL?.trim();
  let stopServer: () => Promise<void> = () => Promise.resolve();
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'service-kit-pg-'));
    // PostgreSQL runs as its own OS user when we are root; it must be able to enter the directory.
    chmodSync(dir, 0o755);
    const embedded = await resolveDatabase({ dataDir: dir, embeddedPort: await freePort(), logger: silent });
    adminUrl = withDatabase(embedded.url, 'postgres');
    stopServer = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
      );
      await stopServer();
    },
  };
}

describe('migrateStorage (the --migrate-only init container), real PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await freshDatabase();
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  const definition = (migrations: ServiceDefinition['migrations']): ServiceDefinition => ({
    name: 'content',
    configSchema: serviceEnvSchema('content'),
    module: EmptyModule,
    entities: [],
    migrations,
  });

  it('applies pending migrations once, records them, and leaves no connection open', async () => {
    const config = loadConfig(serviceEnvSchema('content'), { DATABASE_URL: database.url, NODE_ENV: 'test' });
    await migrateStorage(definition([CreateProbeTable1700000000001]), config, silent);
    // A second run (the next pod's init container) finds nothing to do and does not fail.
    await migrateStorage(definition([CreateProbeTable1700000000001]), config, silent);
    await withClient(database.url, async (client) => {
      const applied = await client.query<{ name: string }>('SELECT name FROM content.migrations ORDER BY id');
      expect(applied.rows.map((r) => r.name)).toEqual(['CreateProbeTable1700000000001']);
      const table = await client.query("SELECT to_regclass('content.migrate_probe') AS t");
      expect(table.rows[0].t).toBe('content.migrate_probe');
      const open = await client.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'content-migrate' AND datname = current_database()",
      );
      expect(open.rows[0].n).toBe(0);
    });
  });

  it('rejects when a migration fails, so the init container exits non-zero', async () => {
    class Broken1700000000002 implements MigrationInterface {
      name = 'Broken1700000000002';
      async up(runner: QueryRunner): Promise<void> {
        await runner.query('SELECT * FROM no_such_table');
      }
      async down(): Promise<void> {}
    }
    const config = loadConfig(serviceEnvSchema('content'), { DATABASE_URL: database.url, NODE_ENV: 'test' });
    await expect(
      migrateStorage(definition([CreateProbeTable1700000000001, Broken1700000000002]), config, silent),
    ).rejects.toThrow(/no_such_table/);
  });
});

describe('grpc.health.v1 liveness service (Kubernetes liveness and startup probes)', () => {
  const { HealthCheckResponse_ServingStatus: Serving } = healthV1;

  it('answers SERVING for liveness while dependencies keep the server NOT_SERVING, and for no unknown name', async () => {
    const state = new HealthState(
      ['content.v1.ContentService'],
      [{ name: 'postgresql', check: () => Promise.reject(new Error('down')) }],
      silent,
    );
    await state.probe();
    const controller = new HealthController(state);
    expect(controller.check({ service: '' }).status).toBe(Serving.NOT_SERVING);
    expect(controller.check({ service: 'content.v1.ContentService' }).status).toBe(Serving.NOT_SERVING);
    expect(controller.check({ service: LIVENESS_SERVICE }).status).toBe(Serving.SERVING);
    expect(() => controller.check({ service: 'other.v1.Service' })).toThrow();
    state.drain();
    // Draining: readiness says go away, liveness still says the process is fine (no restart mid-drain).
    expect(controller.check({ service: '' }).status).toBe(Serving.NOT_SERVING);
    expect(controller.check({ service: LIVENESS_SERVICE }).status).toBe(Serving.SERVING);
    state.stop();
  });
});

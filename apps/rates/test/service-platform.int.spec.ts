import { spawn } from 'node:child_process';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { status } from '@grpc/grpc-js';
import { createServiceClient, type GrpcCallError, healthV1, ratesV1 } from '@lib/contracts';
import { warsawMidnight } from '@lib/pl-calendar';
import { freePort, provideTestDatabase, startTestService, type TestService, until } from '@lib/testing';
import { ratesService } from '../src/rates.service-definition';

/**
 * The behaviour every service gets from @lib/service-kit, exercised through the rates service:
 * health, readiness, metrics, error mapping, start without a database, config errors, SIGTERM.
 */
describe('service platform', () => {
  describe('with PostgreSQL reachable', () => {
    let t: TestService<'rates'>;
    beforeAll(async () => {
      t = await startTestService(ratesService);
    });
    afterAll(async () => {
      await t?.stop();
    });

    it('reports SERVING through grpc.health.v1 for the server and for rates.v1.RatesService', async () => {
      await expect(t.client.healthCheck()).resolves.toBe('SERVING');
      const check = await t.healthCheck('rates.v1.RatesService');
      expect(check).toBe(healthV1.HealthCheckResponse_ServingStatus.SERVING);
      await expect(t.healthCheck('no.such.Service')).rejects.toMatchObject({ code: status.NOT_FOUND });
    });

    it('serves /healthz, /readyz and Prometheus /metrics on the ops port', async () => {
      const ready = await fetch(`${t.opsUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { postgresql: 'ok' } });
      expect((await fetch(`${t.opsUrl}/healthz`)).status).toBe(200);
      await t.client.getLatestTable({ table: ratesV1.TableType.A });
      const metrics = await (await fetch(`${t.opsUrl}/metrics`)).text();
      expect(metrics).toMatch(
        /grpc_server_handling_seconds_count\{[^}]*method="RatesController.getLatestTable"[^}]*code="OK"[^}]*\} [1-9]/,
      );
      expect(metrics).toContain('process_cpu_user_seconds_total');
    });

    it('reports the PostgreSQL pool and the age of the newest NBP table of each type on /metrics', async () => {
      await t.client.getLatestTable({ table: ratesV1.TableType.A });
      const metrics = await (await fetch(`${t.opsUrl}/metrics`)).text();
      const value = (pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? Number.NaN);
      const total = value(/^db_pool_connections\{state="total",service="rates"\} (\d+)$/m);
      const idle = value(/^db_pool_connections\{state="idle",service="rates"\} (\d+)$/m);
      expect(total).toBeGreaterThanOrEqual(1);
      expect(idle).toBeLessThanOrEqual(total);
      expect(value(/^db_pool_connections\{state="waiting",service="rates"\} (\d+)$/m)).toBe(0);
      expect(value(/^db_pool_max_connections\{service="rates"\} (\d+)$/m)).toBe(10);

      const body = (await (await fetch(`${t.opsUrl}/readyz`)).json()) as {
        details: { dataLag: { kind: string; latestDate?: string }[] };
      };
      const ageOf = (kind: string) =>
        value(
          new RegExp(`^rates_nbp_table_age_seconds\\{table="${kind}",service="rates"\\} ([0-9.e+]+)$`, 'm'),
        );
      // This suite stores table A only: A has a newest table and its age; B and C have neither.
      const tables = body.details.dataLag.filter((x) => x.kind !== 'banks');
      expect(
        tables.map((f) => ({
          kind: f.kind,
          latestDate: f.latestDate ?? null,
          age: Number.isNaN(ageOf(f.kind)) ? null : 'reported',
        })),
      ).toEqual([
        { kind: 'A', latestDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string, age: 'reported' },
        { kind: 'B', latestDate: null, age: null },
        { kind: 'C', latestDate: null, age: null },
      ]);
      const expected = (Date.now() - warsawMidnight(tables[0]!.latestDate!).getTime()) / 1000;
      expect(Math.abs(ageOf('A') - expected)).toBeLessThan(120);
      expect(metrics).toMatch(/^rates_nbp_table_age_seconds\{table="A",service="rates"\} \d+/m);
    });

    it("adds every kind's data lag to /readyz as details, never deciding readiness by it", async () => {
      const body = (await (await fetch(`${t.opsUrl}/readyz`)).json()) as {
        status: string;
        details: { dataLag: { kind: string; stale: boolean }[] };
      };
      expect(body.status).toBe('ready');
      expect(body.details.dataLag.map((f) => f.kind)).toEqual(['A', 'B', 'C', 'banks']);
      // The shipped data ends on 2025-04-08, so it is stale against today's calendar, and still ready.
      expect(body.details.dataLag.every((f) => f.stale)).toBe(true);
    });
  });

  describe('with PostgreSQL unreachable', () => {
    let t: TestService<'rates'>;
    beforeAll(async () => {
      const closedPort = await freePort();
      t = await startTestService(ratesService, {
        databaseUrl: `postgres://postgres@127.0.0.1:${closedPort}/none`,
        waitForDatabase: false,
      });
    });
    afterAll(async () => {
      await t?.stop();
    });

    it('stays up, NOT_SERVING, refusing calls with UNAVAILABLE and /readyz 503', async () => {
      await expect(t.client.healthCheck()).resolves.toBe('NOT_SERVING');
      const error = (await t.client
        .getLatestTable({ table: ratesV1.TableType.A }, { deadlineMs: 3000 })
        .catch((e: unknown) => e)) as GrpcCallError;
      expect(error.code).toBe(status.UNAVAILABLE);
      expect((await fetch(`${t.opsUrl}/readyz`)).status).toBe(503);
      expect((await fetch(`${t.opsUrl}/healthz`)).status).toBe(200);
    });
  });

  describe('as a process (built output)', () => {
    const main = path.resolve(__dirname, '../../../dist/apps/rates/src/main.js');
    const built = existsSync(main);
    // The Nx test target depends on build, so this runs in `npm test`; a bare jest run without a build skips it visibly.
    const maybe = built ? it : it.skip;

    maybe('stops with one clear line naming a malformed variable', async () => {
      const result = await run(
        main,
        { NODE_ENV: 'development', GRPC_PORT: 'abc', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' },
        10_000,
      );
      expect(result.code).toBe(78);
      expect(result.stderr.trim().split('\n')).toEqual([
        'Invalid configuration: GRPC_PORT="abc" must be a port number',
      ]);
    });

    maybe(
      'in a deployment (NODE_ENV=production) stays up unready with one log line naming a malformed variable, and stops on SIGTERM',
      async () => {
        const [grpcPort, opsPort] = [await freePort(), await freePort()];
        const env = {
          NODE_ENV: 'production',
          GRPC_HOST: '127.0.0.1',
          GRPC_PORT: String(grpcPort),
          OPS_PORT: String(opsPort),
          DATABASE_POOL_MAX: 'many',
        };
        const child = spawn(process.execPath, [main], {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        const client = createServiceClient('rates', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 2000 });
        try {
          const opsUrl = `http://127.0.0.1:${opsPort}`;
          await until(async () => (await fetch(`${opsUrl}/healthz`).catch(() => undefined))?.status === 200);
          expect((await fetch(`${opsUrl}/readyz`)).status).toBe(503);
          await expect(client.healthCheck()).resolves.toBe('NOT_SERVING');
          const error = (await client
            .getLatestTable({ table: ratesV1.TableType.A })
            .catch((e: unknown) => e)) as GrpcCallError;
          expect(error.code).toBe(status.UNAVAILABLE);
          // Still alive a moment later: no exit, no crash loop.
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(child.exitCode).toBeNull();
          child.kill('SIGTERM');
          await expect(exited).resolves.toBe(0);
          const lines = stdout
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>);
          expect(lines.filter((l) => JSON.stringify(l).includes('DATABASE_POOL_MAX'))).toHaveLength(1);
          expect(lines).toHaveLength(1);
          expect(lines[0]).toMatchObject({
            level: 'error',
            service: 'rates',
            variables: ['DATABASE_POOL_MAX'],
          });
          expect(stderr).toBe('');
        } finally {
          client.close();
          child.kill('SIGKILL');
        }
      },
    );

    maybe(
      'drains and exits 0 on SIGTERM within its 10 s shutdown budget, logging JSON with trace ids',
      async () => {
        const db = await provideTestDatabase();
        const grpcPort = await freePort();
        // A drain that overran SHUTDOWN_TIMEOUT_MS would exit 1 (run-service), so exit code 0 is the time check.
        const env = {
          DATABASE_URL: db.url,
          GRPC_HOST: '127.0.0.1',
          GRPC_PORT: String(grpcPort),
          OPS_PORT: '0',
          LOG_LEVEL: 'debug',
          SHUTDOWN_TIMEOUT_MS: '10000',
        };
        const child = spawn(process.execPath, [main], {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        // Ready is an event the service logs once migrations, the archive import and its checks are done.
        const serving = new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            stdout += chunk.toString();
            if (stdout.includes('"msg":"dependencies reachable: SERVING"')) resolve();
          });
          child.once('exit', (code) =>
            reject(new Error(`rates exited (${code}) before it was SERVING:\n${stdout}`)),
          );
        });
        const client = createServiceClient('rates', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 2000 });
        try {
          await serving;
          await expect(client.healthCheck()).resolves.toBe('SERVING');
          await client.getLatestTable({ table: ratesV1.TableType.A });
          const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
          child.kill('SIGTERM');
          await expect(exited).resolves.toBe(0);
          const lines = stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as Record<string, unknown>);
          expect(lines.some((l) => l['msg'] === 'shutting down')).toBe(true);
          expect(lines.every((l) => typeof l['time'] === 'string' && l['service'] === 'rates')).toBe(true);
          const call = lines.find(
            (l) => l['msg'] === 'gRPC call' && l['method'] === 'RatesController.getLatestTable',
          );
          expect(call?.['trace_id']).toMatch(/^[0-9a-f]{32}$/);
        } finally {
          client.close();
          child.kill('SIGKILL');
          await db.drop();
        }
      },
    );
  });
});

function run(main: string, env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('process did not exit'));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { loadConfig } from '@lib/config';
import { createServiceClient, type GrpcCallError, ratesV1, type ServiceClient } from '@lib/contracts';
import { type RunningService, startService } from '@lib/service-kit';
import { freePort, provideTestDatabase, type TestDatabase, until } from '@lib/testing';
import pino from 'pino';
import { NbpImportUseCases } from '../src/application/nbp-import.use-cases';
import { parseBankTable } from '../src/domain/banks/bank-formats';
import { findBank } from '../src/domain/banks/bank-registry';
import { BankTablesRepository } from '../src/persistence/bank-tables.repository';
import { BANK_DATA_DIR } from '../src/persistence/bundled-bank-tables';
import { ratesService } from '../src/rates.service-definition';
import { FakeSource, nbpFixture } from './support/fake-source';

/*
 * The bundled sample data under NODE_ENV=production, on real PostgreSQL and gRPC with a local
 * stand-in for NBP: the service stays up but NOT ready while it relies on sample data, says why in
 * one log line, never loads or answers the shipped bank tables, and becomes ready without a restart
 * once live NBP data arrives.
 */

const grpcError = async (call: Promise<unknown>) => (await call.catch((e: unknown) => e)) as GrpcCallError;

interface ReadyBody {
  status: string;
  checks: Record<string, string>;
  details?: { sampleData?: unknown };
}

describe('the bundled sample data under NODE_ENV=production (in process)', () => {
  let nbp: FakeSource;
  let database: TestDatabase;
  let service: RunningService;
  let client: ServiceClient<'rates'>;
  const lines: { msg?: string }[] = [];
  const logged = (fragment: string) => lines.filter((line) => JSON.stringify(line).includes(fragment));
  let opsUrl: string;
  const readyz = async () => {
    const res = await fetch(`${opsUrl}/readyz`);
    return { status: res.status, body: (await res.json()) as ReadyBody };
  };

  beforeAll(async () => {
    nbp = await new FakeSource().start();
    database = await provideTestDatabase();
    const grpcPort = await freePort();
    const config = loadConfig(ratesService.configSchema, {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      OPS_PORT: '0',
      RATES_SCHEDULE: 'off',
      NBP_API_URL: `${nbp.url}/api/`,
      NBP_RETRIES: '0',
    });
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as { msg?: string }) },
    );
    service = await startService(ratesService, config, logger);
    await service.databaseReady;
    opsUrl = `http://127.0.0.1:${service.opsPort}`;
    client = createServiceClient('rates', { target: `127.0.0.1:${grpcPort}`, deadlineMs: 5_000 });
  });

  afterAll(async () => {
    client?.close();
    await service?.close();
    await database?.drop();
    await nbp?.stop();
  });

  it('stays up and NOT ready while table A is known only from the bundled archive, naming it in one log line', async () => {
    await expect(service.health.probe()).resolves.toBe('NOT_SERVING');
    const first = await readyz();
    expect(first.status).toBe(503);
    expect(first.body.checks).toEqual({
      postgresql: 'ok',
      'sample-data': 'bundled sample data in use under NODE_ENV=production',
    });
    expect(first.body.details?.sampleData).toEqual([{ kind: 'nbp-archive', latestDate: '2025-04-08' }]);
    // probed again and again, as orchestrators do: the source is still named once
    await service.health.probe();
    await readyz();
    expect(logged('bundled archive')).toHaveLength(1);
    expect(logged('bundled archive')[0]!.msg).toMatch(
      /^not ready: sample rates data in use under NODE_ENV=production: NBP table A only from the bundled archive \(newest 2025-04-08;/,
    );
    // the process answers meanwhile, the table marked as the bundled archive's
    await expect(client.getLatestTable({ table: ratesV1.TableType.A })).resolves.toMatchObject({
      effectiveDate: '2025-04-08',
      embedded: true,
    });
  });

  it('loads no shipped bank table: every bank is without a table', async () => {
    const { banks } = await client.listBanks({});
    expect(banks.length).toBeGreaterThanOrEqual(8);
    expect(banks.filter((bank) => bank.latestTableDate !== '' || bank.embedded)).toEqual([]);
    expect((await grpcError(client.getBankTable({ bankSlug: 'pko-bp', date: '' }))).code).toBe(
      status.NOT_FOUND,
    );
  });

  it('becomes ready without a restart once table A is fetched from the NBP API', async () => {
    nbp.on(/exchangerates\/tables\/A\//, { status: 200, body: nbpFixture('tables-a-range.json') });
    await service.app.get(NbpImportUseCases).ingest('A', new Date('2026-10-06T12:00:00Z'));
    await expect(service.health.probe()).resolves.toBe('SERVING');
    const after = await readyz();
    expect(after.status).toBe(200);
    expect(after.body.details?.sampleData).toEqual([]);
    await expect(client.getLatestTable({ table: ratesV1.TableType.A })).resolves.toMatchObject({
      no: '190/A/NBP/2026',
      embedded: false,
    });
    expect(logged('no sample rates data in use any more')).toHaveLength(1);
  });

  it('refuses a database holding shipped bank tables (a non-production run’s), naming the bank once, and never answers them', async () => {
    const bank = findBank('mbank')!;
    const body = readFileSync(path.join(BANK_DATA_DIR, `${bank.slug}.${bank.extension}`), 'utf8');
    await service.app
      .get(BankTablesRepository)
      .insert(bank.slug, parseBankTable(bank.slug, bank.format, body), 'embedded');
    await expect(service.health.probe()).resolves.toBe('NOT_SERVING');
    await readyz();
    expect((await readyz()).body.details?.sampleData).toEqual([{ kind: 'bank-tables', banks: ['mbank'] }]);
    expect(logged('of mbank in the database')).toHaveLength(1);
    expect((await grpcError(client.getBankTable({ bankSlug: 'mbank', date: '' }))).code).toBe(
      status.NOT_FOUND,
    );
  });
});

describe('the bundled sample data under NODE_ENV=production (the built process)', () => {
  const main = path.resolve(__dirname, '../../../dist/apps/rates/src/main.js');
  // The Nx test target depends on build, so this runs in `npm test`; a bare jest run without a build skips it visibly.
  const maybe = existsSync(main) ? it : it.skip;

  maybe(
    'stays up and unready with one log line naming the sample source, no crash loop, and stops on SIGTERM',
    async () => {
      const database = await provideTestDatabase();
      const [grpcPort, opsPort] = [await freePort(), await freePort()];
      const child = spawn(process.execPath, [main], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          GRPC_HOST: '127.0.0.1',
          GRPC_PORT: String(grpcPort),
          OPS_PORT: String(opsPort),
          // nothing answers here: the scheduled fetch at start fails, as it would without a network
          NBP_API_URL: `http://127.0.0.1:${await freePort()}/api/`,
          NBP_RETRIES: '0',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', () => undefined);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const opsUrl = `http://127.0.0.1:${opsPort}`;
        // loaded, and the refusal said
        await until(() => stdout.includes('sample rates data in use'));
        const ready = await fetch(`${opsUrl}/readyz`);
        expect(ready.status).toBe(503);
        expect(((await ready.json()) as ReadyBody).checks['sample-data']).toBe(
          'bundled sample data in use under NODE_ENV=production',
        );
        // Still alive a while later and probed meanwhile: no exit, no crash loop, nothing said again.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await fetch(`${opsUrl}/readyz`);
        expect(child.exitCode).toBeNull();
        child.kill('SIGTERM');
        await expect(exited).resolves.toBe(0);
        const naming = stdout
          .trim()
          .split('\n')
          .filter((line) => line.includes('bundled archive'));
        expect(naming).toHaveLength(1);
        expect(JSON.parse(naming[0]!)).toMatchObject({ level: 'error', service: 'rates' });
      } finally {
        child.kill('SIGKILL');
        await database.drop();
      }
    },
    120_000,
  );
});

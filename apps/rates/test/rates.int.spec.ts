import { status } from '@grpc/grpc-js';
import { GrpcCallError, ratesV1 } from '@lib/contracts';
import {
  describeWithRedis,
  provideTestRedis,
  startTestService,
  type TestRedis,
  type TestService,
} from '@lib/testing';
import { NbpImportUseCases } from '../src/application/nbp-import.use-cases';
import { RATES_CACHE_PREFIX } from '../src/application/rates-cache';
import { NbpTablesRepository } from '../src/persistence/nbp-tables.repository';
import { ratesService } from '../src/rates.service-definition';

describe('rates service over gRPC (real PostgreSQL)', () => {
  let t: TestService<'rates'>;

  beforeAll(async () => {
    t = await startTestService(ratesService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers the latest NBP table A from the imported archive, with NBP digits per one unit', async () => {
    const table = await t.client.getLatestTable({ table: ratesV1.TableType.A });
    expect(table).toMatchObject({
      table: ratesV1.TableType.A,
      no: '068/A/NBP/2025',
      effectiveDate: '2025-04-08',
      tradingDate: '',
    });
    expect(table.rates).toHaveLength(33);
    expect(table.rates.find((r) => r.code === 'USD')).toEqual({
      currency: 'dolar amerykański',
      code: 'USD',
      mid: '3.927',
      bid: '',
      ask: '',
    });
    expect(table.rates.find((r) => r.code === 'HUF')?.mid).toBe('0.010528');
    expect(table.rates.map((r) => r.code)).toEqual([...table.rates.map((r) => r.code)].sort());
  });

  it('imports the archives once: a second import adds nothing', async () => {
    const repo = t.service.app.get(NbpTablesRepository);
    const before = await repo.count('A');
    expect(before).toBeGreaterThan(2300);
    await expect(t.service.app.get(NbpImportUseCases).importBundledArchives()).resolves.toBe(0);
    await expect(repo.count('A')).resolves.toBe(before);
  });

  it('says NOT_FOUND with resource details for a table type it has no data for', async () => {
    const error = await t.client.getLatestTable({ table: ratesV1.TableType.C }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrpcCallError);
    expect((error as GrpcCallError).code).toBe(status.NOT_FOUND);
  });

  it('rejects an unspecified table with INVALID_ARGUMENT naming the field', async () => {
    const error = (await t.client
      .getLatestTable({ table: ratesV1.TableType.UNSPECIFIED })
      .catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual([{ field: 'table', description: 'must be A, B or C' }]);
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});

// Without a Redis for tests these are reported as skipped (README, "Tests that need Redis"), never as passed.
describeWithRedis('rates service with Redis as its cache', () => {
  let redis: TestRedis;
  let t: TestService<'rates'>;
  beforeAll(async () => {
    redis = await provideTestRedis();
    t = await startTestService(ratesService, { redisUrl: redis.url });
  });
  afterAll(async () => {
    await t?.stop();
    await redis?.close();
  });

  it('serves the latest table through the read-through cache and keeps serving it when the row is gone', async () => {
    expect(t.service.cache.kind).toBe('redis');
    const first = await t.client.getLatestTable({ table: ratesV1.TableType.A });
    // Remove the newest table behind the cache's back: a fresh cached answer must still be served.
    await t.service.dataSource.query(`DELETE FROM rates.nbp_tables WHERE no = $1`, [first.no]);
    const second = await t.client.getLatestTable({ table: ratesV1.TableType.A });
    expect(second.no).toBe(first.no);
    await t.service.cache.deleteByPrefix(RATES_CACHE_PREFIX);
    const third = await t.client.getLatestTable({ table: ratesV1.TableType.A });
    expect(third.no).toBe('067/A/NBP/2025');
  });
});

import { status } from '@grpc/grpc-js';
import { GrpcCallError, ratesV1 } from '@lib/contracts';
import { startTestService, type TestService } from '@lib/testing';
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
    expect(table).toMatchObject({ table: ratesV1.TableType.A, no: '068/A/NBP/2025', effectiveDate: '2025-04-08', tradingDate: '' });
    expect(table.rates).toHaveLength(33);
    expect(table.rates.find((r) => r.code === 'USD')).toEqual({ currency: 'dolar amerykański', code: 'USD', mid: '3.927', bid: '', ask: '' });
    expect(table.rates.find((r) => r.code === 'HUF')?.mid).toBe('0.010528');
    expect(table.rates.map((r) => r.code)).toEqual([...table.rates.map((r) => r.code)].sort());
  });

  it('imports the archive once: a second import adds nothing', async () => {
    const { importBundledArchives } = await import('../src/nbp/reference-data');
    const { NbpTablesRepository } = await import('../src/persistence/nbp-tables.repository');
    const repository = t.service.app.get(NbpTablesRepository);
    await expect(importBundledArchives(repository, t.logger)).resolves.toBe(0);
    await expect(repository.count('A')).resolves.toBe(68);
  });

  it('says NOT_FOUND with resource details for a table type it has no data for', async () => {
    const error = await t.client.getLatestTable({ table: ratesV1.TableType.C }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrpcCallError);
    expect((error as GrpcCallError).code).toBe(status.NOT_FOUND);
  });

  it('rejects an unspecified table with INVALID_ARGUMENT naming the field', async () => {
    const error = (await t.client.getLatestTable({ table: ratesV1.TableType.UNSPECIFIED }).catch((e: unknown) => e)) as GrpcCallError;
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual([{ field: 'table', description: 'must be A, B or C' }]);
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});

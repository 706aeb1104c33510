import { type Cache, MemoryCache } from '@lib/cache';
import { ratesV1 } from '@lib/contracts';
import { notFound, ServiceError } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { NbpRateEntity } from '../persistence/nbp-rate.entity';
import { NbpTableEntity } from '../persistence/nbp-table.entity';
import { type NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { RATES_CACHE_PREFIX } from './rates-cache';
import { RateTablesUseCases } from './rate-tables.use-cases';

const rate = (
  code: string,
  currency: string,
  mid: string | null,
  bid: string | null = null,
  ask: string | null = null,
) => Object.assign(new NbpRateEntity(), { tableId: 1, code, currency, mid, bid, ask });

const storedTable = (no: string, effectiveDate: string, source = 'nbp-archive') =>
  Object.assign(new NbpTableEntity(), {
    id: 1,
    tableType: 'A' as const,
    no,
    effectiveDate,
    tradingDate: null,
    source,
    importedAt: new Date('2025-04-08T12:00:00Z'),
    rates: [rate('EUR', 'euro', '4.2668000000'), rate('USD', 'dolar amerykański', '3.9270000000')],
  });

describe('RateTablesUseCases.latestTable', () => {
  let cache: Cache;
  beforeEach(() => {
    // Expiry follows the faked clock: readThrough reads Date.now, the LRU reads `now`.
    jest.useFakeTimers({ now: new Date('2025-04-08T12:00:00Z'), doNotFake: ['nextTick', 'queueMicrotask'] });
    cache = new MemoryCache({ logger: silentLogger(), now: () => Date.now() });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('answers the newest table as the contract’s RateTable, with NBP’s own digits, marked as the bundled archive’s', async () => {
    const latest = jest.fn().mockResolvedValue(storedTable('068/A/NBP/2025', '2025-04-08'));
    const useCases = new RateTablesUseCases(strictMock<NbpTablesRepository>('tables', { latest }), cache);

    await expect(useCases.latestTable('A')).resolves.toEqual({
      table: ratesV1.TableType.A,
      no: '068/A/NBP/2025',
      effectiveDate: '2025-04-08',
      tradingDate: '',
      rates: [
        { currency: 'euro', code: 'EUR', mid: '4.2668', bid: '', ask: '' },
        { currency: 'dolar amerykański', code: 'USD', mid: '3.927', bid: '', ask: '' },
      ],
      embedded: true,
    });
    expect(latest).toHaveBeenCalledWith('A');
  });

  it('answers a table fetched from the NBP API as not embedded', async () => {
    const latest = jest.fn().mockResolvedValue(storedTable('190/A/NBP/2026', '2026-09-30', 'nbp-api'));
    const useCases = new RateTablesUseCases(strictMock<NbpTablesRepository>('tables', { latest }), cache);
    await expect(useCases.latestTable('A')).resolves.toMatchObject({ no: '190/A/NBP/2026', embedded: false });
  });

  it('serves the cached table for a minute without asking the repository again', async () => {
    const latest = jest.fn().mockResolvedValue(storedTable('068/A/NBP/2025', '2025-04-08'));
    const useCases = new RateTablesUseCases(strictMock<NbpTablesRepository>('tables', { latest }), cache);

    await useCases.latestTable('A');
    jest.advanceTimersByTime(59_000);
    await expect(useCases.latestTable('A')).resolves.toMatchObject({ no: '068/A/NBP/2025' });
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('after the minute answers the cached table at once and refreshes it behind the caller', async () => {
    const latest = jest
      .fn()
      .mockResolvedValueOnce(storedTable('067/A/NBP/2025', '2025-04-07'))
      .mockResolvedValueOnce(storedTable('068/A/NBP/2025', '2025-04-08'));
    const useCases = new RateTablesUseCases(strictMock<NbpTablesRepository>('tables', { latest }), cache);

    await useCases.latestTable('A');
    jest.advanceTimersByTime(61_000);
    await expect(useCases.latestTable('A')).resolves.toMatchObject({ no: '067/A/NBP/2025' });
    expect(latest).toHaveBeenCalledTimes(2);
    // Only settled promises stand between the calls (no I/O), so the refresh has stored the new table by now.
    await expect(useCases.latestTable('A')).resolves.toMatchObject({ no: '068/A/NBP/2025' });
    expect(latest).toHaveBeenCalledTimes(2);
  });

  it('keeps one cache entry per table type under the rates prefix', async () => {
    const latest = jest.fn().mockResolvedValue(storedTable('068/A/NBP/2025', '2025-04-08'));
    const useCases = new RateTablesUseCases(strictMock<NbpTablesRepository>('tables', { latest }), cache);

    await useCases.latestTable('A');
    await expect(cache.deleteByPrefix(RATES_CACHE_PREFIX)).resolves.toBe(1);
    await useCases.latestTable('A');
    expect(latest).toHaveBeenCalledTimes(2);
  });

  it('says NOT_FOUND naming the table while none is stored, and remembers that until the cache is cleared', async () => {
    const latest = jest.fn().mockResolvedValue(null);
    const useCases = new RateTablesUseCases(strictMock<NbpTablesRepository>('tables', { latest }), cache);

    const error = await useCases.latestTable('C').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toEqual(notFound('nbp_table', 'C'));
    expect((error as ServiceError).extra.resource).toEqual({ resourceType: 'nbp_table', resourceName: 'C' });
    await expect(useCases.latestTable('C')).rejects.toThrow('nbp_table C not found');
    expect(latest).toHaveBeenCalledTimes(1);
  });
});

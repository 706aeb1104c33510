import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { strictMock } from '@lib/testing';
import { ArchiveFormatError } from '../domain/nbp-archive-csv';
import { NbpFormatError, type NbpTable } from '../domain/nbp-api-body';
import { type BundledNbpArchives } from '../persistence/bundled-nbp-archives';
import { type NbpApiClient, NbpLimitError, type NbpQuery } from '../persistence/nbp-api.client';
import { type NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { IngestionStatus } from './ingestion-status';
import { NbpImportUseCases } from './nbp-import.use-cases';
import { RATES_CACHE_PREFIX } from './rates-cache';

/** A two-currency archive in NBP's layout (header, names row, working days, footer). */
const archive = (rows: string[]) =>
  [
    'data;1USD;100HUF;nr tabeli;pełny numer tabeli;',
    ';dolar amerykański;forint (Węgry);',
    ...rows,
    'kod ISO;USD;HUF;',
  ].join('\r\n');

const files: Record<string, string> = {
  'archiwum_tab_a_2024.csv': archive(['20241231;4,1012;1,0395;252;252/A/NBP/2024;']),
  'archiwum_tab_a_2025.csv': archive([
    '20250102;4,1219;1,0368;1;001/A/NBP/2025;',
    '20250103;4,1512;1,0299;2;002/A/NBP/2025;',
  ]),
};

const bundled = (names = Object.keys(files)) =>
  strictMock<BundledNbpArchives>('archives', {
    tableAFiles: jest.fn().mockResolvedValue(names),
    read: jest.fn((name: string) => Promise.resolve(files[name] ?? 'hello;world')),
  });
const logger = () => strictMock<Logger>('logger', { info: jest.fn(), warn: jest.fn(), error: jest.fn() });
const table = (no: string, effectiveDate: string): NbpTable => ({
  type: 'A',
  no,
  effectiveDate,
  tradingDate: null,
  rates: [],
});

function useCases(parts: {
  archives?: BundledNbpArchives;
  tables?: NbpTablesRepository;
  cache?: Cache;
  log?: Logger;
  nbp?: NbpApiClient;
  status?: IngestionStatus;
}) {
  return new NbpImportUseCases(
    parts.archives ?? strictMock<BundledNbpArchives>('archives'),
    parts.tables ?? strictMock<NbpTablesRepository>('tables'),
    parts.cache ?? strictMock<Cache>('cache'),
    parts.log ?? logger(),
    parts.nbp ?? strictMock<NbpApiClient>('nbp'),
    parts.status ?? new IngestionStatus(),
  );
}

describe('NbpImportUseCases.importBundledArchives', () => {
  it('stores every archive’s tables oldest year first, per one unit, and clears the cached answers', async () => {
    const insertTables = jest.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    const deleteByPrefix = jest.fn().mockResolvedValue(2);
    const log = logger();
    const subject = useCases({
      archives: bundled(),
      tables: strictMock<NbpTablesRepository>('tables', { insertTables }),
      cache: strictMock<Cache>('cache', { deleteByPrefix }),
      log,
    });

    await expect(subject.importBundledArchives()).resolves.toBe(3);

    const calls = insertTables.mock.calls as [NbpTable[], string][];
    expect(calls.map(([tables, source]) => [tables.map((t) => t.no), source])).toEqual([
      [['252/A/NBP/2024'], 'nbp-archive'],
      [['001/A/NBP/2025', '002/A/NBP/2025'], 'nbp-archive'],
    ]);
    expect(calls[1]![0][0]).toEqual({
      type: 'A',
      no: '001/A/NBP/2025',
      effectiveDate: '2025-01-02',
      tradingDate: null,
      rates: [
        { code: 'USD', currency: 'dolar amerykański', mid: '4.1219', bid: null, ask: null },
        { code: 'HUF', currency: 'forint (Węgry)', mid: '0.010368', bid: null, ask: null },
      ],
    });
    expect(deleteByPrefix).toHaveBeenCalledWith(RATES_CACHE_PREFIX);
    expect(log.info).toHaveBeenCalledWith(
      { file: 'archiwum_tab_a_2025.csv', tables: 2, added: 2 },
      'NBP archive imported',
    );
  });

  it('leaves the cache alone when every table was already stored', async () => {
    const insertTables = jest.fn().mockResolvedValue(0);
    const subject = useCases({
      archives: bundled(),
      tables: strictMock<NbpTablesRepository>('tables', { insertTables }),
    });

    await expect(subject.importBundledArchives()).resolves.toBe(0);
    expect(insertTables).toHaveBeenCalledTimes(2);
  });

  it('stops at a file that is not an NBP archive, storing nothing of it', async () => {
    const subject = useCases({ archives: bundled(['archiwum_tab_a_1999.csv']) });

    await expect(subject.importBundledArchives()).rejects.toThrow(ArchiveFormatError);
  });
});

describe('NbpImportUseCases.backfill', () => {
  it('asks NBP in chunks of at most 93 days and stores each', async () => {
    const tables = jest.fn((_type: string, q: NbpQuery) =>
      Promise.resolve(q.kind === 'range' ? [table(q.from, q.from)] : []),
    );
    const insertTables = jest.fn().mockResolvedValue(1);
    const subject = useCases({
      nbp: strictMock<NbpApiClient>('nbp', { tables }),
      tables: strictMock<NbpTablesRepository>('tables', { insertTables }),
      cache: strictMock<Cache>('cache', { deleteByPrefix: jest.fn().mockResolvedValue(0) }),
    });

    await expect(subject.backfill('A', '2024-01-01', '2024-12-31')).resolves.toEqual({
      requests: 4,
      tables: 4,
      added: 4,
      skipped: 0,
    });
    expect(tables.mock.calls.map(([, q]) => q)).toEqual([
      { kind: 'range', from: '2024-01-01', to: '2024-04-02' },
      { kind: 'range', from: '2024-04-03', to: '2024-07-04' },
      { kind: 'range', from: '2024-07-05', to: '2024-10-05' },
      { kind: 'range', from: '2024-10-06', to: '2024-12-31' },
    ]);
  });

  it('halves a chunk NBP refuses as over its limits, and skips a malformed one storing nothing of it', async () => {
    const tables = jest
      .fn()
      .mockRejectedValueOnce(new NbpLimitError('400 BadRequest - Przekroczony limit 67 wyników'))
      .mockResolvedValueOnce([table('001/A/NBP/2024', '2024-01-02')])
      .mockRejectedValueOnce(new NbpFormatError('rates: expected array'));
    const insertTables = jest.fn().mockResolvedValue(1);
    const log = logger();
    const subject = useCases({
      nbp: strictMock<NbpApiClient>('nbp', { tables }),
      tables: strictMock<NbpTablesRepository>('tables', { insertTables }),
      cache: strictMock<Cache>('cache', { deleteByPrefix: jest.fn().mockResolvedValue(0) }),
      log,
    });

    await expect(subject.backfill('A', '2024-01-01', '2024-01-10')).resolves.toEqual({
      requests: 3,
      tables: 1,
      added: 1,
      skipped: 1,
    });
    expect((tables.mock.calls as [string, NbpQuery][]).map(([, q]) => q)).toEqual([
      { kind: 'range', from: '2024-01-01', to: '2024-01-10' },
      { kind: 'range', from: '2024-01-01', to: '2024-01-05' },
      { kind: 'range', from: '2024-01-06', to: '2024-01-10' },
    ]);
    expect(insertTables).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ chunk: { from: '2024-01-06', to: '2024-01-10' } }),
      expect.stringContaining('malformed'),
    );
  });
});

describe('NbpImportUseCases.ingest', () => {
  it('asks for the days since the newest stored table (Warsaw date) and records the success', async () => {
    const tables = jest.fn().mockResolvedValue([table('070/A/NBP/2025', '2025-04-10')]);
    const status = new IngestionStatus();
    const subject = useCases({
      nbp: strictMock<NbpApiClient>('nbp', { tables }),
      tables: strictMock<NbpTablesRepository>('tables', {
        latestDate: jest.fn().mockResolvedValue('2025-04-08'),
        insertTables: jest.fn().mockResolvedValue(1),
      }),
      cache: strictMock<Cache>('cache', { deleteByPrefix: jest.fn().mockResolvedValue(1) }),
      status,
    });

    // 23:30 UTC on 10 April is already 11 April in Warsaw.
    await expect(subject.ingest('A', new Date('2025-04-10T23:30:00Z'))).resolves.toBe(1);
    expect(tables).toHaveBeenCalledWith('A', { kind: 'range', from: '2025-04-09', to: '2025-04-11' });
    expect(status.of('A')).toEqual({ lastSuccessAt: '2025-04-10T23:30:00.000Z' });
  });

  it('records a failure for /readyz and lets the scheduler see it', async () => {
    const status = new IngestionStatus();
    const subject = useCases({
      nbp: strictMock<NbpApiClient>('nbp', {
        tables: jest.fn().mockRejectedValue(new Error('NBP unreachable')),
      }),
      tables: strictMock<NbpTablesRepository>('tables', {
        latestDate: jest.fn().mockResolvedValue('2025-04-10'),
      }),
      status,
    });

    await expect(subject.ingest('C', new Date('2025-04-10T10:00:00Z'))).rejects.toThrow('NBP unreachable');
    expect(status.of('C')).toEqual({
      lastFailureAt: '2025-04-10T10:00:00.000Z',
      lastError: 'NBP unreachable',
    });
  });
});

describe('NbpImportUseCases.ingest after a long gap', () => {
  it('fills the days since the newest stored table in chunks within the 93-day limit', async () => {
    const tables = jest.fn().mockResolvedValue([]);
    const subject = useCases({
      nbp: strictMock<NbpApiClient>('nbp', { tables }),
      tables: strictMock<NbpTablesRepository>('tables', {
        latestDate: jest.fn().mockResolvedValue('2025-04-08'),
        insertTables: jest.fn().mockResolvedValue(0),
      }),
    });

    await expect(subject.ingest('A', new Date('2025-10-01T12:00:00Z'))).resolves.toBe(0);
    expect((tables.mock.calls as [string, NbpQuery][]).map(([, q]) => q)).toEqual([
      { kind: 'range', from: '2025-04-09', to: '2025-07-10' },
      { kind: 'range', from: '2025-07-11', to: '2025-10-01' },
    ]);
  });
});

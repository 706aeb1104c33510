import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { strictMock } from '@lib/testing';
import { ArchiveFormatError } from '../domain/nbp-archive-csv';
import { type BundledNbpArchives } from '../persistence/bundled-nbp-archives';
import { type NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { NbpImportUseCases } from './nbp-import.use-cases';

/** A two-currency archive in NBP's layout (header, names row, working days, footer). */
const archive = (rows: string[]) =>
  ['data;1USD;100HUF;nr tabeli;pełny numer tabeli;', ';dolar amerykański;forint (Węgry);', ...rows, 'kod ISO;USD;HUF;'].join('\r\n');

const files: Record<string, string> = {
  'archiwum_tab_a_2024.csv': archive(['20241231;4,1012;1,0395;252;252/A/NBP/2024;']),
  'archiwum_tab_a_2025.csv': archive(['20250102;4,1219;1,0368;1;001/A/NBP/2025;', '20250103;4,1512;1,0299;2;002/A/NBP/2025;']),
};

const bundled = (names = Object.keys(files)) =>
  strictMock<BundledNbpArchives>('archives', {
    tableAFiles: jest.fn().mockResolvedValue(names),
    read: jest.fn((name: string) => Promise.resolve(files[name] ?? 'hello;world')),
  });
const logger = () => strictMock<Logger>('logger', { info: jest.fn() });

describe('NbpImportUseCases.importBundledArchives', () => {
  it('stores every archive’s tables oldest year first, per one unit, and clears the cached answers', async () => {
    const insertMidTables = jest.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    const deleteByPrefix = jest.fn().mockResolvedValue(2);
    const log = logger();
    const useCases = new NbpImportUseCases(
      bundled(),
      strictMock<NbpTablesRepository>('tables', { insertMidTables }),
      strictMock<Cache>('cache', { deleteByPrefix }),
      log,
    );

    await expect(useCases.importBundledArchives()).resolves.toBe(3);

    const calls = insertMidTables.mock.calls as [string, { no: string }[], string][];
    expect(calls.map(([type, tables, source]) => [type, tables.map((t) => t.no), source])).toEqual([
      ['A', ['252/A/NBP/2024'], 'nbp-archive'],
      ['A', ['001/A/NBP/2025', '002/A/NBP/2025'], 'nbp-archive'],
    ]);
    expect(calls[1]![1][0]).toEqual({
      no: '001/A/NBP/2025',
      effectiveDate: '2025-01-02',
      rates: [
        { code: 'USD', currency: 'dolar amerykański', mid: '4.1219' },
        { code: 'HUF', currency: 'forint (Węgry)', mid: '0.010368' },
      ],
    });
    expect(deleteByPrefix).toHaveBeenCalledWith('nbp:');
    expect(log.info).toHaveBeenCalledWith({ file: 'archiwum_tab_a_2025.csv', tables: 2, added: 2 }, 'NBP archive imported');
  });

  it('leaves the cache alone when every table was already stored', async () => {
    const insertMidTables = jest.fn().mockResolvedValue(0);
    const useCases = new NbpImportUseCases(bundled(), strictMock<NbpTablesRepository>('tables', { insertMidTables }), strictMock<Cache>('cache'), logger());

    await expect(useCases.importBundledArchives()).resolves.toBe(0);
    expect(insertMidTables).toHaveBeenCalledTimes(2);
  });

  it('stops at a file that is not an NBP archive, storing nothing of it', async () => {
    const useCases = new NbpImportUseCases(bundled(['archiwum_tab_a_1999.csv']), strictMock<NbpTablesRepository>('tables'), strictMock<Cache>('cache'), logger());

    await expect(useCases.importBundledArchives()).rejects.toThrow(ArchiveFormatError);
  });
});

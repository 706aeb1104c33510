import { bundledTableAArchive } from '../../test/support/nbp-archive';
import { ArchiveFormatError, parseNbpArchiveCsv } from './nbp-archive-csv';

describe('NBP archive parser', () => {
  const tables = parseNbpArchiveCsv(bundledTableAArchive(2025));

  it('reads every working-day table of the shipped 2025 file', () => {
    expect(tables).toHaveLength(68);
    expect(tables[0]).toMatchObject({ no: '001/A/NBP/2025', effectiveDate: '2025-01-02' });
    expect(tables.at(-1)).toMatchObject({ no: '068/A/NBP/2025', effectiveDate: '2025-04-08' });
  });

  it('keeps NBP digits and normalises multi-unit quotes to one unit', () => {
    const first = tables[0]!;
    expect(first.rates.find((r) => r.code === 'USD')).toEqual({
      code: 'USD',
      currency: 'dolar amerykański',
      mid: '4.1219',
    });
    expect(first.rates.find((r) => r.code === 'HUF')?.mid).toBe('0.010368');
    expect(first.rates.find((r) => r.code === 'IDR')?.mid).toBe('0.00025453');
    expect(first.rates).toHaveLength(33);
  });

  it('rejects a file that is not an NBP archive, naming the line', () => {
    expect(() => parseNbpArchiveCsv('hello;world')).toThrow(ArchiveFormatError);
    const broken = 'data;1USD;nr tabeli;pełny numer tabeli;\n;dolar;\n20250102;4,x;1;001/A/NBP/2025;';
    expect(() => parseNbpArchiveCsv(broken)).toThrow('NBP archive line 3: bad rate "4,x" for USD');
  });
});

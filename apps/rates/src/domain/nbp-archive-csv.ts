import { parsePolishDecimal, perUnit } from '@lib/finance';

export interface ArchiveRate {
  code: string;
  currency: string;
  /** Mid rate in PLN for ONE unit of the currency, exact decimal text. */
  mid: string;
}

export interface ArchiveTable {
  /** Full table number, e.g. `068/A/NBP/2025`. */
  no: string;
  /** ISO date the table is effective. */
  effectiveDate: string;
  rates: ArchiveRate[];
}

export class ArchiveFormatError extends Error {
  constructor(line: number, problem: string) {
    super(`NBP archive line ${line}: ${problem}`);
    this.name = 'ArchiveFormatError';
  }
}

/**
 * Parses NBP's yearly table A archive (archiwum_tab_a_YYYY.csv, already decoded from Windows-1250):
 * header `data;1THB;1USD;…;nr tabeli;pełny numer tabeli;`, a row of currency names, one row per
 * working day (YYYYMMDD, decimal commas), then footer rows `kod ISO`, `nazwa waluty`, `liczba jednostek`.
 * Units come from the header (`100HUF`), and every rate is normalised to one unit, as NBP's API does.
 */
export function parseNbpArchiveCsv(text: string): ArchiveTable[] {
  const lines = text.split(/\r?\n/).map((l) => l.replace(/;+\s*$/, ''));
  const header = lines[0]?.split(';') ?? [];
  if (header[0] !== 'data') throw new ArchiveFormatError(1, 'expected a header starting with "data"');
  const names = lines[1]?.split(';') ?? [];

  const columns: { index: number; code: string; units: number; currency: string }[] = [];
  let fullNumberIndex = -1;
  header.forEach((cell, index) => {
    const match = /^(\d+)([A-Z]{3})$/.exec(cell);
    if (match) {
      columns.push({
        index,
        code: match[2]!,
        units: Number(match[1]),
        currency: (names[index] ?? '').trim(),
      });
    } else if (cell.startsWith('pełny numer')) {
      fullNumberIndex = index;
    }
  });
  if (columns.length === 0) throw new ArchiveFormatError(1, 'no currency columns in the header');
  if (fullNumberIndex < 0) throw new ArchiveFormatError(1, 'no "pełny numer tabeli" column');

  const tables: ArchiveTable[] = [];
  lines.forEach((line, i) => {
    const cells = line.split(';');
    const date = cells[0] ?? '';
    if (!/^\d{8}$/.test(date)) return; // names row, blank lines and footer rows
    const no = (cells[fullNumberIndex] ?? '').trim();
    if (!/^\d{3}\/A\/NBP\/\d{4}$/.test(no)) throw new ArchiveFormatError(i + 1, `bad table number "${no}"`);
    const rates: ArchiveRate[] = [];
    for (const column of columns) {
      const raw = cells[column.index] ?? '';
      if (raw.trim() === '') continue; // a currency NBP did not quote that day
      const value = parsePolishDecimal(raw);
      if (value === undefined) throw new ArchiveFormatError(i + 1, `bad rate "${raw}" for ${column.code}`);
      rates.push({ code: column.code, currency: column.currency, mid: perUnit(value, column.units) });
    }
    tables.push({ no, effectiveDate: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`, rates });
  });
  return tables;
}

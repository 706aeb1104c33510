import { BankFormatError, type ParsedBankTable, validatedBankTable } from './bank-table';

/*
 * The four shapes Polish banks publish their currency tables in, each read by a parser configured
 * with the bank's own names (bank-registry.ts). Parsers only read; validatedBankTable checks.
 */

/** JSON: an object with the table's fields and an array of rates. */
export interface JsonFormat {
  kind: 'json';
  tableNo: string;
  date: string;
  publishedAt?: string;
  rates: string;
  code: string;
  units?: string;
  buy: string;
  sell: string;
}

/** XML: one root element with attributes for the table, one element per currency with attributes. */
export interface XmlFormat {
  kind: 'xml';
  root: string;
  tableNo: string;
  date: string;
  publishedAt?: string;
  item: string;
  code: string;
  units: string;
  buy: string;
  sell: string;
}

/** CSV: a first line with table number and date, then a header row and one row per currency. */
export interface CsvFormat {
  kind: 'csv';
  separator: ';' | ',' | '\t';
  /** Pattern over the first line: groups 1 = table number, 2 = date. */
  titleLine: RegExp;
  /** Header names of the code, units, buy and sell columns. */
  columns: { code: string; units: string; buy: string; sell: string };
}

/** HTML: a <table> whose caption holds number and date, rows of <td> cells. */
export interface HtmlFormat {
  kind: 'html';
  /** Pattern over the caption text: groups 1 = table number, 2 = date. */
  caption: RegExp;
  /** Cell index of code, units, buy and sell in a row. */
  cells: { code: number; units: number; buy: number; sell: number };
}

export type BankFormat = JsonFormat | XmlFormat | CsvFormat | HtmlFormat;

export function parseBankTable(bank: string, format: BankFormat, body: string): ParsedBankTable {
  switch (format.kind) {
    case 'json':
      return parseJson(bank, format, body);
    case 'xml':
      return parseXml(bank, format, body);
    case 'csv':
      return parseCsv(bank, format, body);
    case 'html':
      return parseHtml(bank, format, body);
  }
}

function field(bank: string, record: unknown, name: string): string {
  const value = (record as Record<string, unknown> | null)?.[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new BankFormatError(bank, `field "${name}" missing`);
}

function parseJson(bank: string, f: JsonFormat, body: string): ParsedBankTable {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw new BankFormatError(bank, 'not JSON');
  }
  const rates = (doc as Record<string, unknown> | null)?.[f.rates];
  if (!Array.isArray(rates)) throw new BankFormatError(bank, `"${f.rates}" is not a list`);
  return validatedBankTable(bank, {
    tableNo: field(bank, doc, f.tableNo),
    effectiveDate: field(bank, doc, f.date),
    publishedAt: f.publishedAt ? field(bank, doc, f.publishedAt) : null,
    rates: rates.map((r) => ({
      code: field(bank, r, f.code),
      units: f.units ? field(bank, r, f.units) : '1',
      buy: field(bank, r, f.buy),
      sell: field(bank, r, f.sell),
    })),
  });
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');

function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) result[m[1]!] = unescapeXml(m[2]!);
  return result;
}

function parseXml(bank: string, f: XmlFormat, body: string): ParsedBankTable {
  const root = new RegExp(`<${f.root}(\\s[^>]*)?>`).exec(body);
  if (!root || !body.includes(`</${f.root}>`)) throw new BankFormatError(bank, `no <${f.root}> element`);
  const table = attributes(root[1] ?? '');
  const items = [...body.matchAll(new RegExp(`<${f.item}(\\s[^>]*?)/?>`, 'g'))].map((m) =>
    attributes(m[1] ?? ''),
  );
  return validatedBankTable(bank, {
    tableNo: field(bank, table, f.tableNo),
    effectiveDate: field(bank, table, f.date),
    publishedAt: f.publishedAt ? field(bank, table, f.publishedAt) : null,
    rates: items.map((a) => ({
      code: field(bank, a, f.code),
      units: field(bank, a, f.units),
      buy: field(bank, a, f.buy),
      sell: field(bank, a, f.sell),
    })),
  });
}

function parseCsv(bank: string, f: CsvFormat, body: string): ParsedBankTable {
  const lines = body
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const title = f.titleLine.exec(lines[0] ?? '');
  if (!title) throw new BankFormatError(bank, 'first line has no table number and date');
  const header = (lines[1] ?? '').split(f.separator).map((h) => h.trim());
  const index = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new BankFormatError(bank, `no "${name}" column`);
    return i;
  };
  const col = {
    code: index(f.columns.code),
    units: index(f.columns.units),
    buy: index(f.columns.buy),
    sell: index(f.columns.sell),
  };
  return validatedBankTable(bank, {
    tableNo: title[1] ?? '',
    effectiveDate: title[2] ?? '',
    rates: lines.slice(2).map((line) => {
      const cells = line.split(f.separator);
      return {
        code: cells[col.code] ?? '',
        units: cells[col.units] ?? '',
        buy: cells[col.buy] ?? '',
        sell: cells[col.sell] ?? '',
      };
    }),
  });
}

/** Pages print '4,1658 zł'; the number is what counts. */
const withoutCurrencySign = (text: string) => text.replace(/\s*zł$/, '');

const cellText = (html: string) => unescapeXml(html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ')).trim();

function parseHtml(bank: string, f: HtmlFormat, body: string): ParsedBankTable {
  const table = /<table[^>]*>([\s\S]*?)<\/table>/i.exec(body)?.[1];
  if (!table) throw new BankFormatError(bank, 'no <table>');
  const caption = f.caption.exec(cellText(/<caption[^>]*>([\s\S]*?)<\/caption>/i.exec(table)?.[1] ?? ''));
  if (!caption) throw new BankFormatError(bank, 'caption has no table number and date');
  const rows = [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)]
    .map((m) => [...(m[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((c) => cellText(c[1] ?? '')))
    .filter((cells) => cells.length > 0);
  return validatedBankTable(bank, {
    tableNo: caption[1] ?? '',
    effectiveDate: caption[2] ?? '',
    rates: rows.map((cells) => ({
      code: cells[f.cells.code] ?? '',
      units: cells[f.cells.units] ?? '',
      buy: withoutCurrencySign(cells[f.cells.buy] ?? ''),
      sell: withoutCurrencySign(cells[f.cells.sell] ?? ''),
    })),
  });
}

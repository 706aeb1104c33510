import { type BankFormat } from './bank-formats';

/** A bank whose currency table the service reads, and how its table is read. */
export interface BankDefinition {
  slug: string;
  name: string;
  /** The bank's page with its currency table (shown to visitors as the source). */
  websiteUrl: string;
  /** File extension of the format (the shipped dataset is named <slug>.<ext>). */
  extension: 'json' | 'xml' | 'csv' | 'html';
  /** The format the adapter reads. */
  format: BankFormat;
  /**
   * Whether `format` was checked against a table the bank really published: true only with a
   * recorded real table kept as a test fixture (test/fixtures/banks/<slug>.<ext>, provenance in
   * its README). Unverified, a fetched table that does not read is refused as malformed, never guessed at.
   */
  formatVerified: boolean;
}

/**
 * The major Polish banks and the format each adapter reads. None is verified yet: no recorded
 * table the bank really published was available (test/fixtures/banks/README.md), so these formats
 * are assumptions to check against the first real fetch. Where a table is fetched from is
 * configuration (BANK_SOURCE_URLS), not code: no bank is reachable from every machine.
 */
export const BANKS: readonly BankDefinition[] = [
  {
    slug: 'pko-bp',
    name: 'PKO Bank Polski',
    websiteUrl: 'https://www.pkobp.pl/waluty/',
    extension: 'json',
    formatVerified: false,
    format: {
      kind: 'json',
      tableNo: 'numerTabeli',
      date: 'dataObowiazywania',
      publishedAt: 'opublikowano',
      rates: 'kursy',
      code: 'kod',
      units: 'jednostka',
      buy: 'kupno',
      sell: 'sprzedaz',
    },
  },
  {
    slug: 'pekao',
    name: 'Bank Pekao',
    websiteUrl: 'https://www.pekao.com.pl/kursy-walut.html',
    extension: 'xml',
    formatVerified: false,
    format: {
      kind: 'xml',
      root: 'tabela',
      tableNo: 'numer',
      date: 'data',
      publishedAt: 'godzina',
      item: 'waluta',
      code: 'kod',
      units: 'przelicznik',
      buy: 'kupno',
      sell: 'sprzedaz',
    },
  },
  {
    slug: 'santander',
    name: 'Santander Bank Polska',
    websiteUrl: 'https://www.santander.pl/klient-indywidualny/karty-platnosci-i-kantor/kursy-walut',
    extension: 'csv',
    formatVerified: false,
    format: {
      kind: 'csv',
      separator: ';',
      titleLine: /^Tabela kursów walut nr ([^;]+);z dnia ([0-9.]+)/,
      columns: { code: 'Kod waluty', units: 'Jednostka', buy: 'Kupno', sell: 'Sprzedaż' },
    },
  },
  {
    slug: 'ing',
    name: 'ING Bank Śląski',
    websiteUrl: 'https://www.ing.pl/indywidualni/tabela-kursow-walut',
    extension: 'json',
    formatVerified: false,
    format: {
      kind: 'json',
      tableNo: 'tableNumber',
      date: 'validFrom',
      publishedAt: 'publishedAt',
      rates: 'currencies',
      code: 'isoCode',
      units: 'unit',
      buy: 'buyRate',
      sell: 'sellRate',
    },
  },
  {
    slug: 'mbank',
    name: 'mBank',
    websiteUrl: 'https://www.mbank.pl/serwis-ekonomiczny/kursy-walut/',
    extension: 'csv',
    formatVerified: false,
    format: {
      kind: 'csv',
      separator: '\t',
      titleLine: /^Tabela\t([^\t]+)\tData\t([0-9-]+)/,
      columns: { code: 'Waluta', units: 'Przelicznik', buy: 'Kupno', sell: 'Sprzedaż' },
    },
  },
  {
    slug: 'millennium',
    name: 'Bank Millennium',
    websiteUrl: 'https://www.bankmillennium.pl/kursy-walut',
    extension: 'html',
    formatVerified: false,
    format: {
      kind: 'html',
      caption: /Tabela kursów nr (\S+) z dnia (\d{2}\.\d{2}\.\d{4})/,
      cells: { code: 1, units: 2, buy: 3, sell: 4 },
    },
  },
  {
    slug: 'alior',
    name: 'Alior Bank',
    websiteUrl: 'https://www.aliorbank.pl/kursy-walut.html',
    extension: 'xml',
    formatVerified: false,
    format: {
      kind: 'xml',
      root: 'exchangeRates',
      tableNo: 'tableNo',
      date: 'effectiveDate',
      item: 'rate',
      code: 'currency',
      units: 'quantity',
      buy: 'buy',
      sell: 'sell',
    },
  },
  {
    slug: 'credit-agricole',
    name: 'Credit Agricole Bank Polska',
    websiteUrl: 'https://www.credit-agricole.pl/kursy-walut',
    extension: 'html',
    formatVerified: false,
    format: {
      kind: 'html',
      caption: /Kursy walut – tabela (\S+), obowiązuje od (\d{4}-\d{2}-\d{2})/,
      cells: { code: 0, units: 2, buy: 3, sell: 4 },
    },
  },
  {
    slug: 'bnp-paribas',
    name: 'BNP Paribas Bank Polska',
    websiteUrl: 'https://www.bnpparibas.pl/kursy-walut',
    extension: 'json',
    formatVerified: false,
    format: {
      kind: 'json',
      tableNo: 'table',
      date: 'date',
      rates: 'rates',
      code: 'symbol',
      units: 'multiplier',
      buy: 'bid',
      sell: 'ask',
    },
  },
];

const BY_SLUG = new Map(BANKS.map((b) => [b.slug, b]));

export function findBank(slug: string): BankDefinition | undefined {
  return BY_SLUG.get(slug);
}

/**
 * BANK_SOURCE_URLS: `slug=url` pairs separated by commas ('pko-bp=https://…,mbank=https://…').
 * Answers the map, or the problem in words (unknown bank, bad URL, a bank twice).
 */
export function parseBankSourceUrls(
  text: string,
): { ok: true; urls: Map<string, string> } | { ok: false; problem: string } {
  const urls = new Map<string, string>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const slug = eq > 0 ? part.slice(0, eq).trim() : '';
    const url = eq > 0 ? part.slice(eq + 1).trim() : '';
    if (!BY_SLUG.has(slug)) return { ok: false, problem: `unknown bank "${slug || part}"` };
    if (urls.has(slug)) return { ok: false, problem: `bank "${slug}" given twice` };
    if (!/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url))
      return { ok: false, problem: `bad URL for "${slug}"` };
    urls.set(slug, url);
  }
  return { ok: true, urls };
}

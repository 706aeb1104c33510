import { bankFixtureFiles, bankSample } from '../../../test/support/bank-samples';
import { parseBankTable } from './bank-formats';
import { BANKS, findBank, parseBankSourceUrls } from './bank-registry';
import { BankFormatError } from './bank-table';

const bank = (slug: string) => findBank(slug)!;
const parse = (slug: string, body = bankSample(bank(slug))) => parseBankTable(slug, bank(slug).format, body);

/*
 * The samples read here are the shipped sample tables, written in the format each adapter assumes:
 * no table a bank really published was available to record (test/fixtures/banks/README.md), so
 * these tests pin the adapters' behaviour, not their fit to the banks' real formats.
 */
describe('bank source adapters, each against a sample in the format it assumes (unverified)', () => {
  it('has at least 8 major Polish banks, each with a distinct slug and a shipped sample that reads', () => {
    expect(BANKS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(BANKS.map((b) => b.slug)).size).toBe(BANKS.length);
    for (const b of BANKS) {
      const table = parse(b.slug);
      expect(table.effectiveDate).toBe('2025-04-08');
      expect(table.rates.length).toBeGreaterThanOrEqual(12);
      expect(table.rates.map((r) => r.code)).toEqual([...table.rates.map((r) => r.code)].sort());
    }
  });

  it('PKO BP (JSON with Polish field names and publication time)', () => {
    const table = parse('pko-bp');
    expect(table).toMatchObject({
      tableNo: '68/2025',
      effectiveDate: '2025-04-08',
      publishedAt: '2025-04-08T08:05:00+02:00',
    });
    expect(table.rates.find((r) => r.code === 'HUF')).toMatchObject({ units: 100 });
  });

  it('Pekao (XML attributes, decimal commas)', () => {
    const table = parse('pekao');
    expect(table.tableNo).toBe('068/2025/1');
    expect(table.rates.find((r) => r.code === 'EUR')).toEqual({
      code: 'EUR',
      units: 1,
      buy: '4.1658',
      sell: '4.4234',
    });
  });

  it('Santander (semicolon CSV with a title line and Polish dates)', () => {
    expect(parse('santander')).toMatchObject({
      tableNo: '68/2025',
      effectiveDate: '2025-04-08',
      publishedAt: null,
    });
  });

  it('ING (JSON with numbers)', () => {
    expect(parse('ing').rates.find((r) => r.code === 'TRY')).toMatchObject({ units: 1 });
  });

  it('mBank (tab-separated)', () => {
    expect(parse('mbank').rates.find((r) => r.code === 'EUR')).toEqual({
      code: 'EUR',
      units: 1,
      buy: '4.2087',
      sell: '4.3805',
    });
  });

  it('Millennium and Credit Agricole (HTML tables, prices with “zł”)', () => {
    expect(parse('millennium').rates.find((r) => r.code === 'JPY')).toMatchObject({ units: 100 });
    expect(parse('credit-agricole')).toMatchObject({ tableNo: '68/2025', effectiveDate: '2025-04-08' });
  });

  it('Alior (XML with a compact date) and BNP Paribas (JSON with a Polish date)', () => {
    expect(parse('alior')).toMatchObject({ tableNo: 'AB/68/2025', effectiveDate: '2025-04-08' });
    expect(parse('bnp-paribas')).toMatchObject({ tableNo: '68/2025', effectiveDate: '2025-04-08' });
  });

  it('refuses what does not read as the bank’s format, naming the problem', () => {
    expect(() => parse('pko-bp', '<html>')).toThrow(new BankFormatError('pko-bp', 'not JSON'));
    expect(() =>
      parse('pekao', '<tabela numer="1" data="2025-04-08" godzina="2025-04-08T08:00:00+02:00"></tabela>'),
    ).toThrow('no rates');
    expect(() =>
      parse(
        'mbank',
        'Tabela\t1\tData\t2025-04-08\nWaluta\tPrzelicznik\tKupno\tSprzedaż\nEUR\t1\t4,40\t4,20\n',
      ),
    ).toThrow('EUR: buy 4.4 above sell 4.2');
    expect(() =>
      parse(
        'santander',
        'Tabela kursów walut nr 1;z dnia 31.02.2025\nWaluta;Kod waluty;Jednostka;Kupno;Sprzedaż\neuro;EUR;1;4;5',
      ),
    ).toThrow('bad date');
    expect(() =>
      parse('ing', '{"tableNumber":"1","validFrom":"2025-04-08","publishedAt":"x","currencies":[]}'),
    ).toThrow('bad publication time');
    expect(() =>
      parse(
        'millennium',
        '<table><caption>Tabela kursów nr 1 z dnia 08.04.2025</caption><tr><td>x</td><td>EURO</td><td>1</td><td>1</td><td>2</td></tr></table>',
      ),
    ).toThrow('bad currency code "EURO"');
  });

  it('claims a verified format only for a bank with a recorded real table among the test fixtures', () => {
    const fixtures = bankFixtureFiles();
    for (const b of BANKS)
      expect({ bank: b.slug, verified: b.formatVerified }).toEqual({
        bank: b.slug,
        verified: fixtures.includes(`${b.slug}.${b.extension}`),
      });
  });

  it('reads BANK_SOURCE_URLS and refuses unknown banks and bad URLs', () => {
    const parsed = parseBankSourceUrls(
      ' pko-bp=https://example.pl/kursy.json , mbank=http://10.0.0.5/k.csv ',
    );
    expect(parsed.ok && [...parsed.urls]).toEqual([
      ['pko-bp', 'https://example.pl/kursy.json'],
      ['mbank', 'http://10.0.0.5/k.csv'],
    ]);
    expect(parseBankSourceUrls('')).toEqual({ ok: true, urls: new Map() });
    expect(parseBankSourceUrls('nobank=https://x.pl')).toEqual({
      ok: false,
      problem: 'unknown bank "nobank"',
    });
    expect(parseBankSourceUrls('ing=ftp://x.pl')).toEqual({ ok: false, problem: 'bad URL for "ing"' });
  });
});

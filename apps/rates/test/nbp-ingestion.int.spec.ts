import { readFileSync } from 'node:fs';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { loadConfig } from '@lib/config';
import { ratesV1 } from '@lib/contracts';
import { silentLogger, startTestService, type TestService } from '@lib/testing';
import { BanksUseCases } from '../src/application/banks.use-cases';
import { NbpImportUseCases } from '../src/application/nbp-import.use-cases';
import { NbpFormatError } from '../src/domain/nbp-api-body';
import { NbpApiClient, NbpLimitError } from '../src/persistence/nbp-api.client';
import { OutboundRequests } from '../src/persistence/outbound-requests';
import { NbpTablesRepository } from '../src/persistence/nbp-tables.repository';
import { BANK_DATA_DIR } from '../src/persistence/bundled-bank-tables';
import { ratesConfigSchema } from '../src/rates.config';
import { FakeSource, nbpFixture } from './support/fake-source';

const ok = (name: string) => ({ status: 200, body: nbpFixture(name) });
const text = (name: string, status: number) => ({ status, body: nbpFixture(name) });

describe('NBP Web API client against recorded NBP bodies (local HTTP server)', () => {
  let nbp: FakeSource;
  let client: NbpApiClient;
  beforeAll(async () => {
    nbp = await new FakeSource().start();
    const config = loadConfig(ratesConfigSchema, {
      NBP_API_URL: `${nbp.url}/api/`,
      NBP_RETRY_DELAY_MS: '1',
      NBP_RETRIES: '3',
      NBP_TIMEOUT_MS: '300',
      NODE_ENV: 'test',
    });
    client = new NbpApiClient(config, silentLogger(), new OutboundRequests());
  });
  afterEach(() => nbp.reset());
  afterAll(async () => {
    await nbp.stop();
  });

  it('reads table A (latest, last n, by date, range) with NBP’s digits, rates by code', async () => {
    nbp
      .on(/tables\/A\/\?/, ok('tables-a-latest.json'))
      .on(/tables\/A\/last\/2\//, ok('tables-a-last-2.json'))
      .on(/tables\/A\/2026-09-30\/\?/, ok('tables-a-date.json'));
    const [latest] = await client.tables('A', { kind: 'latest' });
    expect(latest).toEqual({
      type: 'A',
      no: '191/A/NBP/2026',
      effectiveDate: '2026-10-01',
      tradingDate: null,
      rates: [
        { code: 'AUD', currency: 'dolar australijski', mid: '2.6894', bid: null, ask: null },
        { code: 'THB', currency: 'bat (Tajlandia)', mid: '0.115', bid: null, ask: null },
        { code: 'USD', currency: 'dolar amerykański', mid: '3.8762', bid: null, ask: null },
      ],
    });
    expect((await client.tables('A', { kind: 'last', count: 2 })).map((t) => t.no)).toEqual([
      '190/A/NBP/2026',
      '191/A/NBP/2026',
    ]);
    expect((await client.tables('A', { kind: 'date', date: '2026-09-30' }))[0]?.no).toBe('190/A/NBP/2026');
    expect(nbp.requests).toEqual([
      '/api/exchangerates/tables/A/?format=json',
      '/api/exchangerates/tables/A/last/2/?format=json',
      '/api/exchangerates/tables/A/2026-09-30/?format=json',
    ]);
  });

  it('reads table B with its weekly numbering and table C with trading date, bid and ask', async () => {
    nbp
      .on(/tables\/B\//, ok('tables-b-latest.json'))
      .on(/tables\/C\/2026-09-29\/2026-09-30\//, ok('tables-c-range.json'));
    const [b] = await client.tables('B', { kind: 'latest' });
    expect(b).toMatchObject({ no: '039/B/NBP/2026', effectiveDate: '2026-09-30' });
    expect(b!.rates.find((r) => r.code === 'MGA')).toEqual({
      code: 'MGA',
      currency: 'ariary (Madagaskar)',
      mid: '0.000875',
      bid: null,
      ask: null,
    });
    const c = await client.tables('C', { kind: 'range', from: '2026-09-29', to: '2026-09-30' });
    expect(c.map((t) => [t.no, t.tradingDate, t.effectiveDate])).toEqual([
      ['189/C/NBP/2026', '2026-09-28', '2026-09-29'],
      ['190/C/NBP/2026', '2026-09-29', '2026-09-30'],
    ]);
    expect(c[1]!.rates.find((r) => r.code === 'USD')).toEqual({
      code: 'USD',
      currency: 'dolar amerykański',
      mid: null,
      bid: '3.814',
      ask: '3.891',
    });
  });

  it('reads single-currency series of tables A, B and C', async () => {
    nbp
      .on(/rates\/A\/usd\/last\/3\//, ok('rates-a-last-3.json'))
      .on(/rates\/B\/afn\//, ok('rates-b-range.json'))
      .on(/rates\/C\/usd\/2026-09-30\//, ok('rates-c-date.json'));
    const a = await client.series('A', 'USD', { kind: 'last', count: 3 });
    expect(a?.points.map((p) => [p.effectiveDate, p.mid])).toEqual([
      ['2026-09-29', '3.8537'],
      ['2026-09-30', '3.8449'],
      ['2026-10-01', '3.8762'],
    ]);
    expect(
      (await client.series('B', 'AFN', { kind: 'range', from: '2026-09-09', to: '2026-09-23' }))?.points,
    ).toHaveLength(3);
    expect((await client.series('C', 'USD', { kind: 'date', date: '2026-09-30' }))?.points).toEqual([
      { no: '190/C/NBP/2026', effectiveDate: '2026-09-30', mid: null, bid: '3.814', ask: '3.891' },
    ]);
  });

  it('takes 404 “Brak danych” as a day without a table', async () => {
    nbp
      .on(/tables\/A\/2026-10-03\//, text('error-404.txt', 404))
      .on(/rates\/A\/usd\//, text('error-404.txt', 404));
    await expect(client.tables('A', { kind: 'date', date: '2026-10-03' })).resolves.toEqual([]);
    await expect(client.series('A', 'USD', { kind: 'date', date: '2026-10-03' })).resolves.toBeUndefined();
  });

  it('reports NBP’s 400 limits (93 days, 67 tables, 367 days, 255 results) as NbpLimitError', async () => {
    for (const file of [
      'error-400-tables-date-range.txt',
      'error-400-tables-top-count.txt',
      'error-400-date-range.txt',
      'error-400-top-count.txt',
    ]) {
      nbp.reset();
      nbp.on(/./, text(file, 400));
      await expect(
        client.tables('A', { kind: 'range', from: '2024-01-01', to: '2024-12-31' }),
      ).rejects.toBeInstanceOf(NbpLimitError);
      expect(nbp.requests).toHaveLength(1);
    }
  });

  it('retries 5xx and a timed-out request with backoff, then answers', async () => {
    nbp.on(
      /tables\/A\//,
      { status: 503, body: 'Service Unavailable' },
      'hold',
      { status: 500, body: '' },
      ok('tables-a-latest.json'),
    );
    await expect(client.tables('A', { kind: 'latest' })).resolves.toHaveLength(1);
    expect(nbp.requests).toHaveLength(4);
  });

  it('gives up after its retries with the last error', async () => {
    nbp.on(/tables\/A\//, { status: 502, body: 'Bad Gateway' });
    await expect(client.tables('A', { kind: 'latest' })).rejects.toThrow('answered 502');
    expect(nbp.requests).toHaveLength(4);
  });

  it('rejects a body that is not NBP’s shape', async () => {
    nbp.on(/tables\/A\//, { status: 200, body: '<html>maintenance</html>', type: 'text/html' });
    await expect(client.tables('A', { kind: 'latest' })).rejects.toBeInstanceOf(NbpFormatError);
    nbp.on(/tables\/C\//, {
      status: 200,
      body: '[{"table":"C","no":"190/C/NBP/2026","effectiveDate":"2026-09-30","rates":[{"currency":"dolar","code":"USD","mid":3.8}]}]',
    });
    await expect(client.tables('C', { kind: 'latest' })).rejects.toThrow('table C needs bid and ask');
  });
});

describe('scheduled ingestion and backfill into the service (real PostgreSQL, local NBP and bank)', () => {
  let source: FakeSource;
  let t: TestService<'rates'>;
  beforeAll(async () => {
    source = await new FakeSource().start();
    t = await startTestService(ratesService(), {
      env: {
        NBP_API_URL: `${source.url}/api/`,
        NBP_RETRY_DELAY_MS: '1',
        NBP_RETRIES: '1',
        BANK_SOURCE_URLS: `pko-bp=${source.url}/pko.json,mbank=${source.url}/mbank.csv`,
      },
    });
  });
  afterEach(() => source.reset());
  afterAll(async () => {
    await t?.stop();
    await source.stop();
  });

  it('stores the fetched table C once (upsert by number and date) and serves it as the latest', async () => {
    source.on(/tables\/C\/2026-07-02\/2026-10-02\//, ok('tables-c-range.json'));
    const ingest = t.service.app.get(NbpImportUseCases);
    // Nothing of table C stored yet: the last 93 days up to the Warsaw date are asked for.
    await expect(ingest.ingest('C', new Date('2026-10-02T06:30:00Z'))).resolves.toBe(2);
    await expect(t.client.getLatestTable({ table: ratesV1.TableType.C })).resolves.toMatchObject({
      no: '190/C/NBP/2026',
      tradingDate: '2026-09-29',
      effectiveDate: '2026-09-30',
    });
    source.on(/tables\/C\//, ok('tables-c-range.json'));
    await expect(ingest.ingest('C', new Date('2026-10-02T06:30:00Z'))).resolves.toBe(0);
    await expect(t.service.app.get(NbpTablesRepository).count('C')).resolves.toBe(2);
    const converted = await t.client.convert({
      amount: '100',
      from: 'USD',
      to: 'PLN',
      source: ratesV1.RateSource.NBP_C,
      bankSlug: '',
      date: '',
    });
    expect(converted).toMatchObject({ result: '381.40', rate: '3.814', tableNo: '190/C/NBP/2026' });
  });

  it('logs and skips a malformed answer, keeping what is stored', async () => {
    source.on(/tables\/C\//, { status: 200, body: '[{"table":"C","no":"nonsense"}]' });
    await expect(
      t.service.app.get(NbpImportUseCases).ingest('C', new Date('2026-10-05T06:30:00Z')),
    ).rejects.toBeInstanceOf(NbpFormatError);
    await expect(t.client.getLatestTable({ table: ratesV1.TableType.C })).resolves.toMatchObject({
      no: '190/C/NBP/2026',
    });
    const body = (await (await fetch(`${t.opsUrl}/readyz`)).json()) as {
      details: { dataLag: { kind: string; lastError?: string }[] };
    };
    expect(body.details.dataLag.find((f) => f.kind === 'C')?.lastError).toContain('malformed NBP response');
  });

  it('backfills a year in requests within NBP’s 93-day limit', async () => {
    source.on(/tables\/A\/2026-07-06\/2026-10-06\//, ok('tables-a-range.json'));
    const report = await t.service.app.get(NbpImportUseCases).backfill('A', '2026-01-01', '2026-12-31');
    expect(report).toEqual({ requests: 4, tables: 2, added: 2, skipped: 0 });
    expect(source.requests).toEqual([
      '/api/exchangerates/tables/A/2026-01-01/2026-04-03/?format=json',
      '/api/exchangerates/tables/A/2026-04-04/2026-07-05/?format=json',
      '/api/exchangerates/tables/A/2026-07-06/2026-10-06/?format=json',
      '/api/exchangerates/tables/A/2026-10-07/2026-12-31/?format=json',
    ]);
    await expect(t.client.getLatestTable({ table: ratesV1.TableType.A })).resolves.toMatchObject({
      no: '190/A/NBP/2026',
    });
  });

  it('fetches the configured banks, stores a new day and skips a malformed table; a configured bank is never answered from the shipped sample', async () => {
    const pko = JSON.parse(readFileSync(path.join(BANK_DATA_DIR, 'pko-bp.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    source.on(/pko\.json/, {
      status: 200,
      body: JSON.stringify({ ...pko, numerTabeli: '69/2025', dataObowiazywania: '2025-04-09' }),
    });
    source.on(/mbank\.csv/, {
      status: 200,
      body: 'Tabela\t69/A/2025\tData\t2025-04-09\nWaluta\tPrzelicznik\tKupno\tSprzedaż\nEUR\t1\t4,40\t4,20\n',
    });
    const report = await t.service.app.get(BanksUseCases).ingest(new Date('2025-04-09T07:00:00Z'));
    expect(report).toEqual({ added: ['pko-bp'], unchanged: [], failed: ['mbank'] });
    await expect(t.client.getBankTable({ bankSlug: 'pko-bp', date: '' })).resolves.toMatchObject({
      tableNo: '69/2025',
      effectiveDate: '2025-04-09',
      embedded: false,
    });
    // mBank has a live source but nothing good fetched from it: unavailable, not its shipped sample
    const mbank = (await t.client.getBankTable({ bankSlug: 'mbank', date: '' }).catch((e: unknown) => e)) as {
      code?: number;
    };
    expect(mbank.code).toBe(status.NOT_FOUND);
    const { banks } = await t.client.listBanks({});
    expect(banks.find((b) => b.slug === 'mbank')).toMatchObject({ latestTableDate: '', embedded: false });
    expect(banks.find((b) => b.slug === 'pko-bp')).toMatchObject({
      latestTableDate: '2025-04-09',
      embedded: false,
    });
    // a bank without a live source still shows its shipped sample outside production, marked as such
    expect(banks.find((b) => b.slug === 'ing')).toMatchObject({
      latestTableDate: '2025-04-08',
      embedded: true,
    });
  });
});

function ratesService() {
  // Imported lazily so the NBP client tests above do not start Nest.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../src/rates.service-definition') as typeof import('../src/rates.service-definition'))
    .ratesService;
}

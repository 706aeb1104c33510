import { status } from '@grpc/grpc-js';
import { type GrpcCallError, ratesV1 } from '@lib/contracts';
import { startTestService, type TestService } from '@lib/testing';
import { NbpTablesRepository } from '../src/persistence/nbp-tables.repository';
import { ratesService } from '../src/rates.service-definition';

const grpcError = async (call: Promise<unknown>) => (await call.catch((e: unknown) => e)) as GrpcCallError;

describe('rates RPCs over gRPC (real PostgreSQL, shipped data)', () => {
  let t: TestService<'rates'>;
  beforeAll(async () => {
    t = await startTestService(ratesService);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('holds table A from the first working day of 2016 to the archive’s last day', async () => {
    const repo = t.service.app.get(NbpTablesRepository);
    await expect(repo.latestDate('A')).resolves.toBe('2025-04-08');
    const first = await t.client.getTableByDate({
      table: ratesV1.TableType.A,
      date: '2016-01-04',
      onOrBefore: false,
    });
    expect(first.no).toBe('001/A/NBP/2016');
    expect(first.rates.find((r) => r.code === 'JPY')?.mid).toMatch(/^0\.03\d+$/);
    expect(await repo.count('A')).toBeGreaterThan(2300);
  });

  it('answers a table on a date, or the newest before it, and NOT_FOUND for a day without one', async () => {
    const saturday = { table: ratesV1.TableType.A, date: '2025-04-05' };
    expect((await grpcError(t.client.getTableByDate({ ...saturday, onOrBefore: false }))).code).toBe(
      status.NOT_FOUND,
    );
    await expect(t.client.getTableByDate({ ...saturday, onOrBefore: true })).resolves.toMatchObject({
      no: '066/A/NBP/2025',
      effectiveDate: '2025-04-04',
    });
    const bad = await grpcError(
      t.client.getTableByDate({ table: ratesV1.TableType.A, date: '2025-13-01', onOrBefore: false }),
    );
    expect(bad.code).toBe(status.INVALID_ARGUMENT);
    expect(bad.fieldViolations).toEqual([{ field: 'date', description: 'must be a date YYYY-MM-DD' }]);
  });

  it('lists tables in a range oldest first and refuses a range over its limit', async () => {
    const { tables } = await t.client.listTables({
      table: ratesV1.TableType.A,
      from: '2025-04-01',
      to: '2025-04-08',
    });
    expect(tables.map((x) => x.effectiveDate)).toEqual([
      '2025-04-01',
      '2025-04-02',
      '2025-04-03',
      '2025-04-04',
      '2025-04-07',
      '2025-04-08',
    ]);
    const error = await grpcError(
      t.client.listTables({ table: ratesV1.TableType.A, from: '2020-01-01', to: '2025-01-01' }),
    );
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual([
      { field: 'to', description: 'must be at most 367 days after from' },
    ]);
  });

  it('answers every history range ending on the newest table, with min, max and change', async () => {
    const ranges = [
      [ratesV1.HistoryRange.HOURS_48, '2025-04-06'],
      [ratesV1.HistoryRange.WEEK_1, '2025-04-01'],
      [ratesV1.HistoryRange.MONTH_1, '2025-03-08'],
      [ratesV1.HistoryRange.MONTHS_6, '2024-10-08'],
      [ratesV1.HistoryRange.MONTHS_12, '2024-04-08'],
      [ratesV1.HistoryRange.YEARS_5, '2020-04-08'],
    ] as const;
    for (const [range, from] of ranges) {
      const h = await t.client.getCurrencyHistory({
        code: 'eur',
        table: ratesV1.TableType.A,
        range,
        from: '',
        to: '',
        quote: '',
      });
      expect({ from: h.from, to: h.to, quote: h.quote }).toEqual({ from, to: '2025-04-08', quote: 'PLN' });
      expect(h.points[0]!.effectiveDate >= from).toBe(true);
      expect(h.points.at(-1)).toMatchObject({
        effectiveDate: '2025-04-08',
        tableNo: '068/A/NBP/2025',
        mid: '4.2946',
      });
      const mids = h.points.map((p) => Number(p.mid));
      expect(Number(h.min)).toBe(Math.min(...mids));
      expect(Number(h.max)).toBe(Math.max(...mids));
    }
    const week = await t.client.getCurrencyHistory({
      code: 'EUR',
      table: ratesV1.TableType.A,
      range: ratesV1.HistoryRange.WEEK_1,
      from: '',
      to: '',
      quote: '',
    });
    expect(week.points.map((p) => p.mid)).toEqual([
      '4.1818',
      '4.1794',
      '4.1791',
      '4.2403',
      '4.2975',
      '4.2946',
    ]);
    expect(week).toMatchObject({ min: '4.1791', max: '4.2975', change: '0.1128', changePercent: '2.70' });
  });

  it('computes a cross-rate history through PLN', async () => {
    const h = await t.client.getCurrencyHistory({
      code: 'EUR',
      table: ratesV1.TableType.A,
      range: 0,
      from: '2025-04-08',
      to: '2025-04-08',
      quote: 'usd',
    });
    expect(h.quote).toBe('USD');
    // 4.2946 / 3.9270 on 2025-04-08
    expect(h.points).toEqual([
      { effectiveDate: '2025-04-08', tableNo: '068/A/NBP/2025', mid: '1.09360835', bid: '', ask: '' },
    ]);
    const inverse = await t.client.getCurrencyHistory({
      code: 'PLN',
      table: ratesV1.TableType.A,
      range: ratesV1.HistoryRange.HOURS_48,
      from: '',
      to: '',
      quote: 'EUR',
    });
    expect(inverse).toMatchObject({ code: 'PLN', quote: 'EUR', from: '2025-04-06', to: '2025-04-08' });
    expect(inverse.points.map((p) => p.mid)).toEqual(['0.23269343', '0.23285056']);
  });

  it('says NOT_FOUND for a currency table A does not quote', async () => {
    const error = await grpcError(
      t.client.getCurrencyHistory({
        code: 'XYZ',
        table: ratesV1.TableType.A,
        range: ratesV1.HistoryRange.WEEK_1,
        from: '',
        to: '',
        quote: '',
      }),
    );
    expect(error.code).toBe(status.NOT_FOUND);
  });

  it('lists at least 8 banks with the shipped table’s date, marked embedded', async () => {
    const { banks } = await t.client.listBanks({});
    expect(banks.length).toBeGreaterThanOrEqual(8);
    expect(banks.every((b) => b.latestTableDate === '2025-04-08' && b.embedded)).toBe(true);
    expect(banks.map((b) => b.name)).toEqual(
      [...banks.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'pl')),
    );
  });

  it('answers a bank table and NOT_FOUND for an unknown bank', async () => {
    const table = await t.client.getBankTable({ bankSlug: 'millennium', date: '' });
    expect(table).toMatchObject({
      bankSlug: 'millennium',
      bankName: 'Bank Millennium',
      tableNo: '68/2025',
      effectiveDate: '2025-04-08',
      embedded: true,
    });
    expect(table.rates.find((r) => r.code === 'JPY')).toMatchObject({ units: 100, name: 'jen japoński' });
    expect((await grpcError(t.client.getBankTable({ bankSlug: 'no-such-bank', date: '' }))).code).toBe(
      status.NOT_FOUND,
    );
    const history = await t.client.getBankCurrencyHistory({
      bankSlug: 'mbank',
      code: 'eur',
      range: ratesV1.HistoryRange.MONTH_1,
      from: '',
      to: '',
    });
    expect(history.points).toHaveLength(1);
    expect(history).toMatchObject({
      code: 'EUR',
      to: '2025-04-08',
      min: history.points[0]!.buy,
      max: history.points[0]!.sell,
    });
  });

  it('converts 100 EUR to PLN at the NBP mid rate and names the table, marked as the bundled archive’s', async () => {
    await expect(
      t.client.convert({
        amount: '100',
        from: 'EUR',
        to: 'PLN',
        source: ratesV1.RateSource.NBP_A,
        bankSlug: '',
        date: '',
      }),
    ).resolves.toEqual({
      amount: '100',
      from: 'EUR',
      to: 'PLN',
      result: '429.46',
      rate: '4.2946',
      source: ratesV1.RateSource.NBP_A,
      bankSlug: '',
      tableNo: '068/A/NBP/2025',
      effectiveDate: '2025-04-08',
      embedded: true,
    });
  });

  it('converts EUR to USD through PLN exactly, and at a bank’s buy and sell rates', async () => {
    const cross = await t.client.convert({
      amount: '1000',
      from: 'eur',
      to: 'usd',
      source: ratesV1.RateSource.NBP_A,
      bankSlug: '',
      date: '',
    });
    // 1000 × 4.2946 / 3.9270 = 1093.6083524318…
    expect(cross).toMatchObject({ result: '1093.61', rate: '1.0936083524' });
    const onDate = await t.client.convert({
      amount: '1',
      from: 'USD',
      to: 'JPY',
      source: 0,
      bankSlug: '',
      date: '2025-04-06',
    });
    expect(onDate).toMatchObject({ tableNo: '066/A/NBP/2025', effectiveDate: '2025-04-04', embedded: true });
    expect(onDate.result).toMatch(/^\d+$/); // yen has no minor unit
    const bank = await t.client.convert({
      amount: '100',
      from: 'PLN',
      to: 'EUR',
      source: ratesV1.RateSource.BANK,
      bankSlug: 'mbank',
      date: '',
    });
    expect(bank).toMatchObject({
      bankSlug: 'mbank',
      tableNo: '68/A/2025',
      effectiveDate: '2025-04-08',
      embedded: true,
    });
    expect(Number(bank.result)).toBeLessThan(100 / 4.2946);
  });

  it('refuses bad amounts with Polish messages and unknown currencies or banks with NOT_FOUND', async () => {
    const convert = (amount: string, extra: Partial<ratesV1.ConvertRequest> = {}) =>
      grpcError(
        t.client.convert({
          amount,
          from: 'EUR',
          to: 'PLN',
          source: ratesV1.RateSource.NBP_A,
          bankSlug: '',
          date: '',
          ...extra,
        }),
      );
    for (const [amount, description] of [
      ['-5', 'Kwota nie może być ujemna.'],
      ['abc', 'Kwota musi być liczbą, np. 100 lub 250,50.'],
      ['1000000000.01', 'Kwota nie może być większa niż 1 000 000 000.'],
    ]) {
      const error = await convert(amount!);
      expect(error.code).toBe(status.INVALID_ARGUMENT);
      expect(error.fieldViolations).toEqual([{ field: 'amount', description }]);
    }
    expect((await convert('10', { to: 'XYZ' })).code).toBe(status.NOT_FOUND);
    expect((await convert('10', { source: ratesV1.RateSource.BANK, bankSlug: 'no-such-bank' })).code).toBe(
      status.NOT_FOUND,
    );
  });

  it('lists currency names and builds a pair page', async () => {
    const { names } = await t.client.listCurrencyNames({ codes: ['USD', 'mdl'] });
    expect(names.map((n) => [n.code, n.longPluralGenitive])).toEqual([
      ['mdl', ''],
      ['usd', 'dolarów amerykańskich'],
    ]);
    expect((await t.client.listCurrencyNames({ codes: [] })).names.length).toBeGreaterThanOrEqual(58);
    const noHistory = ratesV1.HistoryRange.UNSPECIFIED;
    const pair = await t.client.getCurrencyPair({ from: 'eur', to: 'pln', historyRange: noHistory });
    expect(pair).toMatchObject({
      from: 'eur',
      to: 'pln',
      fromLp: 'euro',
      toLp: 'złotych',
      mid: '4.2946',
      tableNo: '068/A/NBP/2025',
      effectiveDate: '2025-04-08',
      embedded: true,
      // the bundled data has no table C: no buy and sell to show
      bid: '',
      cTableNo: '',
    });
    expect(pair.title).toBe('Kurs euro do złotego (EUR/PLN) – kalkulator walutowy');
    expect(Number(pair.min)).toBeLessThanOrEqual(4.2946);
    expect(Number(pair.max)).toBeGreaterThanOrEqual(4.2975);
    const unknown = await grpcError(
      t.client.getCurrencyPair({ from: 'eur', to: 'xyz', historyRange: noHistory }),
    );
    expect(unknown.code).toBe(status.NOT_FOUND);
  });

  it('reports how far each kind of data lags behind the publication calendar on /readyz', async () => {
    const body = (await (await fetch(`${t.opsUrl}/readyz`)).json()) as {
      details: { dataLag: { kind: string; latestDate?: string; stale: boolean }[] };
    };
    expect(body.details.dataLag.find((f) => f.kind === 'A')).toMatchObject({ latestDate: '2025-04-08' });
    const metrics = await (await fetch(`${t.opsUrl}/metrics`)).text();
    expect(metrics).toMatch(/rates_table_days_behind\{[^}]*kind="A"[^}]*\} \d+/);
  });
});

import { isSharedValue, MemoryCache } from '@lib/cache';
import { ratesV1 } from '@lib/contracts';
import { notFound, ServiceError } from '@lib/service-kit';
import { silentLogger, strictMock } from '@lib/testing';
import { type NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { type BanksUseCases } from './banks.use-cases';
import { CurrenciesUseCases } from './currencies.use-cases';
import { type HistoryQuery, type RateTablesUseCases } from './rate-tables.use-cases';

const tableA: ratesV1.RateTable = {
  table: ratesV1.TableType.A,
  no: '068/A/NBP/2025',
  effectiveDate: '2025-04-08',
  tradingDate: '',
  rates: [
    { currency: 'euro', code: 'EUR', mid: '4.2946', bid: '', ask: '' },
    { currency: 'dolar amerykański', code: 'USD', mid: '3.927', bid: '', ask: '' },
  ],
  embedded: false,
};

function subject(
  parts: {
    latest?: (type: string) => Promise<ratesV1.RateTable | null>;
    bankTable?: BanksUseCases['bankTable'];
    history?: RateTablesUseCases['history'];
    cache?: MemoryCache;
  } = {},
) {
  const latestOrNull = jest.fn(
    parts.latest ?? ((type: string) => Promise.resolve(type === 'A' ? tableA : null)),
  );
  const history = parts.history
    ? jest.fn(parts.history)
    : jest.fn().mockRejectedValue(notFound('currency', 'x'));
  return new CurrenciesUseCases(
    strictMock<RateTablesUseCases>('rates', { latestOrNull, history }),
    strictMock<BanksUseCases>('banks', parts.bankTable ? { bankTable: jest.fn(parts.bankTable) } : {}),
    strictMock<NbpTablesRepository>('tables'),
    parts.cache ?? new MemoryCache({ logger: silentLogger() }),
    silentLogger(),
  );
}

const tableB: ratesV1.RateTable = {
  table: ratesV1.TableType.B,
  no: '014/B/NBP/2025',
  effectiveDate: '2025-04-02',
  tradingDate: '',
  rates: [{ currency: 'lej Mołdawii', code: 'MDL', mid: '0.2219', bid: '', ask: '' }],
  embedded: false,
};

/** A history answer naming the query it answers, with one point. */
const historyOf = (query: HistoryQuery): ratesV1.GetCurrencyHistoryResponse => ({
  code: query.code,
  table: query.table === 'B' ? ratesV1.TableType.B : ratesV1.TableType.A,
  from: '2025-03-08',
  to: '2025-04-08',
  points: [{ effectiveDate: '2025-04-08', tableNo: '068/A/NBP/2025', mid: '4.2946', bid: '', ask: '' }],
  min: '4.2946',
  max: '4.2946',
  change: '0',
  changePercent: '0.00',
  quote: query.quote,
});

describe('CurrenciesUseCases', () => {
  it('converts at a bank’s rates quoted per 100 units, naming the bank’s table', async () => {
    const bankTable = () =>
      Promise.resolve({
        bankSlug: 'mbank',
        bankName: 'mBank',
        tableNo: '68/A/2025',
        effectiveDate: '2025-04-08',
        publishedAt: '',
        rates: [{ code: 'JPY', name: 'jen japoński', buy: '2.5', sell: '2.7', units: 100 }],
        embedded: true,
        websiteUrl: '',
      });
    const answer = await subject({ bankTable }).convert({
      amount: '1000',
      from: 'PLN',
      to: 'JPY',
      source: 'bank',
      bankSlug: 'mbank',
    });
    // 1000 PLN / 0.027 PLN per yen = 37037.037… → 37037 (no minor unit)
    expect(answer).toMatchObject({
      result: '37037',
      rate: '37.037037037',
      tableNo: '68/A/2025',
      effectiveDate: '2025-04-08',
      bankSlug: 'mbank',
      source: ratesV1.RateSource.BANK,
      // the shipped sample table: the answer says so
      embedded: true,
    });
  });

  it('marks a conversion or a pair from the bundled NBP archive as embedded, and one from the API as not', async () => {
    const fromArchive = { ...tableA, embedded: true };
    const archived = subject({ latest: (type) => Promise.resolve(type === 'A' ? fromArchive : null) });
    await expect(
      archived.convert({ amount: '1', from: 'EUR', to: 'PLN', source: 'nbp-a' }),
    ).resolves.toMatchObject({ result: '4.29', embedded: true });
    await expect(archived.currencyPair('eur', 'pln')).resolves.toMatchObject({
      mid: '4.2946',
      embedded: true,
    });
    // złoty to złoty uses no table at all
    await expect(
      archived.convert({ amount: '1', from: 'PLN', to: 'PLN', source: 'nbp-a' }),
    ).resolves.toMatchObject({ embedded: false });
    await expect(
      subject().convert({ amount: '1', from: 'EUR', to: 'PLN', source: 'nbp-a' }),
    ).resolves.toMatchObject({
      embedded: false,
    });
    await expect(subject().currencyPair('eur', 'pln')).resolves.toMatchObject({ embedded: false });
  });

  it('says NOT_FOUND for a currency NBP does not quote, and for an unknown code', async () => {
    const error = await subject()
      .convert({ amount: '1', from: 'KES', to: 'PLN', source: 'nbp-a' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).extra.resource).toEqual({
      resourceType: 'rate',
      resourceName: 'KES in NBP',
    });
    await expect(subject().convert({ amount: '1', from: 'XYZ', to: 'PLN', source: 'nbp-a' })).rejects.toThrow(
      'currency XYZ not found',
    );
  });

  it('builds a pair page for a currency without Polish text from its code, with empty rates', async () => {
    const pair = await subject().currencyPair('MDL', 'PLN');
    expect(pair).toMatchObject({
      from: 'mdl',
      to: 'pln',
      fromLp: '',
      toLp: 'złotych',
      mid: '',
      bid: '',
      ask: '',
      min: '',
      max: '',
    });
    expect(pair.title).toBe('Kurs MDL do złotego (MDL/PLN) – kalkulator walutowy');
    expect(pair.description).toBe(
      'Ile złotych kosztuje 1 MDL? Kurs MDL do złotego (MDL/PLN) według NBP, kursy kupna i sprzedaży w bankach oraz historia kursu. Przelicz MDL na złote polskie.',
    );
  });

  it('builds the EUR/USD pair from the cross rate', async () => {
    const pair = await subject().currencyPair('eur', 'usd');
    expect(pair).toMatchObject({
      mid: '1.0936083524',
      tableNo: '068/A/NBP/2025',
      fromLp: 'euro',
      toLp: 'dolarów',
    });
    expect(pair.title).toBe('Kurs euro do dolara (EUR/USD) – kalkulator walutowy');
  });

  describe('a pair with its history', () => {
    const withTables = (type: string) =>
      Promise.resolve(type === 'A' ? tableA : type === 'B' ? tableB : null);
    /** The histories asked for besides the 12-month min/max every pair reads. */
    const rangeQueries = (history: jest.Mock) =>
      (history.mock.calls as [HistoryQuery][]).map(([query]) => query).filter((q) => q.range !== 'months12');

    it('answers no history and does not read one when no range is asked for', async () => {
      const history = jest.fn((query: HistoryQuery) => Promise.resolve(historyOf(query)));
      const pair = await subject({ history }).currencyPair('eur', 'pln');
      expect(pair).toMatchObject({ mid: '4.2946', history: null, historyUnavailable: false });
      expect(rangeQueries(history)).toEqual([]);
    });

    it('reads the range from table B for a currency only table B quotes, next to the pair', async () => {
      const history = jest.fn((query: HistoryQuery) => Promise.resolve(historyOf(query)));
      const pair = await subject({ latest: withTables, history }).currencyPair('mdl', 'pln', 'month1');
      expect(rangeQueries(history)).toEqual([{ code: 'MDL', quote: 'PLN', table: 'B', range: 'month1' }]);
      expect(pair).toMatchObject({ tableNo: '014/B/NBP/2025', historyUnavailable: false });
      expect(pair.history).toMatchObject({ code: 'MDL', quote: 'PLN', table: ratesV1.TableType.B });
    });

    it('answers the złoty against a currency with that currency’s history in złoty', async () => {
      const history = jest.fn((query: HistoryQuery) => Promise.resolve(historyOf(query)));
      const pair = await subject({ latest: withTables, history }).currencyPair('pln', 'eur', 'years5');
      expect(rangeQueries(history)).toEqual([{ code: 'EUR', quote: 'PLN', table: 'A', range: 'years5' }]);
      expect(pair.history).toMatchObject({ code: 'EUR', quote: 'PLN' });
    });

    it('keeps a range’s history per pair until the next import, without reading the newest tables again', async () => {
      const history = jest.fn((query: HistoryQuery) => Promise.resolve(historyOf(query)));
      const latest = jest.fn(withTables);
      const uses = subject({ latest, history });
      const first = await uses.currencyPair('mdl', 'pln', 'month1');
      const tablesRead = latest.mock.calls.length;
      const again = await uses.currencyPair('mdl', 'pln', 'month1');
      expect(again.history).toEqual(first.history);
      expect(latest).toHaveBeenCalledTimes(tablesRead);
      expect(rangeQueries(history)).toHaveLength(1);
      // another range, or the reverse pair, is its own answer
      await uses.currencyPair('mdl', 'pln', 'week1');
      await uses.currencyPair('pln', 'mdl', 'month1');
      expect(rangeQueries(history)).toHaveLength(3);
    });

    it('answers one shared object while the cached pair and history stay, a new one after an import', async () => {
      // As the services' cache does: cached values are frozen and shared, not copied per read.
      const cache = new MemoryCache({ logger: silentLogger(), shareValues: true });
      let imported = '4.2946';
      const history = jest.fn((query: HistoryQuery) =>
        Promise.resolve({ ...historyOf(query), min: imported }),
      );
      const uses = subject({ latest: withTables, history, cache });
      await uses.currencyPair('eur', 'pln', 'month1');
      const cached = await uses.currencyPair('eur', 'pln', 'month1');
      expect(await uses.currencyPair('eur', 'pln', 'month1')).toBe(cached);
      expect(isSharedValue(cached)).toBe(true);
      expect(await uses.currencyPair('eur', 'pln')).not.toBe(cached);
      expect(await uses.currencyPair('eur', 'pln')).toMatchObject({
        history: null,
        historyUnavailable: false,
      });

      imported = '4.1';
      await cache.deleteByPrefix('cache:');
      await uses.currencyPair('eur', 'pln', 'month1');
      const afterImport = await uses.currencyPair('eur', 'pln', 'month1');
      expect(afterImport).not.toBe(cached);
      expect(afterImport.history).toMatchObject({ min: '4.1' });
    });

    it('still answers the pair, its history marked unavailable, when the history cannot be read', async () => {
      const history = jest.fn((query: HistoryQuery) =>
        query.range === 'week1'
          ? Promise.reject(new Error('connection terminated'))
          : Promise.resolve(historyOf(query)),
      );
      const uses = subject({ history });
      const pair = await uses.currencyPair('eur', 'pln', 'week1');
      expect(pair).toMatchObject({ mid: '4.2946', min: '4.2946', history: null, historyUnavailable: true });
      // the cached pair does not keep the failure: the next answer reads the history again
      history.mockImplementation((query: HistoryQuery) => Promise.resolve(historyOf(query)));
      await expect(uses.currencyPair('eur', 'pln', 'week1')).resolves.toMatchObject({
        historyUnavailable: false,
      });
      expect(rangeQueries(history)).toHaveLength(2);
    });
  });

  it('lists names by code and refuses an unknown one', () => {
    expect(
      subject()
        .currencyNames(['usd', 'EUR', 'usd'])
        .names.map((n) => n.code),
    ).toEqual(['eur', 'usd']);
    expect(() => subject().currencyNames(['xyz'])).toThrow('currency XYZ not found');
  });
});

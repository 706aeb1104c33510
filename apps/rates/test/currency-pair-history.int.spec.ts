import { status } from '@grpc/grpc-js';
import { type GrpcCallError, ratesV1 } from '@lib/contracts';
import {
  describeWithRedis,
  provideTestRedis,
  startTestService,
  type TestRedis,
  type TestService,
} from '@lib/testing';
import { RATES_CACHE_PREFIX } from '../src/application/rates-cache';
import { NBP_API_SOURCE } from '../src/domain/data-sources';
import { type NbpTable } from '../src/domain/nbp-api-body';
import { NbpTablesRepository } from '../src/persistence/nbp-tables.repository';
import { ratesService } from '../src/rates.service-definition';

/*
 * GetCurrencyPair with the pair's history over real gRPC, PostgreSQL (the shipped table A archive
 * and a few weeks of table B) and Redis: the history is GetCurrencyHistory's own answer for the
 * pair's parameters, read in the same call.
 */

const grpcError = async (call: Promise<unknown>) => (await call.catch((e: unknown) => e)) as GrpcCallError;

/** Weekly tables B (made-up rates) up to the archive's last week: MDL and ALL are quoted only here. */
const TABLES_B: NbpTable[] = [
  ['009/B/NBP/2025', '2025-03-05', '0.2131', '0.0428'],
  ['010/B/NBP/2025', '2025-03-12', '0.2144', '0.0431'],
  ['011/B/NBP/2025', '2025-03-19', '0.2160', '0.0429'],
  ['012/B/NBP/2025', '2025-03-26', '0.2175', '0.0433'],
  ['013/B/NBP/2025', '2025-04-02', '0.2219', '0.0436'],
].map(([no, effectiveDate, mdl, lek]) => ({
  type: 'B',
  no: no!,
  effectiveDate: effectiveDate!,
  tradingDate: null,
  rates: [
    { code: 'ALL', currency: 'lek (Albania)', mid: lek!, bid: null, ask: null },
    { code: 'MDL', currency: 'lej Mołdawii', mid: mdl!, bid: null, ask: null },
  ],
}));

/**
 * The service keys its cache `rates:cache:…` in every suite; a Redis database of this suite's own
 * keeps other suites' services (whose data has no table B) from answering out of it, and this one
 * from clearing theirs.
 */
function ownRedisDatabase(url: string): string {
  const own = new URL(url);
  own.pathname = '/9';
  return own.toString();
}

describeWithRedis('GetCurrencyPair with the pair’s history (real gRPC, PostgreSQL and Redis)', () => {
  let redis: TestRedis;
  let t: TestService<'rates'>;
  beforeAll(async () => {
    redis = await provideTestRedis();
    t = await startTestService(ratesService, { redisUrl: ownRedisDatabase(redis.url) });
    await t.service.app.get(NbpTablesRepository).insertTables(TABLES_B, NBP_API_SOURCE);
    // as an import that adds tables does
    await t.service.cache.deleteByPrefix(RATES_CACHE_PREFIX);
  });
  afterAll(async () => {
    await t?.service.cache.deleteByPrefix(RATES_CACHE_PREFIX);
    await t?.stop();
    await redis?.close();
  });

  const pair = (from: string, to: string, historyRange: ratesV1.HistoryRange) =>
    t.client.getCurrencyPair({ from, to, historyRange });
  const history = (code: string, quote: string, table: ratesV1.TableType, range: ratesV1.HistoryRange) =>
    t.client.getCurrencyHistory({ code, quote, table, range, from: '', to: '' });

  it.each([
    ['EUR-PLN', 'eur', 'pln', ['EUR', 'PLN', ratesV1.TableType.A]],
    // the złoty against a currency: that currency in złoty, which the page inverts
    ['PLN-EUR', 'pln', 'eur', ['EUR', 'PLN', ratesV1.TableType.A]],
    ['MDL-PLN (table B)', 'mdl', 'pln', ['MDL', 'PLN', ratesV1.TableType.B]],
    ['PLN-MDL (table B)', 'pln', 'mdl', ['MDL', 'PLN', ratesV1.TableType.B]],
    ['EUR-USD (cross rate)', 'eur', 'usd', ['EUR', 'USD', ratesV1.TableType.A]],
    ['ALL-MDL (cross rate in table B)', 'all', 'mdl', ['ALL', 'MDL', ratesV1.TableType.B]],
  ] as const)(
    '%s carries what GetCurrencyHistory answers for the same parameters',
    async (_name, from, to, [code, quote, table]) => {
      for (const range of [ratesV1.HistoryRange.MONTH_1, ratesV1.HistoryRange.YEARS_5]) {
        const answer = await pair(from, to, range);
        const expected = await history(code, quote, table, range);
        expect(expected.points.length).toBeGreaterThan(0);
        expect(answer.history).toEqual(expected);
        expect(answer.historyUnavailable).toBe(false);
        // the rest of the answer is the pair asked for alone
        expect({ ...answer, history: null }).toEqual(await pair(from, to, ratesV1.HistoryRange.UNSPECIFIED));
      }
    },
  );

  it('reads table B’s own range, ending on its newest table', async () => {
    const { history: mdl } = await pair('mdl', 'pln', ratesV1.HistoryRange.MONTH_1);
    expect(mdl).toMatchObject({ table: ratesV1.TableType.B, from: '2025-03-02', to: '2025-04-02' });
    expect(mdl?.points.map((p) => p.mid)).toEqual(['0.2131', '0.2144', '0.216', '0.2175', '0.2219']);
  });

  it('answers no history when no range is asked for', async () => {
    expect(t.service.cache.kind).toBe('redis');
    await expect(pair('eur', 'pln', ratesV1.HistoryRange.UNSPECIFIED)).resolves.toMatchObject({
      mid: '4.2946',
      history: null,
      historyUnavailable: false,
    });
  });

  it('answers the pair with its history unavailable when the history cannot be read', async () => {
    // MDL's rate is table B's, which has no euro: the pair's rate crosses tables, its history cannot
    expect(
      (await grpcError(history('MDL', 'EUR', ratesV1.TableType.B, ratesV1.HistoryRange.MONTH_1))).code,
    ).toBe(status.NOT_FOUND);
    const answer = await pair('mdl', 'eur', ratesV1.HistoryRange.MONTH_1);
    expect(answer).toMatchObject({ from: 'mdl', to: 'eur', history: null, historyUnavailable: true });
    expect(answer.mid).not.toBe('');
  });

  it('refuses a range it does not know with INVALID_ARGUMENT naming the field, and an unknown currency with NOT_FOUND', async () => {
    const error = await grpcError(pair('eur', 'pln', 99 as ratesV1.HistoryRange));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual([{ field: 'historyRange', description: 'is not a known range' }]);
    expect((await grpcError(pair('eur', 'xyz', ratesV1.HistoryRange.MONTH_1))).code).toBe(status.NOT_FOUND);
  });
});

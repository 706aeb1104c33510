import * as grpc from '@grpc/grpc-js';
import { ratesV1 } from '@lib/contracts';
import { FakeGrpcError, type FakeHandler } from './fake-grpc';
import { RATE_TABLE } from './fixtures';

/*
 * A fake rates service for the gateway's rates pages: NBP tables A, B and C of one day, three banks
 * (one without a table, one with a sample table shipped with the service, one with a table fetched
 * from the bank), a pair page for EUR/PLN (with its history when a range is asked for, as the
 * service answers it) and histories of any range. Values
 * are NBP's own of 2025-01-17 (tables 012/A, 003/B and 012/C), so the expected figures can be
 * checked against the published tables.
 */

/** The gateway tests' table A (fixtures.ts), complete. */
export const TABLE_A = RATE_TABLE as ratesV1.RateTable;

export const TABLE_B: ratesV1.RateTable = {
  table: ratesV1.TableType.B,
  no: '003/B/NBP/2025',
  effectiveDate: '2025-01-15',
  tradingDate: '',
  rates: [{ currency: 'lej Mołdawii', code: 'MDL', mid: '0.2219', bid: '', ask: '' }],
  embedded: false,
};

export const TABLE_C: ratesV1.RateTable = {
  table: ratesV1.TableType.C,
  no: '012/C/NBP/2025',
  effectiveDate: '2025-01-17',
  tradingDate: '2025-01-16',
  rates: [
    { currency: 'dolar amerykański', code: 'USD', mid: '', bid: '4.1204', ask: '4.2036' },
    { currency: 'euro', code: 'EUR', mid: '', bid: '4.2420', ask: '4.3276' },
  ],
  embedded: false,
};

export const BANKS: ratesV1.Bank[] = [
  {
    slug: 'bank-bez-tabeli',
    name: 'Bank Bez Tabeli',
    logoUrl: '',
    latestTableDate: '',
    embedded: false,
    websiteUrl: '',
  },
  {
    slug: 'pko-bp',
    name: 'PKO Bank Polski',
    logoUrl: '',
    latestTableDate: '2025-01-17',
    embedded: true,
    websiteUrl: 'https://www.pkobp.pl/waluty/',
  },
  {
    slug: 'ing',
    name: 'ING Bank Śląski',
    logoUrl: '',
    latestTableDate: '2025-01-17',
    embedded: false,
    websiteUrl: 'https://www.ing.pl/indywidualni/tabela-kursow-walut',
  },
];

export const PKO_TABLE: ratesV1.BankTable = {
  bankSlug: 'pko-bp',
  bankName: 'PKO Bank Polski',
  tableNo: '12/2025',
  effectiveDate: '2025-01-17',
  publishedAt: '',
  embedded: true,
  websiteUrl: 'https://www.pkobp.pl/waluty/',
  rates: [
    { code: 'EUR', name: 'euro', buy: '4.1900', sell: '4.3800', units: 1 },
    { code: 'HUF', name: 'forint', buy: '1.0100', sell: '1.0700', units: 100 },
  ],
};

/** A table as if fetched from the bank (not sample data); its figures are made up for the test. */
export const ING_TABLE: ratesV1.BankTable = {
  bankSlug: 'ing',
  bankName: 'ING Bank Śląski',
  tableNo: 'ING/12/2025',
  effectiveDate: '2025-01-17',
  publishedAt: '2025-01-17T08:00:00+01:00',
  embedded: false,
  websiteUrl: 'https://www.ing.pl/indywidualni/tabela-kursow-walut',
  rates: [{ code: 'EUR', name: 'euro', buy: '4.2000', sell: '4.3600', units: 1 }],
};

export const EUR_PLN: ratesV1.CurrencyPair = {
  from: 'eur',
  to: 'pln',
  fromLp: 'euro',
  toLp: 'złotych',
  fromName: null,
  toName: null,
  title: 'Kurs euro do złotego (EUR/PLN) – przelicznik euro na złote',
  description:
    'Ile złotych kosztuje euro? Kurs EUR/PLN według NBP, kupno, sprzedaż i wykres z historią kursu euro.',
  mid: '4.2813',
  bid: '4.2420',
  ask: '4.3276',
  effectiveDate: '2025-01-17',
  tableNo: '012/A/NBP/2025',
  min: '4.1998',
  max: '4.3525',
  cTableNo: '012/C/NBP/2025',
  cEffectiveDate: '2025-01-17',
  embedded: false,
  history: null,
  historyUnavailable: false,
};

const notFound = (what: string) => new FakeGrpcError(grpc.status.NOT_FOUND, `${what} not found`);

/** The pair pages the fake has, without their history. */
function pairOf(from: string, to: string): ratesV1.CurrencyPair {
  if (from === 'eur' && to === 'pln') return EUR_PLN;
  if (from === 'pln' && to === 'eur')
    return {
      ...EUR_PLN,
      from: 'pln',
      to: 'eur',
      title: 'Kurs złotego do euro (PLN/EUR)',
      description: 'Ile euro za złotego?',
      mid: '0.233574',
      bid: '',
      ask: '',
      min: '',
      max: '',
    };
  throw notFound(`pair ${from}/${to}`);
}

/**
 * GetCurrencyHistory's request for a pair's history, as the service composes it: a pair from the
 * złoty reads the other currency in złoty; table B when the pair's rate comes from table B.
 */
function pairHistoryRequest(
  pair: ratesV1.CurrencyPair,
  range: ratesV1.HistoryRange,
): ratesV1.GetCurrencyHistoryRequest {
  const [from, to] = [pair.from.toUpperCase(), pair.to.toUpperCase()];
  const fromPln = from === 'PLN';
  return {
    code: fromPln ? to : from,
    quote: fromPln ? 'PLN' : to,
    table: pair.tableNo.includes('/B/') ? ratesV1.TableType.B : ratesV1.TableType.A,
    range,
    from: '',
    to: '',
  };
}

/** The requests the fake received, in order. */
export interface FakeRates {
  handlers: Record<string, FakeHandler>;
  historyRequests: ratesV1.GetCurrencyHistoryRequest[];
  bankHistoryRequests: ratesV1.GetBankCurrencyHistoryRequest[];
  pairRequests: ratesV1.GetCurrencyPairRequest[];
}

export function createFakeRates(): FakeRates {
  const historyRequests: ratesV1.GetCurrencyHistoryRequest[] = [];
  const bankHistoryRequests: ratesV1.GetBankCurrencyHistoryRequest[] = [];
  const pairRequests: ratesV1.GetCurrencyPairRequest[] = [];
  const history = (request: ratesV1.GetCurrencyHistoryRequest): ratesV1.GetCurrencyHistoryResponse => ({
    code: request.code,
    table: request.table,
    from: '2025-01-15',
    to: '2025-01-17',
    points: [
      { effectiveDate: '2025-01-15', tableNo: '010/A/NBP/2025', mid: '4.2700', bid: '', ask: '' },
      { effectiveDate: '2025-01-16', tableNo: '011/A/NBP/2025', mid: '4.2650', bid: '', ask: '' },
      { effectiveDate: '2025-01-17', tableNo: '012/A/NBP/2025', mid: '4.2813', bid: '', ask: '' },
    ],
    min: '4.2650',
    max: '4.2813',
    change: '0.0113',
    changePercent: '0.26',
    quote: request.quote || 'PLN',
  });
  const handlers: Record<string, FakeHandler> = {
    GetLatestTable: (request) => {
      const { table } = request as ratesV1.GetLatestTableRequest;
      return table === ratesV1.TableType.A ? TABLE_A : table === ratesV1.TableType.B ? TABLE_B : TABLE_C;
    },
    GetCurrencyPair: (request) => {
      const asked = request as ratesV1.GetCurrencyPairRequest;
      pairRequests.push(asked);
      const pair = pairOf(asked.from, asked.to);
      if (asked.historyRange === ratesV1.HistoryRange.UNSPECIFIED) return pair;
      return { ...pair, history: history(pairHistoryRequest(pair, asked.historyRange)) };
    },
    GetCurrencyHistory: (request) => {
      const asked = request as ratesV1.GetCurrencyHistoryRequest;
      historyRequests.push(asked);
      return history(asked);
    },
    ListBanks: () => ({ banks: BANKS }),
    GetBankTable: (request) => {
      const { bankSlug } = request as ratesV1.GetBankTableRequest;
      if (bankSlug === 'pko-bp') return PKO_TABLE;
      if (bankSlug === 'ing') return ING_TABLE;
      throw notFound(`bank ${bankSlug}`);
    },
    GetBankCurrencyHistory: (request) => {
      const history = request as ratesV1.GetBankCurrencyHistoryRequest;
      bankHistoryRequests.push(history);
      return {
        bankSlug: history.bankSlug,
        code: history.code,
        from: '2025-01-16',
        to: '2025-01-17',
        points: [
          { effectiveDate: '2025-01-16', tableNo: '11/2025', buy: '4.1800', sell: '4.3700' },
          { effectiveDate: '2025-01-17', tableNo: '12/2025', buy: '4.1900', sell: '4.3800' },
        ],
        min: '4.1800',
        max: '4.3800',
      };
    },
  };
  return { handlers, historyRequests, bankHistoryRequests, pairRequests };
}

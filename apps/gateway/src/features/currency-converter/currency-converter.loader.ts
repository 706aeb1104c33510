import { status as GrpcStatus } from '@grpc/grpc-js';
import { currencyLabel, isCurrencyCode } from '@lib/currencies';
import { GrpcCallError, ratesV1 } from '@lib/contracts';
import { oncePerAnswer } from '../../app/loaders/per-answer';
import { type LoadContext } from '../../app/route-types';
import { type SitemapEntry, w3cDate } from '../../app/seo/sitemap-entry';
import { SECTION_UNAVAILABLE, sectionOk } from '../../app/section';
import { CONVERTER_PATH, currencyPairPath } from '../../app/site-paths/rates';
import { type GatewayServices } from '../../app/services';
import { loadBankComparison } from '../bank-rates/bank-rates.loader';
import { type HistoryRangeKey } from '../rate-charts';
import { HISTORY_RANGE_OF } from '../rate-charts/rate-charts.loader';
import { CONVERTER_FAQ } from './converter-faq';
import { type ConverterData, type PairData } from './currency-converter-data';
import {
  POPULAR_CODES,
  converterCurrencies,
  currencyLinks,
  currencyOptionLabel,
  popularRates,
  tableRef,
  toPairHistory,
} from './currency-converter.view-model';

/** The newest table of a type, or null while none is stored (NOT_FOUND); other failures are thrown. */
async function latestTable(
  services: GatewayServices,
  table: ratesV1.TableType,
): Promise<ratesV1.RateTable | null> {
  try {
    return await services.rates.getLatestTable({ table });
  } catch (error) {
    if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) return null;
    throw error;
  }
}

/**
 * `/kalkulator-walutowy/`: NBP table A (essential: the converter's rates), table B (more
 * currencies) and C (buy and sell), and every bank's rates; B, C and the banks are sections.
 */
export async function loadConverter(ctx: LoadContext<unknown>): Promise<ConverterData> {
  const { services } = ctx;
  const [tableA, optional, banks] = await Promise.all([
    services.rates.getLatestTable({ table: ratesV1.TableType.A }),
    ctx.section(() =>
      Promise.all([latestTable(services, ratesV1.TableType.B), latestTable(services, ratesV1.TableType.C)]),
    ),
    ctx.section(() => loadBankComparison(services)),
  ]);
  const [tableB, tableC] = optional.status === 'ok' ? optional.value : [null, null];
  const midTables = tableB ? [tableA, tableB] : [tableA];
  const currencies = converterCurrencies(midTables);
  return {
    form: { currencies, tables: midTables.map(tableRef), from: 'EUR', to: 'PLN', action: CONVERTER_PATH },
    popular: popularRates(tableA, tableC),
    tableC: tableC ? tableRef(tableC) : null,
    all: currencyLinks(currencies),
    banks,
    faq: [...CONVERTER_FAQ],
    optionalTables: optional.status === 'ok' ? sectionOk(true) : optional,
  };
}

export interface PairParams {
  /** ISO codes, lower case, as in the address. */
  from: string;
  to: string;
  range: HistoryRangeKey;
}

/** What a pair page shows of one GetCurrencyPair answer: everything but the range and table C's presence. */
type PairView = Omit<PairData, 'tableC' | 'range'>;

function pairView(pair: ratesV1.CurrencyPair): PairView {
  const from = pair.from.toUpperCase();
  const to = pair.to.toUpperCase();
  // NBP quotes currencies in złoty: for the złoty against a currency the service answers that
  // currency's history in złoty, drawn inverted. A pair without its history (also from a service
  // that predates the field) shows the section as unavailable, and such a page is not cached.
  const history =
    pair.history && !pair.historyUnavailable
      ? sectionOk(toPairHistory(pair.history, 'Kurs średni NBP', from === 'PLN'))
      : SECTION_UNAVAILABLE;
  const path = currencyPairPath(from, to);
  return {
    from,
    to,
    fromLabel: currencyLabel(from),
    toLabel: currencyLabel(to),
    title: pair.title,
    description: pair.description,
    mid: pair.mid,
    bid: pair.bid,
    ask: pair.ask,
    min: pair.min,
    max: pair.max,
    effectiveDate: pair.effectiveDate,
    tableNo: pair.tableNo,
    embedded: pair.embedded,
    cTableNo: pair.cTableNo,
    cEffectiveDate: pair.cEffectiveDate,
    path,
    reversePath: currencyPairPath(to, from),
    history,
    form: {
      currencies:
        pair.mid === ''
          ? []
          : [
              { code: from, label: currencyOptionLabel(from), mid: pair.mid, table: 0 },
              { code: to, label: currencyOptionLabel(to), mid: '1', table: -1 },
            ],
      tables: [{ no: pair.tableNo, effectiveDate: pair.effectiveDate, embedded: pair.embedded }],
      from,
      to,
      action: path,
    },
    related: POPULAR_CODES.filter((code) => code !== from && code !== to).map((code) => ({
      code,
      name: currencyLabel(code),
      path: currencyPairPath(code, 'PLN'),
    })),
  };
}

/**
 * Pair views by answer: while the gateway's client hands out the same decoded answer for the same
 * bytes (a pair not changed since), its view (the history's points redrawn, the labels and links)
 * is built once.
 */
const pairViewOf = oncePerAnswer(pairView, () => '');

/**
 * `/kalkulator-walutowy/{from}-{to}/`: one GetCurrencyPair (essential: NOT_FOUND for an unknown
 * currency answers the 404 page) carrying the pair's NBP mid history over the range, a section
 * that shows as unavailable when the service could not read it.
 */
export async function loadPair(ctx: LoadContext<PairParams>): Promise<PairData> {
  const { services, params } = ctx;
  const [pair, tableC] = await Promise.all([
    services.rates.getCurrencyPair({
      from: params.from,
      to: params.to,
      historyRange: HISTORY_RANGE_OF[params.range],
    }),
    // Only to tell "no table C at all" from "table C without this pair" when buy and sell are missing.
    latestTable(services, ratesV1.TableType.C).then(
      (table) => table !== null,
      () => null,
    ),
  ]);
  return { ...pairViewOf(pair), tableC, range: params.range };
}

/**
 * The converter (dated by table A) and a pair page against PLN for every supported currency of
 * NBP tables A and B (dated by its table), for sitemap.xml. While the rates service does not
 * answer, the converter alone, dated today.
 */
export async function converterSitemap(services: GatewayServices, today: string): Promise<SitemapEntry[]> {
  // A sitemap lists what it can: any failure leaves that table's pages out.
  const latest = (table: ratesV1.TableType) => latestTable(services, table).catch(() => null);
  const [tableA, tableB] = await Promise.all([latest(ratesV1.TableType.A), latest(ratesV1.TableType.B)]);
  const entries: SitemapEntry[] = [{ loc: CONVERTER_PATH, lastmod: tableA?.effectiveDate ?? today }];
  const seen = new Set<string>(['PLN']);
  for (const table of [tableA, tableB]) {
    for (const rate of table?.rates ?? []) {
      const code = rate.code.toUpperCase();
      if (seen.has(code) || !isCurrencyCode(code)) continue;
      seen.add(code);
      entries.push({ loc: currencyPairPath(code, 'PLN'), lastmod: w3cDate(table?.effectiveDate ?? '') });
    }
  }
  return entries;
}

import { Inject, Injectable } from '@nestjs/common';
import { type Cache, ComposedAnswers, deepFreeze, readThrough } from '@lib/cache';
import { ratesV1 } from '@lib/contracts';
import {
  CURRENCY_CODES,
  convertAtQuotes,
  crossRate,
  currencyAmountText,
  type Currency,
  findCurrency,
  midQuote,
  PLN_QUOTE,
  type Quote,
} from '@lib/currencies';
import { Decimal } from '@lib/finance';
import { type Logger } from '@lib/observability';
import { CACHE, LOGGER, notFound, ServiceError } from '@lib/service-kit';
import { NBP_ARCHIVE_SOURCE } from '../domain/data-sources';
import { type HistoryRangeName } from '../domain/history';
import { type NbpTableType } from '../domain/nbp-table-type';
import { type MidTableOf, pairHistoryQuery } from '../domain/pair-history';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { BanksUseCases } from './banks.use-cases';
import { RateTablesUseCases } from './rate-tables.use-cases';
import { LATEST_TABLE_CACHE, RATES_CACHE_PREFIX } from './rates-cache';

export type ConvertSource = 'nbp-a' | 'nbp-c' | 'bank';

export interface ConvertCommand {
  amount: string;
  from: string;
  to: string;
  source: ConvertSource;
  bankSlug?: string;
  date?: string;
}

/** A quote with the table it came from. */
interface SourcedQuote extends Quote {
  tableNo: string;
  effectiveDate: string;
  /** The table is data shipped with the service (the NBP archive or a sample bank table). */
  embedded: boolean;
}

const SOURCE_ENUM: Record<ConvertSource, ratesV1.RateSource> = {
  'nbp-a': ratesV1.RateSource.NBP_A,
  'nbp-c': ratesV1.RateSource.NBP_C,
  bank: ratesV1.RateSource.BANK,
};

/** Digits kept in a pair's bid and ask computed through PLN. */
const PAIR_PLACES = 6;
/** Digits of the rate a Convert answer names. */
const CONVERT_RATE_PLACES = 10;

/** A part of a page the data does not cover (a currency NBP does not quote) is empty, not an error. */
function undefinedWhenNotFound(error: unknown): undefined {
  if (error instanceof ServiceError && error.extra.resource) return undefined;
  throw error;
}

const pairKey = (from: string, to: string) => `${RATES_CACHE_PREFIX}pair:${from}:${to}`;
const pairHistoryKey = (from: string, to: string, range: HistoryRangeName) =>
  `${RATES_CACHE_PREFIX}pair-history:${from}:${to}:${range}`;

/** What a pair page shows of the pair itself: cached as a whole, without the asked history. */
type PairFacts = Omit<ratesV1.CurrencyPair, 'history' | 'historyUnavailable'>;
/** The history part of a pair's answer. */
type PairHistory = Pick<ratesV1.CurrencyPair, 'history' | 'historyUnavailable'>;

// Frozen through deepFreeze, so that they count as shared parts of a composed pair answer.
const NO_HISTORY: PairHistory = deepFreeze({ history: null, historyUnavailable: false });
const HISTORY_UNAVAILABLE: PairHistory = deepFreeze({ history: null, historyUnavailable: true });

const NAMES_FOR_MESSAGE = (c: Currency): ratesV1.CurrencyName => ({ code: c.code.toLowerCase(), ...c.names });

/** Currency names, the converter and the currency pair pages. */
@Injectable()
export class CurrenciesUseCases {
  constructor(
    private readonly rates: RateTablesUseCases,
    private readonly banks: BanksUseCases,
    private readonly tables: NbpTablesRepository,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A pair's answer is its cached facts with its cached history: composed once for each unchanged
   * pair of them, so that the server encodes it once too, instead of per pair page.
   */
  private readonly pairAnswers = new ComposedAnswers(
    (facts: PairFacts, history: PairHistory): ratesV1.CurrencyPair => ({ ...facts, ...history }),
  );
  private readonly readHistories = new ComposedAnswers(
    (history: ratesV1.GetCurrencyHistoryResponse): PairHistory => ({ history, historyUnavailable: false }),
  );

  /** Polish names of the asked codes (all when none), sorted by code; NOT_FOUND for an unknown one. */
  currencyNames(codes: readonly string[]): ratesV1.ListCurrencyNamesResponse {
    const wanted =
      codes.length === 0 ? CURRENCY_CODES : [...new Set(codes.map((c) => c.toUpperCase()))].sort();
    return { names: wanted.map((code) => NAMES_FOR_MESSAGE(this.currency(code))) };
  }

  /**
   * Converts through PLN at the chosen source's rates with exact decimals, rounding once to the
   * target's minor unit; the answer names the rate and the table(s) used.
   */
  async convert(cmd: ConvertCommand): Promise<ratesV1.ConvertResponse> {
    const target = this.currency(cmd.to);
    this.currency(cmd.from);
    const [from, to] = await Promise.all([this.quote(cmd, cmd.from), this.quote(cmd, cmd.to)]);
    const { result, rate } = convertAtQuotes(cmd.amount, from, to, {
      minorUnits: target.minorUnits,
      ratePlaces: CONVERT_RATE_PLACES,
    });
    const legs = [from, to].filter((q) => q.code !== 'PLN');
    return {
      amount: cmd.amount,
      from: cmd.from,
      to: cmd.to,
      result,
      rate,
      source: SOURCE_ENUM[cmd.source],
      bankSlug: cmd.source === 'bank' ? cmd.bankSlug! : '',
      tableNo: [...new Set(legs.map((q) => q.tableNo))].join(', '),
      effectiveDate:
        legs
          .map((q) => q.effectiveDate)
          .sort()
          .at(-1) ?? '',
      embedded: legs.some((q) => q.embedded),
    };
  }

  /**
   * A currency pair page's data: names, title, NBP rates, 12-month min/max (cached until the next
   * import), and the pair's mid-rate history over a range when one is asked for, read alongside:
   * its table follows from the newest tables alone, not from the pair.
   */
  async currencyPair(
    fromCode: string,
    toCode: string,
    historyRange?: HistoryRangeName,
  ): Promise<ratesV1.CurrencyPair> {
    const from = this.currency(fromCode);
    const to = this.currency(toCode);
    if (from.code === to.code) throw notFound('currency_pair', `${from.code}/${to.code}`);
    const [facts, history] = await Promise.all([
      readThrough(this.cache, pairKey(from.code, to.code), LATEST_TABLE_CACHE, () => this.loadPair(from, to)),
      historyRange ? this.pairHistory(from.code, to.code, historyRange) : NO_HISTORY,
    ]);
    return this.pairAnswers.of(facts, history);
  }

  /**
   * The pair page's history (pairHistoryQuery) from GetCurrencyHistory's own use case. A history
   * that cannot be read (a currency its table does not quote, the database away) leaves the rest
   * of the pair answered: the page shows the history as unavailable.
   *
   * A predefined range and the table it is read from both follow from the newest tables, so the
   * answer is cached per pair and range until the next import: one cache read per pair page,
   * instead of reading tables A and B to pick the table and only then the history.
   */
  private async pairHistory(from: string, to: string, range: HistoryRangeName): Promise<PairHistory> {
    try {
      const history = await readThrough(
        this.cache,
        pairHistoryKey(from, to, range),
        LATEST_TABLE_CACHE,
        async () => this.rates.history(pairHistoryQuery(from, to, range, await this.midTableOf())),
      );
      return this.readHistories.of(history);
    } catch (error) {
      const fields = { from, to, range, err: error };
      // As the transport logs a call: an expected refusal quietly, anything else as a fault.
      if (error instanceof ServiceError) this.logger.debug(fields, 'currency pair history unavailable');
      else this.logger.error(fields, 'currency pair history failed');
      return HISTORY_UNAVAILABLE;
    }
  }

  /** The table a mid rate of the pair is read from, as quote() reads it: A, else B (newest tables, cached). */
  private async midTableOf(): Promise<MidTableOf> {
    const [a, b] = await Promise.all([this.rates.latestOrNull('A'), this.rates.latestOrNull('B')]);
    const quotes = (table: ratesV1.RateTable | null, code: string) =>
      table?.rates.some((r) => r.code === code) ?? false;
    return (code) => (quotes(a, code) ? 'A' : quotes(b, code) ? 'B' : undefined);
  }

  private async loadPair(from: Currency, to: Currency): Promise<PairFacts> {
    const mid = await this.pairRate({ amount: '1', from: from.code, to: to.code, source: 'nbp-a' });
    const c = await this.pairQuotes(from.code, to.code);
    const history = await this.rates
      .history({ code: from.code, table: 'A', range: 'months12', quote: to.code })
      .catch(undefinedWhenNotFound);
    const [F, T] = [from.code, to.code];
    const fromSg = from.hasText ? from.names.shortSingularGenitive : F;
    const toSg = to.hasText ? to.names.shortSingularGenitive : T;
    const fromLong = from.hasText ? from.names.longPlural : F;
    const toLong = to.hasText ? to.names.longPlural : T;
    return {
      from: F.toLowerCase(),
      to: T.toLowerCase(),
      fromLp: from.names.shortPluralGenitive,
      toLp: to.names.shortPluralGenitive,
      fromName: NAMES_FOR_MESSAGE(from),
      toName: NAMES_FOR_MESSAGE(to),
      title: `Kurs ${fromSg} do ${toSg} (${F}/${T}) – kalkulator walutowy`,
      description:
        `Ile ${to.hasText ? to.names.shortPluralGenitive : T} kosztuje ${currencyAmountText(1, F)}? Kurs ${fromSg} do ${toSg} (${F}/${T}) ` +
        `według NBP, kursy kupna i sprzedaży w bankach oraz historia kursu. Przelicz ${fromLong} na ${toLong}.`,
      mid: mid?.rate ?? '',
      bid: c?.bid ?? '',
      ask: c?.ask ?? '',
      effectiveDate: mid?.effectiveDate ?? '',
      tableNo: mid?.tableNo ?? '',
      min: history?.min ?? '',
      max: history?.max ?? '',
      cTableNo: c?.tableNo ?? '',
      cEffectiveDate: c?.effectiveDate ?? '',
      embedded: mid?.embedded ?? false,
    };
  }

  /** The pair's mid rate, or undefined when NBP does not quote one of the currencies. */
  private async pairRate(cmd: ConvertCommand): Promise<ratesV1.ConvertResponse | undefined> {
    return this.convert(cmd).catch(undefinedWhenNotFound);
  }

  /** Table C bid and ask of the pair through PLN (bid: from's bid over to's ask), or undefined. */
  private async pairQuotes(
    from: string,
    to: string,
  ): Promise<{ bid: string; ask: string; tableNo: string; effectiveDate: string } | undefined> {
    const table = await this.rates.latestOrNull('C');
    if (!table) return undefined;
    const quote = (code: string): Quote | undefined => {
      if (code === 'PLN') return PLN_QUOTE;
      const r = table.rates.find((x) => x.code === code);
      return r && r.bid && r.ask ? { code, buy: r.bid, sell: r.ask } : undefined;
    };
    const f = quote(from);
    const t = quote(to);
    if (!f || !t) return undefined;
    return {
      bid: crossRate(f.buy, t.sell, PAIR_PLACES),
      ask: crossRate(f.sell, t.buy, PAIR_PLACES),
      tableNo: table.no,
      effectiveDate: table.effectiveDate,
    };
  }

  private async quote(cmd: ConvertCommand, code: string): Promise<SourcedQuote> {
    if (code === 'PLN') return { ...PLN_QUOTE, tableNo: '', effectiveDate: '', embedded: false };
    switch (cmd.source) {
      case 'nbp-a':
        return (
          (await this.nbpQuote('A', code, cmd.date)) ??
          (await this.nbpQuote('B', code, cmd.date)) ??
          this.unquoted(code, 'NBP')
        );
      case 'nbp-c':
        return (await this.nbpQuote('C', code, cmd.date)) ?? this.unquoted(code, 'NBP C');
      case 'bank': {
        const table = await this.banks.bankTable(cmd.bankSlug!, cmd.date);
        const r = table.rates.find((x) => x.code === code);
        if (!r) return this.unquoted(code, cmd.bankSlug!);
        return {
          code,
          buy: new Decimal(r.buy).div(r.units).toFixed(),
          sell: new Decimal(r.sell).div(r.units).toFixed(),
          tableNo: table.tableNo,
          effectiveDate: table.effectiveDate,
          embedded: table.embedded,
        };
      }
    }
  }

  /** A currency's quote in the newest table of a type (cached), or on/before a date. */
  private async nbpQuote(type: NbpTableType, code: string, date?: string): Promise<SourcedQuote | undefined> {
    if (date) {
      const p = await this.tables.quoteOnOrBefore(type, code, date);
      if (!p) return undefined;
      const q = type === 'C' ? { code, buy: p.bid!, sell: p.ask! } : midQuote(code, p.mid!);
      return {
        ...q,
        tableNo: p.no,
        effectiveDate: p.effectiveDate,
        embedded: p.source === NBP_ARCHIVE_SOURCE,
      };
    }
    const table = await this.rates.latestOrNull(type);
    const r = table?.rates.find((x) => x.code === code);
    if (!table || !r) return undefined;
    const q = type === 'C' ? { code, buy: r.bid, sell: r.ask } : midQuote(code, r.mid);
    return { ...q, tableNo: table.no, effectiveDate: table.effectiveDate, embedded: table.embedded };
  }

  private unquoted(code: string, where: string): never {
    throw notFound('rate', `${code} in ${where}`);
  }

  private currency(code: string): Currency {
    const currency = findCurrency(code);
    if (!currency) throw notFound('currency', code.toUpperCase());
    return currency;
  }
}

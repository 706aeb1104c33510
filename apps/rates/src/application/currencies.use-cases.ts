import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
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
import { CACHE, notFound, ServiceError } from '@lib/service-kit';
import { NBP_ARCHIVE_SOURCE } from '../domain/data-sources';
import { type NbpTableType } from '../domain/nbp-table-type';
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

const NAMES_FOR_MESSAGE = (c: Currency): ratesV1.CurrencyName => ({ code: c.code.toLowerCase(), ...c.names });

/** Currency names, the converter and the currency pair pages. */
@Injectable()
export class CurrenciesUseCases {
  constructor(
    private readonly rates: RateTablesUseCases,
    private readonly banks: BanksUseCases,
    private readonly tables: NbpTablesRepository,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

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

  /** A currency pair page's data (cached until the next import): names, title, NBP rates, 12-month min/max. */
  async currencyPair(fromCode: string, toCode: string): Promise<ratesV1.CurrencyPair> {
    const from = this.currency(fromCode);
    const to = this.currency(toCode);
    if (from.code === to.code) throw notFound('currency_pair', `${from.code}/${to.code}`);
    return readThrough(this.cache, pairKey(from.code, to.code), LATEST_TABLE_CACHE, () =>
      this.loadPair(from, to),
    );
  }

  private async loadPair(from: Currency, to: Currency): Promise<ratesV1.CurrencyPair> {
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

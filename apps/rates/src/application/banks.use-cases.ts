import { Inject, Injectable } from '@nestjs/common';
import { type Cache, readThrough } from '@lib/cache';
import { type ratesV1 } from '@lib/contracts';
import { findCurrency, seriesStats } from '@lib/currencies';
import { trimDecimal } from '@lib/finance';
import { type Logger } from '@lib/observability';
import { CACHE, LOGGER, notFound, SERVICE_CONFIG } from '@lib/service-kit';
import { parseBankTable } from '../domain/banks/bank-formats';
import { BANKS, type BankDefinition, findBank } from '../domain/banks/bank-registry';
import { BankFormatError } from '../domain/banks/bank-table';
import { type BankSourcePolicy, type BankTableOrigin, servedBankOrigins } from '../domain/data-sources';
import { type HistoryRangeName, rangeStart } from '../domain/history';
import { type BankTableEntity } from '../persistence/bank-table.entity';
import { BankTablesRepository } from '../persistence/bank-tables.repository';
import { BankSourceClient } from '../persistence/bank-source.client';
import { OutboundStoppedError } from '../persistence/outbound-requests';
import { BundledBankTables } from '../persistence/bundled-bank-tables';
import { type RatesConfig } from '../rates.config';
import { IngestionStatus } from './ingestion-status';
import { BANK_CACHE_PREFIX, BANK_LIST_KEY, bankTableKey, LATEST_TABLE_CACHE } from './rates-cache';

export interface BankHistoryQuery {
  bankSlug: string;
  code: string;
  range?: HistoryRangeName;
  from?: string;
  to?: string;
}

/** What one fetch round of the banks did. */
export interface BankIngestReport {
  added: string[];
  unchanged: string[];
  failed: string[];
}

const byName = (a: BankDefinition, b: BankDefinition) => a.name.localeCompare(b.name, 'pl');

/**
 * Bank tables: ListBanks, GetBankTable, GetBankCurrencyHistory, the shipped dataset and the fetches.
 * Which stored tables of a bank are answered follows servedBankOrigins: a bank without any is
 * answered as having no table (NOT_FOUND), so pages say its rates are unavailable.
 */
@Injectable()
export class BanksUseCases {
  private readonly policy: BankSourcePolicy;

  constructor(
    private readonly tables: BankTablesRepository,
    private readonly bundled: BundledBankTables,
    private readonly sources: BankSourceClient,
    private readonly status: IngestionStatus,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CONFIG) config: RatesConfig,
  ) {
    this.policy = {
      refuseSample: config.sampleDataRefused,
      configuredBanks: new Set(config.BANK_SOURCE_URLS.keys()),
    };
  }

  async listBanks(): Promise<ratesV1.ListBanksResponse> {
    return readThrough(this.cache, BANK_LIST_KEY, LATEST_TABLE_CACHE, async () => {
      const stored = await this.tables.latestOfEach();
      const newest = (slug: string) =>
        stored
          .filter((l) => l.bankSlug === slug && this.served(slug).includes(l.source))
          .sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate))[0];
      return {
        banks: [...BANKS].sort(byName).map((b) => ({
          slug: b.slug,
          name: b.name,
          logoUrl: '',
          latestTableDate: newest(b.slug)?.effectiveDate ?? '',
          embedded: newest(b.slug)?.source === 'embedded',
          websiteUrl: b.websiteUrl,
        })),
      };
    });
  }

  /** A bank's newest table (through the cache), or its table on a date (the newest before it). */
  async bankTable(slug: string, date?: string): Promise<ratesV1.BankTable> {
    const bank = this.known(slug);
    const load = async () => {
      const found = await this.tables.table(slug, this.served(slug), date);
      return found ? toBankTable(bank, found) : null;
    };
    const table = date
      ? await load()
      : await readThrough(this.cache, bankTableKey(slug), LATEST_TABLE_CACHE, load);
    if (!table) throw notFound('bank_table', date ? `${slug} ${date}` : slug);
    return table;
  }

  async history(query: BankHistoryQuery): Promise<ratesV1.GetBankCurrencyHistoryResponse> {
    this.known(query.bankSlug);
    let from = query.from!;
    let to = query.to!;
    if (query.range) {
      const latest = await this.bankTable(query.bankSlug);
      to = latest.effectiveDate;
      from = rangeStart(query.range, to);
    }
    const points = await this.tables.history(
      query.bankSlug,
      this.served(query.bankSlug),
      query.code,
      from,
      to,
    );
    if (points.length === 0) {
      const latest = await this.bankTable(query.bankSlug);
      if (!latest.rates.some((r) => r.code === query.code))
        throw notFound('currency', `${query.code} at ${query.bankSlug}`);
    }
    const stats = seriesStats(points.map((p) => ({ low: p.buy, high: p.sell })));
    return {
      bankSlug: query.bankSlug,
      code: query.code,
      from,
      to,
      points: points.map((p) => ({
        effectiveDate: p.effectiveDate,
        tableNo: p.tableNo,
        buy: trimDecimal(p.buy),
        sell: trimDecimal(p.sell),
      })),
      min: stats?.min ?? '',
      max: stats?.max ?? '',
    };
  }

  /**
   * Loads the bank tables shipped with the service (marked embedded: sample data, never live) for
   * banks that have none of that day yet. A deployment (NODE_ENV=production, unless
   * RATES_ALLOW_SAMPLE_DATA) loads none: it shows only what the banks publish. A shipped file that does not read is a bug: it stops the start
   * like a bad migration.
   */
  async importBundled(): Promise<number> {
    if (this.policy.refuseSample) {
      this.logger.info(
        'shipped sample bank tables not loaded: sample data is refused under NODE_ENV=production',
      );
      return 0;
    }
    let added = 0;
    for (const bank of BANKS) {
      const body = await this.bundled.read(bank);
      if (body === undefined) continue;
      if (await this.tables.insert(bank.slug, parseBankTable(bank.slug, bank.format, body), 'embedded'))
        added += 1;
    }
    if (added > 0) await this.cache.deleteByPrefix(BANK_CACHE_PREFIX);
    this.logger.info({ added }, 'shipped bank tables imported');
    return added;
  }

  /**
   * Fetches every bank with a configured source and stores what is new. A bank that fails or
   * answers something malformed is logged and skipped; its stored tables keep being served.
   */
  async ingest(now: Date = new Date()): Promise<BankIngestReport> {
    const report: BankIngestReport = { added: [], unchanged: [], failed: [] };
    for (const slug of this.sources.configured()) {
      const bank = this.known(slug);
      try {
        const body = await this.sources.fetch(slug);
        if (body === undefined) continue;
        const table = parseBankTable(slug, bank.format, body);
        if (await this.tables.insert(slug, table, 'bank')) report.added.push(slug);
        else report.unchanged.push(slug);
      } catch (error) {
        // Stopping is no bank's failure: the run ends here, the next start fetches again.
        if (error instanceof OutboundStoppedError) throw error;
        report.failed.push(slug);
        const malformed = error instanceof BankFormatError;
        this.logger.error(
          { bank: slug, err: error },
          malformed ? 'malformed bank table skipped; nothing of it stored' : 'bank table fetch failed',
        );
      }
    }
    if (report.added.length > 0) await this.cache.deleteByPrefix(BANK_CACHE_PREFIX);
    if (report.failed.length > 0)
      this.status.failed('banks', now, new Error(`failed: ${report.failed.join(', ')}`));
    else this.status.succeeded('banks', now);
    return report;
  }

  private served(slug: string): readonly BankTableOrigin[] {
    return servedBankOrigins(slug, this.policy);
  }

  private known(slug: string): BankDefinition {
    const bank = findBank(slug);
    if (!bank) throw notFound('bank', slug);
    return bank;
  }
}

export function toBankTable(bank: BankDefinition, table: BankTableEntity): ratesV1.BankTable {
  return {
    bankSlug: bank.slug,
    bankName: bank.name,
    tableNo: table.tableNo,
    effectiveDate: table.effectiveDate,
    publishedAt: table.publishedAt ? table.publishedAt.toISOString() : '',
    rates: table.rates.map((r) => ({
      code: r.code,
      name: findCurrency(r.code)?.names.longSingular ?? '',
      buy: trimDecimal(r.buy),
      sell: trimDecimal(r.sell),
      units: r.units,
    })),
    embedded: table.source === 'embedded',
    websiteUrl: bank.websiteUrl,
  };
}

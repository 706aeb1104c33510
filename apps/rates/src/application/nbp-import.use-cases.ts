import { Inject, Injectable } from '@nestjs/common';
import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { CACHE, LOGGER } from '@lib/service-kit';
import { parseNbpArchiveCsv } from '../domain/nbp-archive-csv';
import { addDaysToIsoDate, warsawDay } from '@lib/pl-calendar';
import { NBP_API_SOURCE as API_SOURCE, NBP_ARCHIVE_SOURCE as ARCHIVE_SOURCE } from '../domain/data-sources';
import { chunkDateRange, daysInclusive, NBP_TABLES_MAX_DAYS } from '../domain/date-chunks';
import { type NbpTable, NbpFormatError } from '../domain/nbp-api-body';
import { type NbpTableType } from '../domain/nbp-table-type';
import { BundledNbpArchives } from '../persistence/bundled-nbp-archives';
import { NbpApiClient, NbpLimitError, type NbpQuery } from '../persistence/nbp-api.client';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { IngestionStatus } from './ingestion-status';
import { RATES_CACHE_PREFIX } from './rates-cache';

/** What one backfill did. */
export interface BackfillReport {
  requests: number;
  tables: number;
  added: number;
  /** Chunks whose answer was malformed: logged and skipped, nothing of them stored. */
  skipped: number;
}

/** Bringing NBP tables in: the bundled archives at start-up, the scheduled fetch and the backfill. */
@Injectable()
export class NbpImportUseCases {
  constructor(
    private readonly archives: BundledNbpArchives,
    private readonly tables: NbpTablesRepository,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly nbp: NbpApiClient,
    private readonly status: IngestionStatus,
  ) {}

  /**
   * Loads the bundled table A archives (2016 onwards) so a fresh installation shows real NBP rates
   * and history before its first scheduled fetch. Idempotent: tables already stored are skipped.
   * When anything was new, cached answers are dropped so callers see it at once. Returns how many
   * tables were added.
   */
  async importBundledArchives(): Promise<number> {
    let inserted = 0;
    for (const file of await this.archives.tableAFiles()) {
      const tables: NbpTable[] = parseNbpArchiveCsv(await this.archives.read(file)).map((t) => ({
        type: 'A',
        no: t.no,
        effectiveDate: t.effectiveDate,
        tradingDate: null,
        rates: t.rates.map((r) => ({ code: r.code, currency: r.currency, mid: r.mid, bid: null, ask: null })),
      }));
      const added = await this.tables.insertTables(tables, ARCHIVE_SOURCE);
      inserted += added;
      this.logger.info({ file, tables: tables.length, added }, 'NBP archive imported');
    }
    if (inserted > 0) await this.cache.deleteByPrefix(RATES_CACHE_PREFIX);
    return inserted;
  }

  /**
   * The scheduled fetch of one table type: the tables published since the newest stored one (at
   * most NBP's 93-day window back), or today's when nothing newer is missing. A day without a table
   * (NBP's 404) is a normal answer. A malformed answer is logged and skipped; a failure is recorded
   * for /readyz and thrown to the scheduler, which tries again at the next run.
   */
  async ingest(type: NbpTableType, now: Date = new Date()): Promise<number> {
    try {
      const latest = await this.tables.latestDate(type);
      const today = warsawDay(now);
      const earliest = addDaysToIsoDate(today, -(NBP_TABLES_MAX_DAYS - 1));
      const next = latest ? addDaysToIsoDate(latest, 1) : earliest;
      let added: number;
      if (next < earliest) {
        // A gap longer than one NBP query (e.g. after the shipped archive): filled in chunks.
        added = (await this.backfill(type, next, today)).added;
      } else {
        const query: NbpQuery = next > today ? { kind: 'latest' } : { kind: 'range', from: next, to: today };
        added = await this.store(type, await this.nbp.tables(type, query));
      }
      this.status.succeeded(type, now);
      this.logger.info({ table: type, from: next, to: today, added }, 'NBP tables fetched');
      return added;
    } catch (error) {
      this.status.failed(type, now, error);
      throw error;
    }
  }

  /**
   * Fetches every table of a type effective in [from, to] in chunks within NBP's 93-day limit
   * (a chunk NBP still refuses as over its limits is halved and asked again), storing each chunk
   * as it arrives. A malformed chunk is logged and skipped.
   */
  async backfill(type: NbpTableType, from: string, to: string): Promise<BackfillReport> {
    const report: BackfillReport = { requests: 0, tables: 0, added: 0, skipped: 0 };
    const pending = chunkDateRange(from, to, NBP_TABLES_MAX_DAYS);
    while (pending.length > 0) {
      const chunk = pending.shift()!;
      report.requests += 1;
      try {
        const tables = await this.nbp.tables(type, { kind: 'range', ...chunk });
        report.tables += tables.length;
        report.added += await this.store(type, tables);
      } catch (error) {
        if (error instanceof NbpLimitError && chunk.from < chunk.to) {
          const half = Math.max(1, Math.floor(daysInclusive(chunk.from, chunk.to) / 2));
          pending.unshift(...chunkDateRange(chunk.from, chunk.to, half));
          this.logger.warn(
            { table: type, chunk, half },
            'NBP refused the range as over its limits; asking in smaller chunks',
          );
          continue;
        }
        if (error instanceof NbpFormatError) {
          report.skipped += 1;
          this.logger.error(
            { table: type, chunk, err: error },
            'malformed NBP answer skipped; nothing of it stored',
          );
          continue;
        }
        throw error;
      }
      this.logger.info({ table: type, chunk, ...report }, 'NBP backfill chunk stored');
    }
    return report;
  }

  private async store(type: NbpTableType, tables: NbpTable[]): Promise<number> {
    const added = await this.tables.insertTables(tables, API_SOURCE);
    if (added > 0) await this.cache.deleteByPrefix(RATES_CACHE_PREFIX);
    return added;
  }
}

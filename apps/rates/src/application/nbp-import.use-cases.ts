import { Inject, Injectable } from '@nestjs/common';
import { type Cache } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { CACHE, LOGGER } from '@lib/service-kit';
import { parseNbpArchiveCsv } from '../domain/nbp-archive-csv';
import { BundledNbpArchives } from '../persistence/bundled-nbp-archives';
import { NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { RATES_CACHE_PREFIX } from './rates-cache';

/** Where stored tables came from (nbp_tables.source). */
const ARCHIVE_SOURCE = 'nbp-archive';

/** Bringing NBP tables in (the bundled archives at start-up; the scheduled NBP API fetch joins here). */
@Injectable()
export class NbpImportUseCases {
  constructor(
    private readonly archives: BundledNbpArchives,
    private readonly tables: NbpTablesRepository,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Loads the bundled table A archives so a fresh installation shows real NBP rates before its first
   * scheduled fetch. Idempotent: tables already stored are skipped. When anything was new, cached
   * answers are dropped so callers see it at once. Returns how many tables were added.
   */
  async importBundledArchives(): Promise<number> {
    let inserted = 0;
    for (const file of await this.archives.tableAFiles()) {
      const tables = parseNbpArchiveCsv(await this.archives.read(file));
      const added = await this.tables.insertMidTables('A', tables, ARCHIVE_SOURCE);
      inserted += added;
      this.logger.info({ file, tables: tables.length, added }, 'NBP archive imported');
    }
    if (inserted > 0) await this.cache.deleteByPrefix(RATES_CACHE_PREFIX);
    return inserted;
  }
}

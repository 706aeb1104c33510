import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Logger } from '@lib/observability';
import { type NbpTablesRepository } from '../persistence/nbp-tables.repository';
import { parseNbpArchiveCsv } from './nbp-archive-csv';

/** Bundled NBP yearly archives (apps/rates/data/nbp, copied next to the build output). */
export const NBP_ARCHIVE_DIR = path.resolve(__dirname, '../../data/nbp');

/**
 * Loads the bundled table A archives so a fresh installation shows real NBP rates before its first
 * scheduled fetch. Idempotent: tables already stored are skipped.
 */
export async function importBundledArchives(repository: NbpTablesRepository, logger: Logger, dir = NBP_ARCHIVE_DIR): Promise<number> {
  const files = (await readdir(dir)).filter((f) => /^archiwum_tab_a_\d{4}\.csv$/.test(f)).sort();
  let inserted = 0;
  for (const file of files) {
    // NBP publishes the archive in Windows-1250; Node's full ICU decodes it.
    const text = new TextDecoder('windows-1250').decode(await readFile(path.join(dir, file)));
    const tables = parseNbpArchiveCsv(text);
    const added = await repository.insertMidTables('A', tables, 'nbp-archive');
    inserted += added;
    logger.info({ file, tables: tables.length, added }, 'NBP archive imported');
  }
  return inserted;
}

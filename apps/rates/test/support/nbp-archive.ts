import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeNbpArchive, NBP_ARCHIVE_DIR } from '../../src/persistence/bundled-nbp-archives';

/**
 * The text of a bundled yearly table A archive, for tests of the (pure) parser: the reading stays
 * here so that domain/ specs import no I/O themselves.
 */
export function bundledTableAArchive(year: number): string {
  return decodeNbpArchive(readFileSync(path.join(NBP_ARCHIVE_DIR, `archiwum_tab_a_${year}.csv`)));
}

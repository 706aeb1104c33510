import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';

/** Bundled NBP yearly archives (apps/rates/data/nbp, copied next to the build output). */
export const NBP_ARCHIVE_DIR = path.resolve(__dirname, '../../data/nbp');

const TABLE_A_ARCHIVE = /^archiwum_tab_a_\d{4}\.csv$/;

/** NBP publishes its archives in Windows-1250; Node's full ICU decodes it. */
export function decodeNbpArchive(bytes: Uint8Array): string {
  return new TextDecoder('windows-1250').decode(bytes);
}

/** The yearly table A archives shipped with the service, read as text. */
@Injectable()
export class BundledNbpArchives {
  /** File names of the table A archives, oldest year first. */
  async tableAFiles(): Promise<string[]> {
    return (await readdir(NBP_ARCHIVE_DIR)).filter((file) => TABLE_A_ARCHIVE.test(file)).sort();
  }

  /** One archive's text, decoded. */
  async read(file: string): Promise<string> {
    return decodeNbpArchive(await readFile(path.join(NBP_ARCHIVE_DIR, file)));
  }
}

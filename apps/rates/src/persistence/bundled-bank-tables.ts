import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import { type BankDefinition } from '../domain/banks/bank-registry';

/** The bank tables shipped with the service (apps/rates/data/banks, see its README). */
export const BANK_DATA_DIR = path.resolve(__dirname, '../../data/banks');

@Injectable()
export class BundledBankTables {
  /** The shipped table of a bank in its own format; undefined when none is shipped. */
  async read(bank: BankDefinition): Promise<string | undefined> {
    try {
      return await readFile(path.join(BANK_DATA_DIR, `${bank.slug}.${bank.extension}`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BankDefinition } from '../../src/domain/banks/bank-registry';
import { BANK_DATA_DIR } from '../../src/persistence/bundled-bank-tables';

/** A bank's table in its published format, as shipped (for the pure parsers' tests). */
export function bankSample(bank: BankDefinition): string {
  return readFileSync(path.join(BANK_DATA_DIR, `${bank.slug}.${bank.extension}`), 'utf8');
}

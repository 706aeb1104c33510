import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BankDefinition } from '../../src/domain/banks/bank-registry';
import { BANK_DATA_DIR } from '../../src/persistence/bundled-bank-tables';

/**
 * A bank's shipped sample table, in the format its adapter reads (for the pure parsers' tests).
 * Sample data computed from NBP rates, not a table the bank published (data/banks/README.md).
 */
export function bankSample(bank: BankDefinition): string {
  return readFileSync(path.join(BANK_DATA_DIR, `${bank.slug}.${bank.extension}`), 'utf8');
}

/** Recorded real tables of the banks, one file per bank (fixtures/banks/README.md); the README itself left out. */
export const BANK_FIXTURES = path.join(__dirname, '../fixtures/banks');

export function bankFixtureFiles(): string[] {
  return readdirSync(BANK_FIXTURES).filter((file) => file !== 'README.md');
}

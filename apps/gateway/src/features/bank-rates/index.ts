/** What other features use of the bank rates: the comparison of all banks' tables (the converter shows it). */
export { BankComparisonTable, TableDateNote } from './bank-comparison';
export { type BankComparison } from './bank-rates-data';

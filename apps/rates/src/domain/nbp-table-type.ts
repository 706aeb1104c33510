/**
 * NBP's three tables: A (mid rates of the common currencies, every working day), B (mid rates of
 * the rest, weekly) and C (bid and ask of the major ones, every working day).
 */
export type NbpTableType = 'A' | 'B' | 'C';

/** The tables that carry a mid rate only. */
export type MidRateTableType = Exclude<NbpTableType, 'C'>;

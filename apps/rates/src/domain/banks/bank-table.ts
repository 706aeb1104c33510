import { Decimal, parsePolishDecimal } from '@lib/finance';
import { isRealIsoDate } from '../date-chunks';

/** One currency in a bank's table, as the bank quotes it (for `units` units of the currency). */
export interface BankQuote {
  code: string;
  units: number;
  buy: string;
  sell: string;
}

/** A bank's currency table read from its published format. */
export interface ParsedBankTable {
  /** Table or licence number as the bank prints it. */
  tableNo: string;
  effectiveDate: string;
  /** RFC 3339, when the format says. */
  publishedAt: string | null;
  rates: BankQuote[];
}

/** A bank's table that does not read as its format says: logged, skipped, nothing stored of it. */
export class BankFormatError extends Error {
  constructor(bank: string, problem: string) {
    super(`malformed ${bank} table: ${problem}`);
    this.name = 'BankFormatError';
  }
}

const CODE = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** '03.04.2025', '2025-04-03' or '20250403' → '2025-04-03'; undefined otherwise. */
export function bankDate(text: string): string | undefined {
  const t = text.trim();
  let m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  return DATE.test(t) ? t : undefined;
}

/**
 * Checks and normalises what a parser read: codes, units, decimals (comma or point), buy not
 * above sell, a real date, at least one rate, no code twice. Throws BankFormatError on the first problem.
 */
export function validatedBankTable(
  bank: string,
  raw: {
    tableNo: string;
    effectiveDate: string;
    publishedAt?: string | null;
    rates: { code: string; units: string; buy: string; sell: string }[];
  },
): ParsedBankTable {
  const tableNo = raw.tableNo.trim();
  if (tableNo === '' || tableNo.length > 64)
    throw new BankFormatError(bank, `bad table number "${raw.tableNo}"`);
  const effectiveDate = bankDate(raw.effectiveDate);
  if (!effectiveDate || !isRealIsoDate(effectiveDate))
    throw new BankFormatError(bank, `bad date "${raw.effectiveDate}"`);
  const publishedAt = raw.publishedAt?.trim() || null;
  if (publishedAt !== null && Number.isNaN(Date.parse(publishedAt)))
    throw new BankFormatError(bank, `bad publication time "${publishedAt}"`);
  if (raw.rates.length === 0) throw new BankFormatError(bank, 'no rates');
  const seen = new Set<string>();
  const rates = raw.rates.map((r) => {
    const code = r.code.trim().toUpperCase();
    if (!CODE.test(code)) throw new BankFormatError(bank, `bad currency code "${r.code}"`);
    if (seen.has(code)) throw new BankFormatError(bank, `${code} listed twice`);
    seen.add(code);
    const units = Number(r.units.trim());
    if (!Number.isInteger(units) || units < 1 || units > 100_000)
      throw new BankFormatError(bank, `${code}: bad units "${r.units}"`);
    const buy = parsePolishDecimal(r.buy);
    const sell = parsePolishDecimal(r.sell);
    if (buy === undefined || new Decimal(buy).lte(0))
      throw new BankFormatError(bank, `${code}: bad buy rate "${r.buy}"`);
    if (sell === undefined || new Decimal(sell).lte(0))
      throw new BankFormatError(bank, `${code}: bad sell rate "${r.sell}"`);
    if (new Decimal(buy).gt(sell)) throw new BankFormatError(bank, `${code}: buy ${buy} above sell ${sell}`);
    return { code, units, buy, sell };
  });
  rates.sort((a, b) => a.code.localeCompare(b.code));
  return { tableNo, effectiveDate, publishedAt, rates };
}

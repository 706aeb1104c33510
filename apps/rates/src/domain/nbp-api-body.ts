import { Decimal } from '@lib/finance';
import { z } from 'zod';
import { type NbpTableType } from './nbp-table-type';

/** One currency's quote in a table read from the NBP Web API, per ONE unit, exact decimal text. */
export interface NbpRateValue {
  code: string;
  currency: string;
  mid: string | null;
  bid: string | null;
  ask: string | null;
}

/** A table as NBP's Web API publishes it (`exchangerates/tables/{A|B|C}/…`). */
export interface NbpTable {
  type: NbpTableType;
  /** Full number, e.g. `190/C/NBP/2026`. */
  no: string;
  effectiveDate: string;
  /** Table C only. */
  tradingDate: string | null;
  rates: NbpRateValue[];
}

/** A body that is not what NBP publishes: the caller logs it and skips the table, storing nothing of it. */
export class NbpFormatError extends Error {
  constructor(problem: string) {
    super(`malformed NBP response: ${problem}`);
    this.name = 'NbpFormatError';
  }
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** NBP sends rates as JSON numbers; the shortest round-trip text of a double keeps its digits ('0.010368'). */
const rate = z.number().positive().finite();
const tableNo = (type: string) => z.string().regex(new RegExp(`^\\d{3}/${type}/NBP/\\d{4}$`));

const rateSchema = z.object({
  currency: z.string().min(1).max(100),
  code: z.string().regex(/^[A-Z]{3}$/),
  mid: rate.optional(),
  bid: rate.optional(),
  ask: rate.optional(),
});

const tableSchema = z.object({
  table: z.enum(['A', 'B', 'C']),
  no: z.string(),
  effectiveDate: isoDate,
  tradingDate: isoDate.optional(),
  rates: z.array(rateSchema).min(1),
});

const seriesSchema = z.object({
  table: z.enum(['A', 'B', 'C']),
  currency: z.string().min(1).max(100),
  code: z.string().regex(/^[A-Z]{3}$/),
  rates: z.array(
    z.object({
      no: z.string(),
      effectiveDate: isoDate,
      mid: rate.optional(),
      bid: rate.optional(),
      ask: rate.optional(),
    }),
  ),
});

const text = (value: number | undefined) =>
  value === undefined ? null : new Decimal(String(value)).toFixed();

function issueText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

function checkQuote(
  type: NbpTableType,
  where: string,
  r: { mid?: number; bid?: number; ask?: number },
): void {
  if (type === 'C') {
    if (r.bid === undefined || r.ask === undefined)
      throw new NbpFormatError(`${where}: table C needs bid and ask`);
    if (r.bid > r.ask) throw new NbpFormatError(`${where}: bid above ask`);
  } else if (r.mid === undefined) {
    throw new NbpFormatError(`${where}: table ${type} needs mid`);
  }
}

/**
 * Parses a body of `exchangerates/tables/{type}/…` (a JSON array of tables). Every table must be
 * of the asked type, numbered like NBP numbers it, and carry the rates its type carries; NBP's
 * trailing spaces in table B names are trimmed. Throws NbpFormatError naming the problem.
 */
export function parseNbpTablesBody(body: unknown, type: NbpTableType): NbpTable[] {
  const parsed = z.array(tableSchema).safeParse(body);
  if (!parsed.success) throw new NbpFormatError(issueText(parsed.error));
  return parsed.data.map((t, i) => {
    if (t.table !== type) throw new NbpFormatError(`[${i}] is table ${t.table}, expected ${type}`);
    if (!tableNo(type).safeParse(t.no).success) throw new NbpFormatError(`[${i}] bad table number "${t.no}"`);
    t.rates.forEach((r) => checkQuote(type, `${t.no} ${r.code}`, r));
    return {
      type,
      no: t.no,
      effectiveDate: t.effectiveDate,
      tradingDate: type === 'C' ? (t.tradingDate ?? null) : null,
      rates: t.rates
        .map((r) => ({
          code: r.code,
          currency: r.currency.trim(),
          mid: text(r.mid),
          bid: text(r.bid),
          ask: text(r.ask),
        }))
        .sort((a, b) => a.code.localeCompare(b.code)),
    };
  });
}

/** One point of a single-currency series (`exchangerates/rates/{table}/{code}/…`). */
export interface NbpSeriesPoint {
  no: string;
  effectiveDate: string;
  mid: string | null;
  bid: string | null;
  ask: string | null;
}

export interface NbpSeries {
  type: NbpTableType;
  code: string;
  currency: string;
  points: NbpSeriesPoint[];
}

/** Parses a single-currency series body; throws NbpFormatError like parseNbpTablesBody. */
export function parseNbpSeriesBody(body: unknown, type: NbpTableType): NbpSeries {
  const parsed = seriesSchema.safeParse(body);
  if (!parsed.success) throw new NbpFormatError(issueText(parsed.error));
  const s = parsed.data;
  if (s.table !== type) throw new NbpFormatError(`series of table ${s.table}, expected ${type}`);
  return {
    type,
    code: s.code,
    currency: s.currency.trim(),
    points: s.rates.map((r) => {
      if (!tableNo(type).safeParse(r.no).success) throw new NbpFormatError(`bad table number "${r.no}"`);
      checkQuote(type, `${r.no} ${s.code}`, r);
      return {
        no: r.no,
        effectiveDate: r.effectiveDate,
        mid: text(r.mid),
        bid: text(r.bid),
        ask: text(r.ask),
      };
    }),
  };
}

/** What NBP's error bodies mean: '404 NotFound - Not Found - Brak danych' is "no table that day". */
export type NbpErrorKind = 'no-data' | 'limit-exceeded' | 'bad-request' | 'other';

/** Classifies an NBP error answer by its status and text (`400 BadRequest - Przekroczony limit 93 dni …`). */
export function classifyNbpError(status: number, body: string): NbpErrorKind {
  if (status === 404) return 'no-data';
  if (status === 400) return /Przekroczony limit|limit of/i.test(body) ? 'limit-exceeded' : 'bad-request';
  return 'other';
}

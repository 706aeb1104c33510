import { ratesV1 } from '@lib/contracts';
import { parseAmount } from '@lib/currencies';
import { slugField } from '@lib/service-kit';
import { z } from 'zod';
import { daysInclusive, isRealIsoDate } from '../domain/date-chunks';
import { type HistoryRangeName } from '../domain/history';
import { type NbpTableType } from '../domain/nbp-table-type';

const TABLE_LETTER: Record<number, NbpTableType> = {
  [ratesV1.TableType.A]: 'A',
  [ratesV1.TableType.B]: 'B',
  [ratesV1.TableType.C]: 'C',
};

const RANGE_NAME: Record<number, HistoryRangeName> = {
  [ratesV1.HistoryRange.HOURS_48]: 'hours48',
  [ratesV1.HistoryRange.WEEK_1]: 'week1',
  [ratesV1.HistoryRange.MONTH_1]: 'month1',
  [ratesV1.HistoryRange.MONTHS_6]: 'months6',
  [ratesV1.HistoryRange.MONTHS_12]: 'months12',
  [ratesV1.HistoryRange.YEARS_5]: 'years5',
};

/** Longest span of explicit dates a list or history call may ask for (about ten years). */
export const MAX_SPAN_DAYS = 3_660;
/** Longest span of ListTables (whole tables with their rates). */
export const MAX_LIST_DAYS = 367;

/** rates.v1.TableType as NBP's letter; UNSPECIFIED (and anything unknown) is refused. */
const tableField = z
  .number()
  .refine((v) => v in TABLE_LETTER, 'must be A, B or C')
  .transform((v) => TABLE_LETTER[v]!);

const dateField = z.string().refine(isRealIsoDate, 'must be a date YYYY-MM-DD');
const optionalDateField = z.union([z.literal(''), dateField]).transform((v) => v || undefined);

/** An ISO 4217 code in any case, upper-cased. */
const codeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code')
  .transform((v) => v.toUpperCase());
const quoteField = z.union([z.literal(''), codeField]).transform((v) => v || 'PLN');

function checkSpan(
  ctx: z.RefinementCtx,
  from: string | undefined,
  to: string | undefined,
  maxDays: number,
): void {
  if (!from || !to) return;
  if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
  else if (daysInclusive(from, to) > maxDays)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${maxDays} days after from` });
}

const rangeField = z
  .number()
  .refine((v) => v === Number(ratesV1.HistoryRange.UNSPECIFIED) || v in RANGE_NAME, 'is not a known range')
  .transform((v) => RANGE_NAME[v]);

/** A predefined range, or both explicit dates within MAX_SPAN_DAYS. */
function withRange<
  T extends { range: HistoryRangeName | undefined; from: string | undefined; to: string | undefined },
>(value: T, ctx: z.RefinementCtx): void {
  if (value.range) return;
  if (!value.from)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required when range is not set' });
  if (!value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required when range is not set' });
  checkSpan(ctx, value.from, value.to, MAX_SPAN_DAYS);
}

export const getLatestTableRequest = z.object({ table: tableField });

export const getTableByDateRequest = z.object({
  table: tableField,
  date: dateField,
  onOrBefore: z.boolean(),
});

export const listTablesRequest = z
  .object({ table: tableField, from: dateField, to: dateField })
  .superRefine((v, ctx) => checkSpan(ctx, v.from, v.to, MAX_LIST_DAYS));

export const getCurrencyHistoryRequest = z
  .object({
    code: codeField,
    table: tableField,
    range: rangeField,
    from: optionalDateField,
    to: optionalDateField,
    quote: quoteField,
  })
  .superRefine(withRange);

export const getBankCurrencyHistoryRequest = z
  .object({
    bankSlug: slugField,
    code: codeField,
    range: rangeField,
    from: optionalDateField,
    to: optionalDateField,
  })
  .superRefine(withRange);

export const getBankTableRequest = z.object({ bankSlug: slugField, date: optionalDateField });

const SOURCE: Record<number, 'nbp-a' | 'nbp-c' | 'bank'> = {
  [ratesV1.RateSource.UNSPECIFIED]: 'nbp-a',
  [ratesV1.RateSource.NBP_A]: 'nbp-a',
  [ratesV1.RateSource.NBP_C]: 'nbp-c',
  [ratesV1.RateSource.BANK]: 'bank',
};

/** The amount's Polish message goes to the caller as the field violation's description (the page shows it). */
const amountField = z
  .string()
  .max(64, 'Kwota jest za długa.')
  .transform((text, ctx) => {
    const parsed = parseAmount(text);
    if (parsed.ok) return parsed.amount;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

export const convertRequest = z
  .object({
    amount: amountField,
    from: codeField,
    to: codeField,
    source: z
      .number()
      .refine((v) => v in SOURCE, 'is not a known source')
      .transform((v) => SOURCE[v]!),
    bankSlug: z.union([z.literal(''), slugField]).transform((v) => v || undefined),
    date: optionalDateField,
  })
  .superRefine((v, ctx) => {
    if (v.source === 'bank' && !v.bankSlug)
      ctx.addIssue({ code: 'custom', path: ['bankSlug'], message: 'is required when source is BANK' });
  });

export const listCurrencyNamesRequest = z.object({
  codes: z.array(codeField).max(100, 'must list at most 100 codes'),
});

/** historyRange UNSPECIFIED asks for the pair alone. */
export const getCurrencyPairRequest = z.object({ from: codeField, to: codeField, historyRange: rangeField });

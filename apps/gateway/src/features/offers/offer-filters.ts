/**
 * The amount and period filters of the offer lists (/offers/, /offers2/, /offers3/): read from the
 * address (`?suma=<zł>&okres=<dni>`, a plain GET form, so they work without JavaScript), brought
 * into the allowed range and onto the step, and told back to the visitor when a value was changed.
 * Pure: no I/O. The result is part of the page-data cache key, so it takes a bounded set of values.
 */
import { type Zloty } from '@lib/finance';
import { formatInteger, formatZloty } from '@lib/pl-format';
import { OFFERS_QUERY } from '../../app/site-paths/offers';

/**
 * The default period is 61 days: the shortest period most offers of the feeds lend for, so the
 * first view ranks most of them instead of showing them apart under another period.
 */
export const OFFER_FILTER_LIMITS = {
  amount: { minZl: 100, maxZl: 50_000, stepZl: 50, defaultZl: 2_000 },
  period: { minDays: 1, maxDays: 1_800, defaultDays: 61 },
} as const;

/** Query parameter names of the filter form. */
export const OFFER_FILTER_QUERY = OFFERS_QUERY;

/** Why a value shown in the form is not the one the visitor sent. */
export type FilterAdjustment = 'none' | 'raised' | 'lowered' | 'invalid';

export interface OfferFilters {
  amountZl: Zloty;
  periodDays: number;
  amountAdjusted: FilterAdjustment;
  periodAdjusted: FilterAdjustment;
}

export const DEFAULT_OFFER_FILTERS: OfferFilters = {
  amountZl: OFFER_FILTER_LIMITS.amount.defaultZl,
  periodDays: OFFER_FILTER_LIMITS.period.defaultDays,
  amountAdjusted: 'none',
  periodAdjusted: 'none',
};

/** Longest value read at all; anything longer is not a number a visitor meant. */
const MAX_INPUT_LENGTH = 12;

/** '2 500', '2500,00', '2500.5' → 2500.5; anything else → undefined. */
export function parseFilterNumber(text: string | null): number | undefined {
  if (text === null) return undefined;
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (compact === '' || compact.length > MAX_INPUT_LENGTH || !/^-?\d+(\.\d+)?$/.test(compact))
    return undefined;
  const value = Number(compact);
  return Number.isFinite(value) ? value : undefined;
}

function clamp(value: number, min: number, max: number): { value: number; adjusted: FilterAdjustment } {
  if (value < min) return { value: min, adjusted: 'raised' };
  if (value > max) return { value: max, adjusted: 'lowered' };
  return { value, adjusted: 'none' };
}

function readAmount(text: string | null): { value: number; adjusted: FilterAdjustment } {
  const { minZl, maxZl, stepZl, defaultZl } = OFFER_FILTER_LIMITS.amount;
  const parsed = parseFilterNumber(text);
  if (parsed === undefined)
    return { value: defaultZl, adjusted: text === null || text.trim() === '' ? 'none' : 'invalid' };
  const clamped = clamp(parsed, minZl, maxZl);
  // Onto the step (rounded to the nearest), then back inside the range the step may leave.
  const stepped = Math.min(maxZl, Math.max(minZl, Math.round(clamped.value / stepZl) * stepZl));
  return { value: stepped, adjusted: clamped.adjusted };
}

function readPeriod(text: string | null): { value: number; adjusted: FilterAdjustment } {
  const { minDays, maxDays, defaultDays } = OFFER_FILTER_LIMITS.period;
  const parsed = parseFilterNumber(text);
  if (parsed === undefined)
    return { value: defaultDays, adjusted: text === null || text.trim() === '' ? 'none' : 'invalid' };
  const clamped = clamp(Math.round(parsed), minDays, maxDays);
  return { value: clamped.value, adjusted: clamped.adjusted };
}

/** The filters an address asks for, each within its range. Never fails. */
export function readOfferFilters(query: URLSearchParams): OfferFilters {
  const amount = readAmount(query.get(OFFER_FILTER_QUERY.amount));
  const period = readPeriod(query.get(OFFER_FILTER_QUERY.period));
  return {
    amountZl: amount.value,
    periodDays: period.value,
    amountAdjusted: amount.adjusted,
    periodAdjusted: period.adjusted,
  };
}

/** The Polish notice for a changed value; '' when the value is the visitor's own. */
export function adjustmentNotice(field: 'amount' | 'period', adjusted: FilterAdjustment): string {
  const { amount, period } = OFFER_FILTER_LIMITS;
  if (field === 'amount') {
    if (adjusted === 'raised')
      return `Najmniejsza kwota w porównaniu to ${formatZloty(amount.minZl)} – tyle wpisaliśmy w formularzu.`;
    if (adjusted === 'lowered')
      return `Największa kwota w porównaniu to ${formatZloty(amount.maxZl)} – tyle wpisaliśmy w formularzu.`;
    if (adjusted === 'invalid')
      return `Kwota musi być liczbą od ${formatInteger(amount.minZl)} do ${formatZloty(amount.maxZl)} – pokazujemy oferty dla ${formatZloty(amount.defaultZl)}.`;
    return '';
  }
  if (adjusted === 'raised')
    return `Najkrótszy okres w porównaniu to ${period.minDays} dzień – tyle wpisaliśmy w formularzu.`;
  if (adjusted === 'lowered')
    return `Najdłuższy okres w porównaniu to ${formatInteger(period.maxDays)} dni – tyle wpisaliśmy w formularzu.`;
  if (adjusted === 'invalid')
    return `Okres musi być liczbą dni od ${period.minDays} do ${formatInteger(period.maxDays)} – pokazujemy oferty na ${period.defaultDays} dni.`;
  return '';
}

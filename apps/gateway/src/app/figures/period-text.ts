import { plural } from '@lib/currencies';

/*
 * Periods as readers count them, one wording for every page that states one (facts blocks, figure
 * tokens, the loan sliders). Kept apart from the facts view model so a browser island can use it
 * without the rest.
 */

/** What a figure the feed does not give reads as. */
export const NO_DATA = 'brak danych';

/** Average days in a month (365 / 12): feeds give 4 years as 1460 days, which readers call 48 months. */
const MONTH_DAYS = 365 / 12;

/**
 * A period of 90 days or more that is a whole number of months, counted either in 30-day months
 * (180 → 6) or in calendar months (1460 → 48); null for a period counted in days.
 */
export function wholeMonths(days: number): number | null {
  if (days < 90) return null;
  if (days % 30 === 0) return days / 30;
  const calendar = Math.round(days / MONTH_DAYS);
  return Math.abs(days - calendar * MONTH_DAYS) < 1.5 ? calendar : null;
}

const oneUnit = (days: number): string => {
  const m = wholeMonths(days);
  return m !== null
    ? `${m} ${plural(m, 'miesiąc', 'miesiące', 'miesięcy')}`
    : `${days} ${plural(days, 'dzień', 'dni', 'dni')}`;
};

/** A period after 'od' / 'do' (genitive): '1 miesiąca', '24 miesięcy', '61 dni'. */
const oneUnitAfterPreposition = (days: number): string => {
  const m = wholeMonths(days);
  return m !== null ? `${m} ${m === 1 ? 'miesiąca' : 'miesięcy'}` : `${days} ${days === 1 ? 'dnia' : 'dni'}`;
};

/**
 * The ends of a period range as read after 'od … do …' (genitive): in months when both are, in days
 * when both are (or when a short range starts in days), else each in its own unit ('unit' empty).
 */
export function periodEnds(min: number, max: number): { low: string; high: string; unit: string } {
  const low = min > 0 ? min : max;
  const a = wholeMonths(low);
  // A short range that starts in days stays in days ('61–90 dni', not '61 dni – 3 miesiące').
  const b = a === null && max < 180 ? null : wholeMonths(max);
  if (a !== null && b !== null)
    return { low: String(a), high: String(b), unit: b === 1 ? 'miesiąca' : 'miesięcy' };
  if (a === null && b === null)
    return { low: String(low), high: String(max), unit: max === 1 ? 'dnia' : 'dni' };
  return { low: oneUnitAfterPreposition(low), high: oneUnitAfterPreposition(max), unit: '' };
}

/** A period in days as readers count it: '61 dni', '48 miesięcy'; ranges: '6–48 miesięcy', '30 dni – 24 miesiące'. */
export function periodText(min: number, max: number): string {
  if (max <= 0) return NO_DATA;
  const low = min > 0 ? min : max;
  if (low === max) return oneUnit(max);
  const ends = periodEnds(low, max);
  return ends.unit !== '' ? `${ends.low}–${ends.high} ${ends.unit}` : `${oneUnit(low)} – ${oneUnit(max)}`;
}

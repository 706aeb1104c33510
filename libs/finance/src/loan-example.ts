import { Decimal } from './decimal';
import { type Zloty } from './money';

/*
 * The loan sliders of the home page and /lp/ (amount and period). Their ends are the range the forms
 * offer, which comes from the offers catalogue (@lib/pl-validation `loanRequestLimitsOf`); nothing
 * here states a range, a rate or a cost. This module only lays such a range out as slider positions
 * and reads a position back, the same way on the server and in the browser. The cost shown next to
 * the sliders is a real offer's representative example, priced by the offers service.
 */

/** The ends of the sliders: whole złoty and days. */
export interface SliderRange {
  amountMinZl: Zloty;
  amountMaxZl: Zloty;
  periodMinDays: number;
  periodMaxDays: number;
}

/** Slider positions for a range. */
export interface LoanSliderScale {
  /** The amount slider moves in `stepZl` from `minZl`, and `maxZl` is always one of its positions. */
  amount: { minZl: Zloty; maxZl: Zloty; stepZl: Zloty };
  /** The period slider's positions in days, shortest first: both ends and the usual terms between. */
  periodStops: number[];
}

/** Amount steps tried, largest first: the largest one that reaches both ends of the range is used. */
const AMOUNT_STEPS_ZL = [100, 50, 10, 5, 1] as const;

/**
 * Terms a period slider may stop at between its ends, in days: counted in days up to 61, then in
 * 30-day months, the month the offers' instalments are counted in (an offer of 360 days is 12
 * instalments, one of 365 days would be 12 too, so 365 is not a stop of its own).
 */
const USUAL_TERMS_DAYS = [
  30, 45, 61, 90, 120, 150, 180, 270, 360, 540, 720, 1080, 1440, 1800, 2160, 2520, 2880, 3240, 3600,
] as const;

/** Where the sliders start before the visitor moves them (a choice of ours, never a figure of an offer). */
export const SLIDER_START = { amountZl: 2_000, periodDays: 90 } as const;

/**
 * The slider positions of a range. A usual term is left out when it is closer to an end than a
 * tenth of itself (1800 days next to an end of 1825): both would read as the same period.
 */
export function loanSliderScale(range: SliderRange): LoanSliderScale {
  const span = range.amountMaxZl - range.amountMinZl;
  const stepZl = AMOUNT_STEPS_ZL.find((step) => span % step === 0) ?? 1;
  const { periodMinDays: min, periodMaxDays: max } = range;
  const between = USUAL_TERMS_DAYS.filter((days) => days - min >= days / 10 && max - days >= days / 10);
  return {
    amount: { minZl: range.amountMinZl, maxZl: range.amountMaxZl, stepZl },
    periodStops: min === max ? [min] : [min, ...between, max],
  };
}

/** An amount as the amount slider can hold it: inside the range, on a step; a non-number is the start. */
export function sliderAmountZl(scale: LoanSliderScale, value: number): Zloty {
  const { minZl, maxZl, stepZl } = scale.amount;
  const wanted = Number.isFinite(value) ? value : SLIDER_START.amountZl;
  const stepped = minZl + Math.round((wanted - minZl) / stepZl) * stepZl;
  return Math.min(maxZl, Math.max(minZl, stepped));
}

/** The period slider's position nearest to `days` (the shorter of two as near); a non-number is the start. */
export function sliderPeriodIndex(scale: LoanSliderScale, days: number): number {
  const wanted = Number.isFinite(days) ? days : SLIDER_START.periodDays;
  let best = 0;
  scale.periodStops.forEach((stop, index) => {
    if (Math.abs(stop - wanted) < Math.abs(scale.periodStops[best]! - wanted)) best = index;
  });
  return best;
}

/** The period in days at a slider position (clamped to the positions; a non-number is the start). */
export function sliderPeriodDays(scale: LoanSliderScale, index: number): number {
  const stops = scale.periodStops;
  if (!Number.isFinite(index)) return stops[sliderPeriodIndex(scale, SLIDER_START.periodDays)]!;
  return stops[Math.min(stops.length - 1, Math.max(0, Math.round(index)))]!;
}

/**
 * Simple interest of `amountGrosze` over `days` at an annual rate in basis points (actual/365), in
 * whole grosze: exact decimal arithmetic, rounded half up to a whole grosz (offers' single repayments).
 */
export function simpleInterestGrosze(amountGrosze: number, annualRateBp: number, days: number): number {
  return new Decimal(amountGrosze)
    .times(annualRateBp)
    .times(days)
    .div(10_000 * 365)
    .round(0, Decimal.roundHalfUp)
    .toNumber();
}

import { type Zloty, loanExample, zlotyFromGrosze } from '@lib/finance';
import { formatDate, formatMoney, formatMoneyWhole, plural } from '../../shared/format';
import { type Locale } from '../../shared/locale';

/** Everything the calculator shows for one position of its sliders. */
export interface LoanSlidersView {
  /** Slider values after clamping to the sliders' range and steps. */
  amountZl: Zloty;
  months: number;
  /** The amount slider's label and aria-valuetext, e.g. '2 000 zł'. */
  amountText: string;
  /** The period slider's label and aria-valuetext, e.g. '3 miesiące'. */
  periodText: string;
  /** The period in days, sent with the application. */
  periodDays: number;
  /** The example cost indicators, by their `data-indicator` name. */
  indicators: { amount: string; total: string; date: string; commission: string };
  /** Query of the main action: `?amount=<zł>&period=<days>`. */
  applyQuery: string;
}

export const monthsText = (months: number) =>
  `${months} ${plural(months, 'miesiąc', 'miesiące', 'miesięcy')}`;

/**
 * The calculator's texts for slider values, borrowing on `today` (YYYY-MM-DD). The component
 * renders them (server, and client-side navigation) and the island rewrites them as the sliders
 * move: one computation, so the browser shows exactly what the server would.
 */
export function loanSlidersView(
  locale: Pick<Locale, 'code' | 'currency' | 'timezone'>,
  today: string,
  amountZl: Zloty,
  months: number,
): LoanSlidersView {
  const example = loanExample(amountZl, months, today);
  const clampedZl = zlotyFromGrosze(example.amountGrosze);
  const money = (grosze: number) => formatMoney(locale, grosze);
  return {
    amountZl: clampedZl,
    months: example.periodMonths,
    amountText: formatMoneyWhole(locale, example.amountGrosze),
    periodText: monthsText(example.periodMonths),
    periodDays: example.periodDays,
    indicators: {
      amount: money(example.amountGrosze),
      total: money(example.totalGrosze),
      date: formatDate(locale, example.repaymentDate),
      commission: money(example.commissionGrosze),
    },
    applyQuery: `?amount=${clampedZl}&period=${example.periodDays}`,
  };
}

import { type LoanSliderScale, groszeFromZloty, sliderAmountZl, sliderPeriodDays } from '@lib/finance';
import { periodText } from '../../app/figures/period-text';
import { formatMoneyWhole } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { loanExampleAddress } from './loan-example-endpoint';

/** Everything the sliders show for one position. */
export interface LoanSlidersView {
  /** The amount after holding it to the slider's range and steps. */
  amountZl: number;
  /** The period slider's position and its days. */
  periodIndex: number;
  periodDays: number;
  /** The amount slider's label and aria-valuetext, e.g. '2 000 zł'. */
  amountText: string;
  /** The period slider's label and aria-valuetext, e.g. '3 miesiące', '61 dni'. */
  periodText: string;
  /** Query of the main action: `?amount=<zł>&period=<days>`. */
  applyQuery: string;
  /** Where the example of this amount and period is asked for. */
  exampleAddress: string;
}

/** A period as the sliders and the figure tokens write it ('61 dni', '3 miesiące', '60 miesięcy'). */
export const periodLabel = (days: number): string => periodText(days, days);

/**
 * The sliders' texts for one position. The component renders them (server, and client-side
 * navigation) and the island rewrites them as the sliders move: one computation, so the browser
 * shows exactly what the server would.
 */
export function loanSlidersView(
  locale: Pick<Locale, 'code' | 'currency'>,
  scale: LoanSliderScale,
  amountZl: number,
  periodIndex: number,
): LoanSlidersView {
  const amount = sliderAmountZl(scale, amountZl);
  const periodDays = sliderPeriodDays(scale, periodIndex);
  return {
    amountZl: amount,
    periodIndex: scale.periodStops.indexOf(periodDays),
    periodDays,
    amountText: formatMoneyWhole(locale, groszeFromZloty(amount)),
    periodText: periodLabel(periodDays),
    applyQuery: `?amount=${amount}&period=${periodDays}`,
    exampleAddress: loanExampleAddress(amount, periodDays),
  };
}

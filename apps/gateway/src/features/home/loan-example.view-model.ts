import { type offersV1 } from '@lib/contracts';
import { loanPayments } from '@lib/offers-domain';
import { NOT_A_LENDER_LABELS } from '../../app/view-models/offer-card';
import {
  formatDate,
  formatDays,
  formatMoney,
  formatMoneyWhole,
  formatPercentBp,
  formatPercentDecimal,
  plural,
} from '../../shared/format';
import { oncePerAnswer } from '../../app/loaders/per-answer';
import { type Locale } from '../../shared/locale';
import {
  LOAN_EXAMPLE_LABELS,
  LOAN_EXAMPLE_ROWS,
  type LoanExampleRow,
  type LoanExampleView,
} from './loan-example-endpoint';

type ExampleLocale = Pick<Locale, 'code' | 'currency' | 'timezone'>;

/**
 * The representative example (art. 7 ust. 2–3 ustawy o kredycie konsumenckim) of the best-ranked
 * offer of a MatchOffers answer whose cost may be stated, for the amount and period it was asked:
 * RRSO, total amount of credit, period, nominal rate, interest, commission and fees, total cost,
 * total payable, and the payments (count and amount). Null when no ranked offer has a stated cost:
 * then nothing is shown rather than a cost from elsewhere.
 */
function loanExampleOf(
  response: offersV1.MatchOffersResponse,
  locale: ExampleLocale,
): LoanExampleView | null {
  const index = response.offers.findIndex((match) => !match.costUnknown && match.cost && match.offer);
  if (index < 0) return null;
  const match = response.offers[index]!;
  const offer = match.offer!;
  const cost = match.cost!;
  const money = (grosze: number) => formatMoney(locale, grosze);
  const periodDays = match.pricedPeriodDays > 0 ? match.pricedPeriodDays : cost.periodDays;
  const payments = loanPayments(cost);
  const paymentsText =
    cost.payments <= 1
      ? `jednorazowo ${money(cost.totalPayableGrosze)}`
      : payments
        ? `${cost.payments} ${plural(cost.payments, 'rata miesięczna', 'raty miesięczne', 'rat miesięcznych')} po ${money(payments.regularGrosze)}${payments.lastGrosze !== payments.regularGrosze ? `, ostatnia ${money(payments.lastGrosze)}` : ''}`
        : `${cost.payments} ${plural(cost.payments, 'rata miesięczna', 'raty miesięczne', 'rat miesięcznych')}`;
  const values: Record<LoanExampleRow, string> = {
    rrso: formatPercentDecimal(cost.rrsoPercent),
    amount: money(cost.amountGrosze),
    period: formatDays(periodDays),
    rate: `${formatPercentBp(locale, cost.interestRateBp)} w skali roku`,
    interest: money(cost.interestGrosze),
    fees: money(cost.feesGrosze),
    cost: money(cost.totalCostGrosze),
    total: money(cost.totalPayableGrosze),
    payments: paymentsText,
  };
  return {
    offerId: String(offer.offerId),
    lender: offer.header,
    notALenderLabel: NOT_A_LENDER_LABELS[offer.lenderKind] ?? '',
    position: index + 1,
    request: `${formatMoneyWhole(locale, cost.amountGrosze)} na ${formatDays(periodDays)}`,
    sample: offer.sample,
    asOf: offer.asOf !== '' ? formatDate(locale, offer.asOf) : '',
    rows: LOAN_EXAMPLE_ROWS.map((key) => ({ key, label: LOAN_EXAMPLE_LABELS[key], value: values[key] })),
    note: cost.firstLoanFreeApplies
      ? 'Zerowy koszt dotyczy pierwszej pożyczki nowego klienta spłaconej w terminie, na zasadach promocji pożyczkodawcy; kolejne pożyczki kosztują według jego zwykłych warunków.'
      : '',
  };
}

/** The example of a MatchOffers answer (loanExampleOf), made once per answer and locale. */
export const toLoanExampleView = oncePerAnswer(
  loanExampleOf,
  (locale) => `${locale.code}|${locale.currency}|${locale.timezone}`,
);

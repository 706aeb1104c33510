import { useId } from 'react';
import { LOAN_SLIDER, groszeFromZloty } from '@lib/finance';
import { formatMoneyWhole } from '../../shared/format';
import { APPLICATION_PATH } from '../../app/layouts/navigation';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { type PurposeOption } from './home-data';
import { loanSlidersView, monthsText } from './loan-sliders.view-model';

/**
 * Amount and period sliders with the example cost indicators and the main application action.
 * Rendered with the sliders' default values; the `loan-sliders` island
 * (loan-sliders.island.ts) updates the texts as the sliders move. Without JavaScript it is a
 * plain GET form to the application with the chosen amount and the default period.
 */
export function LoanSliders({ purposes }: { purposes: readonly PurposeOption[] }) {
  const { locale, today, navigation } = useRenderContext();
  const view = loanSlidersView(locale, today, LOAN_SLIDER.amount.defaultZl, LOAN_SLIDER.period.defaultMonths);
  const amountId = useId();
  const periodId = useId();
  const purposeId = useId();

  return (
    <form
      className="calculator"
      action={APPLICATION_PATH}
      method="get"
      aria-label="Kalkulator pożyczki"
      {...islandMarker('loan-sliders')}
    >
      <div className="calculator__field">
        <label htmlFor={amountId}>
          Ile potrzebujesz? <output htmlFor={amountId}>{view.amountText}</output>
        </label>
        {/* Uncontrolled (defaultValue): the island owns the value once the page is shown. */}
        <input
          id={amountId}
          name="amount"
          type="range"
          min={LOAN_SLIDER.amount.minZl}
          max={LOAN_SLIDER.amount.maxZl}
          step={LOAN_SLIDER.amount.stepZl}
          defaultValue={view.amountZl}
          aria-valuetext={view.amountText}
          data-slider="amount"
        />
        <div className="calculator__scale" aria-hidden="true">
          <span>{formatMoneyWhole(locale, groszeFromZloty(LOAN_SLIDER.amount.minZl))}</span>
          <span>{formatMoneyWhole(locale, groszeFromZloty(LOAN_SLIDER.amount.maxZl))}</span>
        </div>
      </div>
      <div className="calculator__field">
        <label htmlFor={periodId}>
          Na jak długo? <output htmlFor={periodId}>{view.periodText}</output>
        </label>
        <input
          id={periodId}
          type="range"
          min={LOAN_SLIDER.period.minMonths}
          max={LOAN_SLIDER.period.maxMonths}
          step={LOAN_SLIDER.period.stepMonths}
          defaultValue={view.months}
          aria-valuetext={view.periodText}
          data-slider="period"
        />
        <input type="hidden" name="period" defaultValue={view.periodDays} />
        <div className="calculator__scale" aria-hidden="true">
          <span>{monthsText(LOAN_SLIDER.period.minMonths)}</span>
          <span>{monthsText(LOAN_SLIDER.period.maxMonths)}</span>
        </div>
      </div>
      <div className="calculator__field">
        <label htmlFor={purposeId}>Na co?</label>
        {/* The application starts with it (features/application, `?purpose=`); the island adds it to the action's address. */}
        <select id={purposeId} name="purpose" defaultValue="" data-purpose="">
          <option value="">Wybierz cel pożyczki</option>
          {purposes.map((purpose) => (
            <option key={purpose.value} value={purpose.value}>
              {purpose.label}
            </option>
          ))}
        </select>
      </div>
      <dl className="calculator__summary" aria-live="polite">
        <div>
          <dt>Kwota pożyczki</dt>
          <dd data-indicator="amount">{view.indicators.amount}</dd>
        </div>
        <div>
          <dt>Do spłaty</dt>
          <dd data-indicator="total">{view.indicators.total}</dd>
        </div>
        <div>
          <dt>Data spłaty</dt>
          <dd data-indicator="date">{view.indicators.date}</dd>
        </div>
        <div>
          <dt>Prowizja</dt>
          <dd data-indicator="commission">{view.indicators.commission}</dd>
        </div>
      </dl>
      {/* The action is shown only while the application page exists (see navigation-links.ts). */}
      {navigation.application && (
        <a
          className="button button--large calculator__cta"
          href={`${navigation.application.href}${view.applyQuery}`}
          data-apply=""
        >
          {navigation.application.text}
        </a>
      )}
      <p className="calculator__note">
        {/* Non-breaking spaces keep amounts such as '2 018 zł' on one line. */}
        {
          'Przykład reprezentatywny: pożyczka 2\u00a0000\u00a0zł na 3\u00a0miesiące, do spłaty 2\u00a0018\u00a0zł, prowizja 18\u00a0zł (3,65% w skali roku). Ostateczne warunki ustala pożyczkodawca.'
        }
      </p>
    </form>
  );
}

import { useId } from 'react';
import { groszeFromZloty, loanSliderScale, sliderPeriodIndex } from '@lib/finance';
import { formatDate, formatMoneyWhole } from '../../shared/format';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { APPLICATION_PATH } from '../../app/layouts/navigation';
import { type CalculatorData } from './home-data';
import { CALCULATOR_FORM_NAME } from './home-experiment';
import { LoanExample } from './loan-example';
import { loanSlidersView, periodLabel } from './loan-sliders.view-model';

export const CALCULATOR_TEXTS = {
  noRange:
    'Nie możemy teraz pobrać zakresu kwot i okresów z ofert pożyczkodawców, dlatego nie pokazujemy suwaków. Kwotę i okres wpiszesz we wniosku.',
  sampleRange:
    'Zakres kwot i okresów pochodzi z przykładowego pliku ofert dołączonego do serwisu (dane przykładowe), a nie od pożyczkodawców.',
} as const;

/**
 * The main action, shown only while the application page exists (see navigation-links.ts). It
 * sends the calculator's values on to the application, so the tracker counts following it as the
 * calculator form's submission (data-track-submit: event 70 of the form it is in).
 */
function ApplyLink({ query, text }: { query: string; text: string | undefined }) {
  const { navigation } = useRenderContext();
  if (!navigation.application) return null;
  return (
    <a
      className="button button--large calculator__cta"
      href={`${navigation.application.href}${query}`}
      data-apply=""
      data-track-submit=""
    >
      {text ?? navigation.application.text}
    </a>
  );
}

/**
 * Amount and period sliders over the range the offers catalogue states, the representative example
 * of the best-ranked offer for their values and the main application action. Rendered at the
 * sliders' start; the `loan-sliders` island (loan-sliders.island.ts) rewrites the texts and asks for
 * the example as they move. Without JavaScript it is a plain GET form to the application with the
 * chosen amount and the start period. Without the catalogue's range it shows no sliders at all.
 */
export function LoanSliders({
  data,
  buttonText,
}: {
  data: CalculatorData;
  /** Other words on the main button (the home page's A/B experiment); the site's own when absent. */
  buttonText?: string | undefined;
}) {
  const { locale } = useRenderContext();
  const amountId = useId();
  const periodId = useId();
  const purposeId = useId();
  const catalogue = data.catalogue.status === 'ok' ? data.catalogue.value : null;
  const range = catalogue?.range ?? null;

  if (!catalogue || !range) {
    return (
      <div className="calculator" aria-label="Kalkulator pożyczki" role="group">
        <p className="notice" role="status" data-calculator="no-range">
          {CALCULATOR_TEXTS.noRange}
        </p>
        <ApplyLink query="" text={buttonText} />
        <LoanExample example={data.example} />
      </div>
    );
  }

  const scale = loanSliderScale(range);
  const view = loanSlidersView(
    locale,
    scale,
    data.start.amountZl,
    sliderPeriodIndex(scale, data.start.periodDays),
  );
  const lastStop = scale.periodStops.length - 1;
  return (
    <form
      className="calculator"
      action={APPLICATION_PATH}
      method="get"
      aria-label="Kalkulator pożyczki"
      data-track-form={CALCULATOR_FORM_NAME}
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
          min={scale.amount.minZl}
          max={scale.amount.maxZl}
          step={scale.amount.stepZl}
          defaultValue={view.amountZl}
          aria-valuetext={view.amountText}
          data-slider="amount"
        />
        <div className="calculator__scale" aria-hidden="true">
          <span data-range="amount-min">{formatMoneyWhole(locale, groszeFromZloty(scale.amount.minZl))}</span>
          <span data-range="amount-max">{formatMoneyWhole(locale, groszeFromZloty(scale.amount.maxZl))}</span>
        </div>
      </div>
      <div className="calculator__field">
        <label htmlFor={periodId}>
          Na jak długo? <output htmlFor={periodId}>{view.periodText}</output>
        </label>
        {/* Positions, not days: the island reads each position's days from data-stops. */}
        <input
          id={periodId}
          type="range"
          min={0}
          max={lastStop}
          step={1}
          defaultValue={view.periodIndex}
          aria-valuetext={view.periodText}
          data-slider="period"
          data-stops={scale.periodStops.join(',')}
        />
        <input type="hidden" name="period" defaultValue={view.periodDays} />
        <div className="calculator__scale" aria-hidden="true">
          <span data-range="period-min">{periodLabel(scale.periodStops[0]!)}</span>
          <span data-range="period-max">{periodLabel(scale.periodStops[lastStop]!)}</span>
        </div>
      </div>
      <div className="calculator__field">
        <label htmlFor={purposeId}>Na co?</label>
        {/* The application starts with it (features/application, `?purpose=`); the island adds it to the action's address. */}
        <select id={purposeId} name="purpose" defaultValue="" data-purpose="">
          <option value="">Wybierz cel pożyczki</option>
          {data.purposes.map((purpose) => (
            <option key={purpose.value} value={purpose.value}>
              {purpose.label}
            </option>
          ))}
        </select>
      </div>
      <ApplyLink query={view.applyQuery} text={buttonText} />
      <LoanExample example={data.example} />
      <p className="calculator__note" data-range="source">
        {catalogue.sample
          ? CALCULATOR_TEXTS.sampleRange
          : `Zakres kwot i okresów z ofert pożyczkodawców${catalogue.asOf !== '' ? `, stan na ${formatDate(locale, catalogue.asOf)}` : ''}. Ostateczne warunki ustala pożyczkodawca.`}
      </p>
    </form>
  );
}

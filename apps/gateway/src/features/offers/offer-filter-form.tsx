import {
  OFFER_FILTER_LIMITS,
  OFFER_FILTER_QUERY,
  type FilterAdjustment,
  type OfferFilters,
  adjustmentNotice,
} from './offer-filters';

/** One number input of the filter, pointing at its notice when the value shown is not the one sent. */
function FilterField(props: {
  name: string;
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  adjusted: FilterAdjustment;
}) {
  return (
    <div className="offer-filters__field">
      <label htmlFor={props.name}>{props.label}</label>
      <input
        id={props.name}
        name={props.name}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        step={props.step}
        defaultValue={props.value}
        aria-describedby={props.adjusted !== 'none' ? `${props.name}_uwaga` : undefined}
      />
    </div>
  );
}

/**
 * The amount and period filter: a plain GET form to the page itself, so it works without
 * JavaScript; the inputs show the values the list was made for (clamped ones included) and a
 * notice says what was changed.
 */
export function OfferFilterForm({
  action,
  filters,
  submitText = 'Pokaż oferty',
}: {
  action: string;
  filters: OfferFilters;
  submitText?: string;
}) {
  const { amount, period } = OFFER_FILTER_LIMITS;
  const notices = [
    { name: OFFER_FILTER_QUERY.amount, text: adjustmentNotice('amount', filters.amountAdjusted) },
    { name: OFFER_FILTER_QUERY.period, text: adjustmentNotice('period', filters.periodAdjusted) },
  ].filter((notice) => notice.text !== '');
  return (
    <form className="offer-filters" method="get" action={action} aria-label="Filtr ofert">
      <FilterField
        name={OFFER_FILTER_QUERY.amount}
        label="Kwota (zł)"
        min={amount.minZl}
        max={amount.maxZl}
        step={amount.stepZl}
        value={filters.amountZl}
        adjusted={filters.amountAdjusted}
      />
      <FilterField
        name={OFFER_FILTER_QUERY.period}
        label="Okres (dni)"
        min={period.minDays}
        max={period.maxDays}
        step={1}
        value={filters.periodDays}
        adjusted={filters.periodAdjusted}
      />
      <button className="button" type="submit">
        {submitText}
      </button>
      {notices.length > 0 && (
        <div className="notice offer-filters__notice" role="status">
          {notices.map((notice) => (
            <p id={`${notice.name}_uwaga`} key={notice.name}>
              {notice.text}
            </p>
          ))}
        </div>
      )}
    </form>
  );
}

import { FieldError, fieldControl } from '../../app/components/form-field';
import { islandMarker } from '../../app/island-marker';
import { useRenderContext } from '../../app/render-context';
import { CONVERTER_QUERY } from './converter-query';
import { converterView } from './converter.view-model';
import { type ConverterForm } from './currency-converter-data';

function CurrencySelect({
  id,
  name,
  label,
  form,
  selected,
  error,
}: {
  id: string;
  name: string;
  label: string;
  form: ConverterForm;
  selected: string;
  error?: string;
}) {
  return (
    <div className="converter__field">
      <label htmlFor={id}>{label}</label>
      <select {...fieldControl(id, error)} name={name} defaultValue={selected}>
        {form.currencies.map((currency) => (
          <option
            key={currency.code}
            value={currency.code}
            data-mid={currency.mid}
            data-table={currency.table}
          >
            {currency.label}
          </option>
        ))}
      </select>
      <FieldError id={id} name={name} error={error} />
    </div>
  );
}

/**
 * The currency converter: a GET form that works without JavaScript (the server converts what the
 * address carries) and, with it, converts as the visitor types (the currency-converter island,
 * same rules). The rates and their tables ride on the options and the form's data attribute.
 */
export function CurrencyConverter({
  form,
  idPrefix = 'przelicznik',
}: {
  form: ConverterForm;
  idPrefix?: string;
}) {
  const { formState } = useRenderContext();
  const view = converterView(form, formState?.values);
  const amountId = `${idPrefix}-kwota`;
  return (
    <form
      className="converter"
      method="get"
      action={`${form.action}#${idPrefix}`}
      id={idPrefix}
      aria-label="Kalkulator walutowy"
      data-tables={JSON.stringify(form.tables)}
      {...islandMarker('currency-converter')}
    >
      <div className="converter__fields">
        <div className="converter__field">
          <label htmlFor={amountId}>Kwota</label>
          <input
            {...fieldControl(amountId, view.errors.amount)}
            name={CONVERTER_QUERY.amount}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={32}
            defaultValue={view.amountText}
          />
          <FieldError id={amountId} name={CONVERTER_QUERY.amount} error={view.errors.amount} />
        </div>
        <CurrencySelect
          id={`${idPrefix}-z`}
          name={CONVERTER_QUERY.from}
          label="Z waluty"
          form={form}
          selected={view.from}
          error={view.errors.from}
        />
        <CurrencySelect
          id={`${idPrefix}-na`}
          name={CONVERTER_QUERY.to}
          label="Na walutę"
          form={form}
          selected={view.to}
          error={view.errors.to}
        />
        <button className="button converter__submit" type="submit">
          Przelicz
        </button>
      </div>
      <div className="converter__result" aria-live="polite" data-result="">
        <p className="converter__headline" data-headline="">
          {view.headline}
        </p>
        <p className="converter__sentence" data-sentence="">
          {view.sentence}
        </p>
        <p className="converter__rate">
          <span data-rate="">{view.rate}</span>
          {view.source !== '' && ' '}
          <span data-source="">{view.source === '' ? '' : `(${view.source})`}</span>
        </p>
      </div>
    </form>
  );
}

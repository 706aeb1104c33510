/**
 * The currency converter's island (marker: islandMarker('currency-converter') in
 * converter-form.tsx): converts as the visitor types or picks a currency, with the same
 * converterView() the server rendered the form with; the address follows the form
 * (history.replaceState), so a copied link shows the same result without JavaScript.
 */
import { CONVERTER_QUERY } from './converter-query';
import { converterView } from './converter.view-model';
import { type ConverterCurrency, type TableRef } from './currency-converter-data';

const attached = new WeakSet<HTMLElement>();

function setText(element: Element | null, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function readCurrencies(select: HTMLSelectElement): ConverterCurrency[] {
  return [...select.options].map((option) => ({
    code: option.value,
    label: option.text,
    mid: option.dataset['mid'] ?? '',
    table: Number(option.dataset['table'] ?? -1),
  }));
}

function readTables(form: HTMLElement): TableRef[] {
  try {
    const tables = JSON.parse(form.dataset['tables'] ?? '[]') as TableRef[];
    return Array.isArray(tables) ? tables : [];
  } catch {
    return [];
  }
}

export function mount(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement) || attached.has(form)) return;
  const amount = form.elements.namedItem(CONVERTER_QUERY.amount);
  const from = form.elements.namedItem(CONVERTER_QUERY.from);
  const to = form.elements.namedItem(CONVERTER_QUERY.to);
  if (
    !(amount instanceof HTMLInputElement) ||
    !(from instanceof HTMLSelectElement) ||
    !(to instanceof HTMLSelectElement)
  )
    return;
  attached.add(form);
  const currencies = readCurrencies(from);
  const tables = readTables(form);
  const error = form.querySelector(`[data-error-for="${CONVERTER_QUERY.amount}"]`);

  const update = (): void => {
    const view = converterView(
      { currencies, tables, from: from.value, to: to.value },
      {
        [CONVERTER_QUERY.amount]: amount.value,
        [CONVERTER_QUERY.from]: from.value,
        [CONVERTER_QUERY.to]: to.value,
      },
    );
    setText(error, view.errors.amount ?? '');
    if (view.errors.amount) amount.setAttribute('aria-invalid', 'true');
    else amount.removeAttribute('aria-invalid');
    setText(form.querySelector('[data-headline]'), view.headline);
    setText(form.querySelector('[data-sentence]'), view.sentence);
    setText(form.querySelector('[data-rate]'), view.rate);
    setText(form.querySelector('[data-source]'), view.source === '' ? '' : `(${view.source})`);
  };

  const remember = (): void => {
    const url = new URL(location.href);
    url.searchParams.set(CONVERTER_QUERY.amount, amount.value);
    url.searchParams.set(CONVERTER_QUERY.from, from.value);
    url.searchParams.set(CONVERTER_QUERY.to, to.value);
    history.replaceState(history.state, '', url.href);
  };

  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
    remember();
  });
  form.dataset['live'] = 'true';
  update();
}

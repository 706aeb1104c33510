/**
 * The loan calculator's island (marker: islandMarker('loan-calculator') on the form in
 * loan-calculator-page.tsx): as the visitor types, it runs the page's own calculatorView() on the
 * form's values and rewrites the result, the caps check, the field messages and the schedule, and
 * puts the values into the address so it can be shared. Without JavaScript the form is a GET to the
 * same page, which the server answers with the same figures.
 */
import { type IslandContext } from '../../app/island-marker';
import {
  CALCULATOR_FIELDS,
  CALCULATOR_PATH,
  CALCULATOR_QUERY,
  type CalculatorValues,
  calculatorView,
  capClass,
} from './calculator.view-model';

const attached = new WeakSet<HTMLElement>();

function setText(element: Element | null | undefined, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function readValues(form: HTMLFormElement): CalculatorValues {
  const data = new FormData(form);
  const values = {} as CalculatorValues;
  for (const field of CALCULATOR_FIELDS) {
    const value = data.get(CALCULATOR_QUERY[field]);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

function renderRows(body: HTMLTableSectionElement, rows: readonly (readonly string[])[]): void {
  const document = body.ownerDocument;
  const fragment = document.createDocumentFragment();
  for (const row of rows) {
    const tr = document.createElement('tr');
    row.forEach((cell, index) => {
      const element = document.createElement(index === 0 ? 'th' : 'td');
      if (index === 0) element.setAttribute('scope', 'row');
      element.textContent = cell;
      tr.append(element);
    });
    fragment.append(tr);
  }
  body.replaceChildren(fragment);
}

export function mount(form: HTMLElement, { locale, today }: IslandContext): void {
  if (!(form instanceof HTMLFormElement)) return;
  const page = form.closest('.loan-calc') ?? form.ownerDocument;
  const update = (shareAddress: boolean): void => {
    const view = calculatorView(locale, today, readValues(form));
    for (const field of CALCULATOR_FIELDS) {
      const message = view.errors[field] ?? '';
      setText(form.querySelector(`[data-error-for="${field}"]`), message);
      for (const input of form.querySelectorAll<HTMLInputElement>(
        `input[type="text"][data-field="${field}"]`,
      )) {
        if (message) input.setAttribute('aria-invalid', 'true');
        else input.removeAttribute('aria-invalid');
      }
    }
    const { result } = view;
    page.querySelector<HTMLElement>('[data-result-empty]')?.toggleAttribute('hidden', result !== null);
    page.querySelector<HTMLElement>('[data-result-body]')?.toggleAttribute('hidden', result === null);
    const body = page.querySelector<HTMLTableSectionElement>('tbody[data-schedule]');
    if (!result) {
      if (body) renderRows(body, []);
      return;
    }
    for (const key of [
      'paymentLabel',
      'payment',
      'amount',
      'interest',
      'commission',
      'cost',
      'total',
      'rrso',
      'capsSource',
    ] as const) {
      setText(page.querySelector(`[data-result="${key}"]`), result[key]);
    }
    result.caps.forEach((cap, index) => {
      const item = page.querySelector<HTMLElement>(`[data-cap="${index}"]`);
      if (!item) return;
      setText(item, cap.text);
      item.dataset['capOk'] = cap.ok ? 'true' : 'false';
      item.dataset['capApplies'] = cap.applies ? 'true' : 'false';
      const className = capClass(cap);
      if (item.className !== className) item.className = className;
    });
    if (body) renderRows(body, result.rows);
    const href = `${CALCULATOR_PATH}${view.shareQuery}`;
    page.querySelector('a[data-share]')?.setAttribute('href', href);
    // The address follows the form, so copying it shares this result (replaceState: no history entry per key).
    if (
      shareAddress &&
      window.location.pathname === CALCULATOR_PATH &&
      `${window.location.pathname}${window.location.search}` !== href
    ) {
      window.history.replaceState(window.history.state, '', href);
    }
  };
  // Also on mount: the browser may have restored typed values the server did not render.
  update(false);
  if (attached.has(form)) return;
  attached.add(form);
  form.addEventListener('input', () => update(true));
  form.addEventListener('change', () => update(true));
  // Live already: sending the form would only reload the same figures.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update(true);
  });
}

/**
 * The loan sliders' island (marker: islandMarker('loan-sliders') on the form in loan-sliders.tsx):
 * as the sliders move it rewrites their labels, the period sent with the form and the application
 * link from the same loanSlidersView() the component rendered them with, and, once they rest, asks
 * GET /api/loan-example for the best-ranked offer's representative example at their values and
 * shows it. While that answer is on its way the previous example stays, labelled with its own
 * amount and period; a failed answer hides it and says so, so no example is left under values it
 * does not belong to.
 */
import { type LoanSliderScale } from '@lib/finance';
import { type IslandContext } from '../../app/island-marker';
import { type LoanExampleAnswer, type LoanExampleView } from './loan-example-endpoint';
import { loanSlidersView } from './loan-sliders.view-model';

const attached = new WeakSet<HTMLElement>();
/** How long the sliders must rest before the example is asked for (a drag is one request). */
const SETTLE_MS = 300;

/** Rewrites an element's text, keeping its one text node (the node React rendered) when it has one. */
function setText(element: Element | null | undefined, text: string): void {
  if (!element || element.textContent === text) return;
  const node = element.firstChild;
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) node.nodeValue = text;
  else element.textContent = text;
}

function describeSlider(slider: HTMLInputElement, text: string): void {
  setText(slider.labels?.[0]?.querySelector('output'), text);
  if (slider.getAttribute('aria-valuetext') !== text) slider.setAttribute('aria-valuetext', text);
}

/** The sliders' scale as the component drew it (the range's ends, the step, the period's positions). */
function scaleOf(amount: HTMLInputElement, period: HTMLInputElement): LoanSliderScale | null {
  const stops = (period.dataset.stops ?? '').split(',').map(Number);
  const [min, max, step] = [amount.min, amount.max, amount.step].map(Number);
  if (stops.length === 0 || stops.some((days) => !Number.isInteger(days) || days <= 0)) return null;
  if (![min, max, step].every((value) => Number.isFinite(value) && value! > 0)) return null;
  return { amount: { minZl: min!, maxZl: max!, stepZl: step! }, periodStops: stops };
}

/** Shows one example (or, for null, that none fits; for 'failed', that none could be read). */
function showExample(block: Element | null, answer: LoanExampleView | null | 'failed'): void {
  if (!block) return;
  const part = (name: string) => block.querySelector<HTMLElement>(`[data-example="${name}"]`);
  const toggle = (name: string, hidden: boolean) => {
    const element = part(name);
    if (element && element.hidden !== hidden) element.hidden = hidden;
  };
  const example = answer === 'failed' ? null : answer;
  toggle('body', example === null);
  toggle('none', answer !== null);
  toggle('unavailable', answer !== 'failed');
  block.removeAttribute('aria-busy');
  if (!example) return;
  setText(part('request'), example.request);
  setText(part('lender'), example.lender);
  setText(part('not-a-lender'), example.notALenderLabel ? ` (${example.notALenderLabel})` : '');
  setText(part('position'), `${example.position}.`);
  for (const row of example.rows) setText(block.querySelector(`[data-example-row="${row.key}"]`), row.value);
  setText(part('note'), example.note);
  toggle('note', example.note === '');
  toggle('sample', !example.sample);
  setText(part('as-of'), example.asOf);
  toggle('source', example.sample || example.asOf === '');
}

export function mount(form: HTMLElement, { locale }: IslandContext): void {
  const amount = form.querySelector<HTMLInputElement>('input[data-slider="amount"]');
  const period = form.querySelector<HTMLInputElement>('input[data-slider="period"]');
  if (!amount || !period) return;
  const scale = scaleOf(amount, period);
  if (!scale) return;
  const block = form.querySelector('[data-loan-example]');
  // What the example block shows: at first the server's, drawn for the values the page arrived with.
  let shown = loanSlidersView(
    locale,
    scale,
    Number(amount.defaultValue),
    Number(period.defaultValue),
  ).exampleAddress;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const askExample = (address: string): void => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    block?.setAttribute('aria-busy', 'true');
    fetch(address, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`loan example: HTTP ${response.status}`);
        return ((await response.json()) as LoanExampleAnswer).example;
      })
      .then(
        (example) => {
          if (controller.signal.aborted) return;
          shown = address;
          showExample(block, example);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          shown = '';
          showExample(block, 'failed');
          console.warn('Nie udało się pobrać przykładu kosztu', error);
        },
      );
  };

  const update = (): void => {
    const view = loanSlidersView(locale, scale, Number(amount.value), Number(period.value));
    describeSlider(amount, view.amountText);
    describeSlider(period, view.periodText);
    const days = form.querySelector<HTMLInputElement>('input[type="hidden"][name="period"]');
    if (days) days.value = String(view.periodDays);
    const apply = form.querySelector<HTMLAnchorElement>('a[data-apply]');
    const purpose = form.querySelector<HTMLSelectElement>('select[data-purpose]')?.value ?? '';
    // The registration form version of the address (`ver`, '2' or '3') goes on to the application.
    const version = new URLSearchParams(location.search).get('ver');
    const extra = `${purpose ? `&purpose=${encodeURIComponent(purpose)}` : ''}${version === '2' || version === '3' ? `&ver=${version}` : ''}`;
    apply?.setAttribute('href', `${form.getAttribute('action') ?? ''}${view.applyQuery}${extra}`);
    if (view.exampleAddress === shown) return;
    clearTimeout(timer);
    timer = setTimeout(() => askExample(view.exampleAddress), SETTLE_MS);
  };
  // Also on a second mount (React kept the form across a navigation, or the browser restored the
  // sliders' positions): what the calculator shows always follows the sliders.
  update();
  if (attached.has(form)) return;
  attached.add(form);
  form.addEventListener('input', update);
  form.addEventListener('change', update);
}

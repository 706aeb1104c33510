/**
 * The home page's loan sliders island (marker: islandMarker('loan-sliders') on the form in
 * loan-sliders.tsx): as the sliders move it rewrites the sliders' labels, the example cost
 * indicators, the period sent with the form and the application link, from the same
 * loanSlidersView() the component rendered them with.
 */
import { type IslandContext } from '../../app/island-marker';
import { loanSlidersView } from './loan-sliders.view-model';

const attached = new WeakSet<HTMLElement>();

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

export function mount(form: HTMLElement, { locale, today }: IslandContext): void {
  const amount = form.querySelector<HTMLInputElement>('input[data-slider="amount"]');
  const period = form.querySelector<HTMLInputElement>('input[data-slider="period"]');
  if (!amount || !period) return;
  const update = (): void => {
    const view = loanSlidersView(locale, today, Number(amount.value), Number(period.value));
    describeSlider(amount, view.amountText);
    describeSlider(period, view.periodText);
    const days = form.querySelector<HTMLInputElement>('input[type="hidden"][name="period"]');
    if (days) days.value = String(view.periodDays);
    for (const [name, text] of Object.entries(view.indicators))
      setText(form.querySelector(`[data-indicator="${name}"]`), text);
    const apply = form.querySelector<HTMLAnchorElement>('a[data-apply]');
    const purpose = form.querySelector<HTMLSelectElement>('select[data-purpose]')?.value ?? '';
    // The registration form version of the address (`ver`, '2' or '3') goes on to the application.
    const version = new URLSearchParams(location.search).get('ver');
    const extra = `${purpose ? `&purpose=${encodeURIComponent(purpose)}` : ''}${version === '2' || version === '3' ? `&ver=${version}` : ''}`;
    apply?.setAttribute('href', `${form.getAttribute('action') ?? ''}${view.applyQuery}${extra}`);
  };
  // Also on a second mount (React kept the form across a navigation, or the browser restored the
  // sliders' positions): what the calculator shows always follows the sliders.
  update();
  if (attached.has(form)) return;
  attached.add(form);
  form.addEventListener('input', update);
  form.addEventListener('change', update);
}

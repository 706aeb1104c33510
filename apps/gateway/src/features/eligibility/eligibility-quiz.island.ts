/**
 * The eligibility quiz's island (marker: islandMarker('eligibility-quiz') on the form in
 * eligibility-page.tsx): as the visitor answers, it runs the page's own eligibilityView() on the
 * form's answers and rewrites the estimate and its reason, the per-question rows and hints, and puts the answers
 * into the address so it can be shared. Without JavaScript the form is a GET to the same page,
 * which the server answers with the same result.
 */
import { type IslandContext } from '../../app/island-marker';
import {
  ELIGIBILITY_KEYS,
  ELIGIBILITY_PATH,
  ELIGIBILITY_QUERY,
  type EligibilityValues,
  eligibilityView,
} from './eligibility.view-model';

const attached = new WeakSet<HTMLElement>();

function setText(element: Element | null | undefined, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function readValues(form: HTMLFormElement, touched: Set<string>): EligibilityValues {
  const data = new FormData(form);
  const values = {} as EligibilityValues;
  for (const key of ELIGIBILITY_KEYS) {
    const value = data.get(ELIGIBILITY_QUERY[key]);
    // An unanswered question gets its hint only once the visitor has sent the form.
    values[key] = typeof value === 'string' ? value : touched.has('submit') ? '' : null;
  }
  return values;
}

export function mount(form: HTMLElement, _context: IslandContext): void {
  if (!(form instanceof HTMLFormElement)) return;
  const page = form.closest('.eligibility') ?? form.ownerDocument;
  const touched = new Set<string>();
  const update = (shareAddress: boolean): void => {
    const view = eligibilityView(readValues(form, touched));
    for (const question of view.questions) {
      // A hint the server rendered for a bad address stays until that question is answered; a new
      // one appears only when the form is sent, not while the visitor is still answering.
      const hint = form.querySelector(`[data-error-for="${question.key}"]`);
      if (question.answer !== null || touched.has('submit')) setText(hint, question.hint);
      setText(page.querySelector(`[data-item-status="${question.key}"]`), question.status);
      const row = page.querySelector<HTMLElement>(`[data-item="${question.key}"]`);
      if (row) row.dataset['met'] = question.met ? 'true' : 'false';
    }
    setText(page.querySelector('[data-result="estimate"]'), view.estimate);
    setText(page.querySelector('[data-result="reason"]'), view.reason);
    page.querySelector<HTMLElement>('[data-result-incomplete]')?.toggleAttribute('hidden', view.complete);
    const href = `${ELIGIBILITY_PATH}${view.shareQuery}`;
    page.querySelector('a[data-share]')?.setAttribute('href', href);
    // The address follows the answers, so copying it shares this result (no history entry per click).
    if (
      shareAddress &&
      window.location.pathname === ELIGIBILITY_PATH &&
      `${window.location.pathname}${window.location.search}` !== href
    ) {
      window.history.replaceState(window.history.state, '', href);
    }
  };
  // Also on mount: the browser may have restored answers the server did not render.
  update(false);
  if (attached.has(form)) return;
  attached.add(form);
  form.addEventListener('change', () => update(true));
  // Live already: sending the form only marks what is still unanswered.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    touched.add('submit');
    update(true);
  });
}

/**
 * The application form's island (marker: islandMarker('application-form') on each step's form in
 * application-page.tsx). The form is a plain POST that works without it; with it:
 * - the registration form version: `ver` ('2' or '3') from the address is kept in session storage
 *   `reg_version`, and a form without one takes it from there;
 * - the last step gets a fresh idempotency key at mount if it has none (the page draws one too),
 *   so a double click or a resend is one submission and makes one lead;
 * - on the first touch of the form, its checks and masks load (application-form.checks.ts, the
 *   @lib/pl-validation schemas: kept out of the first load) and check each field as it is left.
 * Nothing here imports the validation library, so the first load carries none of it.
 */
import { type IslandContext } from '../../app/island-marker';

export const REG_VERSION_KEY = 'reg_version';
/** The registration form versions `ver` may name (parseRegistrationFormVersion's, without its library). */
const isFormVersion = (value: string | null | undefined): value is '2' | '3' =>
  value === '2' || value === '3';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** `ver` from the address into session storage; a form without a version takes the stored one. */
function syncVersion(form: HTMLElement): void {
  const store = sessionStore();
  const fromAddress = new URLSearchParams(location.search).get('ver');
  try {
    if (isFormVersion(fromAddress)) store?.setItem(REG_VERSION_KEY, fromAddress);
  } catch {
    /* storage full or disabled: the hidden field still carries the address's version */
  }
  const hidden = form.querySelector<HTMLInputElement>('input[data-version]');
  if (!hidden || hidden.value !== '') return;
  const stored = store?.getItem(REG_VERSION_KEY);
  if (isFormVersion(stored)) hidden.value = stored;
}

const attached = new WeakSet<HTMLElement>();

export function mount(form: HTMLElement, { today }: IslandContext): void {
  syncVersion(form);
  const key = form.querySelector<HTMLInputElement>('input[data-idempotency-key]');
  if (key && key.value === '' && typeof crypto.randomUUID === 'function') key.value = crypto.randomUUID();
  if (attached.has(form)) return;
  attached.add(form);
  const load = () => {
    form.removeEventListener('focusin', load);
    form.removeEventListener('pointerdown', load);
    import('./application-form.checks').then(
      (checks) => checks.enhance(form, today),
      (error: unknown) =>
        console.warn('Nie udało się wczytać sprawdzania formularza (wniosek sprawdzimy po wysłaniu)', error),
    );
  };
  form.addEventListener('focusin', load);
  form.addEventListener('pointerdown', load);
}

/**
 * The visitors' forms without a reload (the `lead-form` island, marked by app/components/lead-form):
 * /kontakt/, /wspolpraca/ and /unsubscribe/. The form is posted to its own address with
 * `Accept: application/json`; the answer's field errors appear next to the fields, and a stored
 * form is confirmed in a dialog (the confirmation popup) and cleared. Without this script the same
 * post answers 303 to the confirmation page, or the page again with the errors.
 *
 * Exactly once: the hidden idempotency key goes with every post of one submission (a retry after a
 * timeout or an outage sends the same key and the leads service stores it once); a new key is made
 * only after a success. The CSRF token comes with the page drawn for this visitor; a page shown by
 * client-side navigation (drawn without one) or a token refused as expired gets a fresh one by
 * asking for the form page again.
 */
import { uuidV4 } from '../../shared/visit-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const TEXTS = {
  sending: 'Wysyłamy…',
  network:
    'Brak połączenia z serwerem. Sprawdź internet i wyślij formularz ponownie – nie zapiszemy go dwa razy.',
  failed: 'Nie udało się wysłać formularza. Spróbuj ponownie za chwilę.',
  close: 'Zamknij',
  title: 'Dziękujemy!',
} as const;

interface Answer {
  message?: unknown;
  error?: { message?: unknown; fields?: unknown };
}

const part = <T extends Element>(form: HTMLFormElement, selector: string) => form.querySelector<T>(selector);

/** A fresh CSRF token: the form page drawn for this visitor again (it also sets the form cookie when missing). */
async function freshToken(form: HTMLFormElement): Promise<string> {
  const response = await fetch(form.action, {
    headers: { accept: 'text/html' },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const html = new DOMParser().parseFromString(await response.text(), 'text/html');
  return html.querySelector<HTMLInputElement>(`form[id="${form.id}"] [data-csrf-token]`)?.value ?? '';
}

function clearErrors(form: HTMLFormElement): void {
  for (const slot of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
    slot.textContent = '';
    (form.elements.namedItem(slot.dataset['errorFor'] ?? '') as HTMLElement | null)?.removeAttribute(
      'aria-invalid',
    );
  }
  const message = part<HTMLElement>(form, '[data-form-message]');
  if (message) message.textContent = '';
}

function showErrors(form: HTMLFormElement, message: string, fields: Record<string, unknown>): void {
  let first: HTMLElement | null = null;
  for (const [name, text] of Object.entries(fields)) {
    if (typeof text !== 'string') continue;
    const slot = part<HTMLElement>(form, `[data-error-for="${CSS.escape(name)}"]`);
    if (slot) slot.textContent = text;
    const input = form.elements.namedItem(name) as HTMLElement | null;
    input?.setAttribute('aria-invalid', 'true');
    first ??= input;
  }
  const slot = part<HTMLElement>(form, '[data-form-message]');
  if (slot) slot.textContent = message;
  (first ?? slot)?.focus?.();
}

/** The confirmation popup: a modal dialog with the answer's message; closing it leaves the cleared form. */
function showConfirmation(form: HTMLFormElement, message: string): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'lead-form__dialog';
  dialog.setAttribute('aria-labelledby', `${form.id}-potwierdzenie`);
  const title = document.createElement('h2');
  title.id = `${form.id}-potwierdzenie`;
  title.textContent = TEXTS.title;
  const text = document.createElement('p');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'button';
  close.textContent = TEXTS.close;
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  dialog.append(title, text, close);
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}

async function send(form: HTMLFormElement, button: HTMLButtonElement | null): Promise<void> {
  const key = part<HTMLInputElement>(form, '[data-idempotency-key]');
  const token = part<HTMLInputElement>(form, '[data-csrf-token]');
  if (key && !UUID_V4.test(key.value)) key.value = uuidV4();
  clearErrors(form);
  if (button) button.disabled = true;
  const message = part<HTMLElement>(form, '[data-form-message]');
  try {
    if (token && !token.value) token.value = await freshToken(form);
    const post = () =>
      fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        credentials: 'same-origin',
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString(),
      });
    let response = await post();
    if (response.status === 403 && token) {
      // An expired token (a page left open for hours): one more try with a fresh one.
      token.value = await freshToken(form);
      response = await post();
    }
    const answer = (await response.json().catch(() => ({}))) as Answer;
    if (response.ok) {
      form.reset();
      if (key) key.value = '';
      showConfirmation(form, typeof answer.message === 'string' ? answer.message : '');
      return;
    }
    const fields =
      typeof answer.error?.fields === 'object' && answer.error.fields !== null
        ? (answer.error.fields as Record<string, unknown>)
        : {};
    showErrors(form, typeof answer.error?.message === 'string' ? answer.error.message : TEXTS.failed, fields);
  } catch {
    if (message) message.textContent = TEXTS.network;
  } finally {
    if (button) button.disabled = false;
  }
}

export function mount(element: HTMLElement): void {
  if (!(element instanceof HTMLFormElement) || element.dataset['leadFormBound'] === '1') return;
  const form = element;
  form.dataset['leadFormBound'] = '1';
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = part<HTMLButtonElement>(form, '[data-form-submit]');
    if (button?.disabled) return;
    send(form, button).catch(() => undefined);
  });
}

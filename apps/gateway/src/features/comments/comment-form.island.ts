/**
 * The comment form without a reload (the `comment-form` island, marked on the form): posts JSON to
 * /api/comments and shows the answer in place (moderation notice, field errors, limit or outage).
 * Loaded only on pages with a comment form; without it the form still works as a plain POST.
 * Listeners are delegated to the document, so forms drawn later by client-side navigation work too.
 */
import { visitId } from '../../client/visit-id';
import { COMMENT_TEXTS, COMMENTS_ENDPOINT, FIELD, VISIBLE_FIELDS, type VisibleField, isVisibleField } from './comment-texts';

const FORM_SELECTOR = 'form[data-comment-form]';

interface ErrorAnswer {
  error?: { message?: unknown; fields?: unknown };
}

function part<T extends Element>(form: HTMLFormElement, selector: string): T | null {
  return form.querySelector<T>(selector);
}

function setFieldError(form: HTMLFormElement, field: VisibleField, message: string): void {
  const slot = part<HTMLElement>(form, `[data-error-for="${field}"]`);
  if (slot) slot.textContent = message;
  const target = field === FIELD.rating ? part<HTMLElement>(form, '[data-rating-field]') : (form.elements.namedItem(field) as HTMLElement | null);
  if (message) target?.setAttribute('aria-invalid', 'true');
  else target?.removeAttribute('aria-invalid');
}

function clearMessages(form: HTMLFormElement): void {
  for (const field of VISIBLE_FIELDS) setFieldError(form, field, '');
  const message = part<HTMLElement>(form, '[data-comment-message]');
  const status = part<HTMLElement>(form, '[data-comment-status]');
  if (message) message.textContent = '';
  if (status) status.textContent = '';
}

function showMessage(form: HTMLFormElement, text: string): void {
  const message = part<HTMLElement>(form, '[data-comment-message]');
  if (message) message.textContent = text;
}

/** Switches the form between a top-level comment (with a rating) and a reply (without). */
function setReplyTarget(form: HTMLFormElement, id: string, name: string): void {
  const input = part<HTMLInputElement>(form, '[data-reply-input]');
  const notice = part<HTMLElement>(form, '[data-reply-notice]');
  const rating = part<HTMLFieldSetElement>(form, '[data-rating-field]');
  if (input) input.value = id;
  if (notice) {
    notice.hidden = id === '';
    const label = notice.querySelector('[data-reply-text]');
    if (label) label.textContent = name ? `Odpowiadasz na komentarz: ${name}.` : 'Odpowiadasz na komentarz.';
  }
  if (rating) {
    // A disabled fieldset's radios are neither required nor sent: replies carry no rating.
    rating.disabled = id !== '';
    rating.hidden = id !== '';
  }
}

function bodyOf(form: HTMLFormElement): Record<string, string> {
  const body: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') body[key] = value;
  });
  const session = visitId();
  if (session) body[FIELD.sessionId] = session;
  return body;
}

function showErrors(form: HTMLFormElement, answer: ErrorAnswer, fallback: string): void {
  const fields = answer.error?.fields;
  let first: VisibleField | null = null;
  if (typeof fields === 'object' && fields !== null) {
    for (const [field, message] of Object.entries(fields)) {
      if (!isVisibleField(field) || typeof message !== 'string') continue;
      setFieldError(form, field, message);
      first ??= field;
    }
  }
  showMessage(form, typeof answer.error?.message === 'string' ? answer.error.message : fallback);
  if (first) {
    const target = first === FIELD.rating ? part<HTMLInputElement>(form, 'input[name="rating"]') : (form.elements.namedItem(first) as HTMLElement | null);
    target?.focus();
  }
}

async function submit(form: HTMLFormElement): Promise<void> {
  const button = part<HTMLButtonElement>(form, '[data-comment-submit]');
  const label = button?.textContent ?? '';
  clearMessages(form);
  if (button) {
    button.disabled = true;
    button.textContent = COMMENT_TEXTS.sending;
  }
  try {
    let response: Response;
    try {
      response = await fetch(COMMENTS_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(bodyOf(form)),
        credentials: 'same-origin',
      });
    } catch {
      showMessage(form, COMMENT_TEXTS.offline);
      return;
    }
    const answer = (await response.json().catch(() => ({}))) as ErrorAnswer & { message?: unknown };
    if (response.ok) {
      form.reset();
      setReplyTarget(form, '', '');
      const status = part<HTMLElement>(form, '[data-comment-status]');
      if (status) {
        status.textContent = typeof answer.message === 'string' ? answer.message : COMMENT_TEXTS.pending;
        status.scrollIntoView({ block: 'nearest' });
      }
      return;
    }
    const fallback = response.status === 429 ? COMMENT_TEXTS.rateLimited : response.status >= 500 ? COMMENT_TEXTS.unavailable : COMMENT_TEXTS.fixFields;
    showErrors(form, answer, fallback);
  } finally {
    if (button) {
      button.disabled = false;
      button.textContent = label;
    }
  }
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches(FORM_SELECTOR)) return;
  event.preventDefault();
  void submit(form);
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const target = event.target as Element | null;
  const reply = target?.closest?.<HTMLAnchorElement>('a[data-reply-to]');
  const cancel = target?.closest?.<HTMLAnchorElement>('a[data-reply-cancel]');
  const form = (reply ?? cancel)?.closest('.comments')?.querySelector<HTMLFormElement>(FORM_SELECTOR);
  if (!form) return;
  event.preventDefault();
  if (reply) {
    setReplyTarget(form, reply.dataset.replyTo ?? '', reply.dataset.replyName ?? '');
    part<HTMLTextAreaElement>(form, 'textarea')?.focus();
  } else {
    setReplyTarget(form, '', '');
  }
}

let installed = false;

/** Turns every comment form (now and later) into an in-place one; safe to call repeatedly. */
export function mount(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('submit', onSubmit);
  document.addEventListener('click', onClick);
}

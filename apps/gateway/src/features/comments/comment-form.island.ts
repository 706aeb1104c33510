/**
 * The comment form without a reload (the `comment-form` island, marked on the form): posts JSON to
 * /api/comments and shows the answer in place (moderation notice, field errors, limit or outage).
 * Loaded only on pages with a comment form; without it the form still works as a plain POST.
 * Listeners are delegated to the document, so forms drawn later by client-side navigation work too.
 *
 * Exactly once: the form's hidden idempotency key goes with every post of one submission (a retry
 * after a timeout, a lost connection or an error answer sends the same key, so the comment is never
 * stored twice); a new key is made only after a success, for the next comment.
 */
import { visitId } from '../../shared/visit-id';
import {
  COMMENT_TEXTS,
  COMMENTS_ENDPOINT,
  FIELD,
  VISIBLE_FIELDS,
  type VisibleField,
  isVisibleField,
} from './comment-texts';

const FORM_SELECTOR = 'form[data-comment-form]';

interface ErrorAnswer {
  error?: { message?: unknown; fields?: unknown; idempotencyKey?: unknown };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A UUID v4 from the browser's random source (crypto.randomUUID needs a secure context; this does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The submission's key input, holding a UUID v4: the one the gateway drew into the form after an
 * answer, or one made here (the shared page's form carries none).
 */
function keyInput(form: HTMLFormElement): HTMLInputElement | null {
  const input = part<HTMLInputElement>(form, '[data-idempotency-key]');
  if (input && !UUID_V4.test(input.value)) input.value = newKey();
  return input;
}

function part<T extends Element>(form: HTMLFormElement, selector: string): T | null {
  return form.querySelector<T>(selector);
}

function setFieldError(form: HTMLFormElement, field: VisibleField, message: string): void {
  const slot = part<HTMLElement>(form, `[data-error-for="${field}"]`);
  if (slot) slot.textContent = message;
  const target =
    field === FIELD.rating
      ? part<HTMLElement>(form, '[data-rating-field]')
      : (form.elements.namedItem(field) as HTMLElement | null);
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
    const target =
      first === FIELD.rating
        ? part<HTMLInputElement>(form, 'input[name="rating"]')
        : (form.elements.namedItem(first) as HTMLElement | null);
    target?.focus();
  }
}

async function submit(form: HTMLFormElement): Promise<void> {
  const key = keyInput(form);
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
      // The next comment is a new submission; until now every retry kept the same key.
      if (key) key.value = newKey();
      setReplyTarget(form, '', '');
      const status = part<HTMLElement>(form, '[data-comment-status]');
      if (status) {
        status.textContent = typeof answer.message === 'string' ? answer.message : COMMENT_TEXTS.pending;
        status.scrollIntoView({ block: 'nearest' });
      }
      return;
    }
    // The gateway names the key it now goes by when the form's belonged to another comment.
    const answeredKey = answer.error?.idempotencyKey;
    if (key && typeof answeredKey === 'string' && UUID_V4.test(answeredKey)) key.value = answeredKey;
    const fallback =
      response.status === 429
        ? COMMENT_TEXTS.rateLimited
        : response.status >= 500
          ? COMMENT_TEXTS.uncertain
          : COMMENT_TEXTS.fixFields;
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
export function mount(element: Element): void {
  // The shared page's form has no key: this form's submission gets one now, kept until a success.
  if (element instanceof HTMLFormElement) keyInput(element);
  if (installed) return;
  installed = true;
  document.addEventListener('submit', onSubmit);
  document.addEventListener('click', onClick);
}

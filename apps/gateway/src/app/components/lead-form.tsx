import { type ReactNode } from 'react';
import { type FormState } from '../form-state';
import { FieldError, FieldHint, FormField, fieldControl } from './form-field';

/** One field of a visitor's form (contact, partner programme, unsubscribe). */
export interface LeadFormField {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'checkbox';
  maxLength: number;
  required?: boolean;
  autoComplete?: string;
  hint?: string;
}

/** The names the gateway's form handler reads (kit/forms/form-post.ts keeps the same). */
const KEY_FIELD = 'idempotency_key';
const HONEYPOT_FIELD = 'strona_www';
const CSRF_FIELD = 'csrf_token';

/**
 * A form posted to its own page's address: works as a plain HTML form (the server answers 303 to
 * the confirmation, or the page again with the message next to each field and every value kept),
 * and the `lead-form` island sends it with fetch and shows the confirmation in a dialog. The page
 * is the same for everyone (cacheable): values, errors and the key come only from the form state
 * of an answer to a post.
 */
export function LeadForm({
  id,
  action,
  fields,
  submitLabel,
  form,
  island,
  children,
}: {
  id: string;
  action: string;
  fields: readonly LeadFormField[];
  submitLabel: string;
  form: FormState | undefined;
  /** The `lead-form` island's marker, `islandMarker('lead-form')`, spread by the page that draws the form. */
  island: Readonly<Record<string, string>>;
  children?: ReactNode;
}) {
  const values = form?.values ?? {};
  // The page drawn again after a post (every such answer carries a message) shows what was sent.
  const answered = form?.message !== undefined;
  return (
    <form id={id} className="lead-form" method="post" action={action} noValidate {...island}>
      <div className="lead-form__message" role="alert" data-form-message="">
        {form?.message ?? ''}
      </div>
      {/* Empty on the shared page: the island makes the key, or the gateway derives one from the post. */}
      <input type="hidden" name={KEY_FIELD} value={values[KEY_FIELD] ?? ''} data-idempotency-key="" />
      {/* This visitor's CSRF token: the form page is drawn per visitor (no-store); the island fetches one when missing. */}
      <input type="hidden" name={CSRF_FIELD} value={values[CSRF_FIELD] ?? ''} data-csrf-token="" />
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = form?.errors?.[field.name];
        if (field.kind === 'checkbox') {
          const control = fieldControl(inputId, error, field.hint !== undefined);
          return (
            <div className="form-field form-field--checkbox" key={field.name}>
              <label>
                <input
                  type="checkbox"
                  name={field.name}
                  value="tak"
                  // Never ticked for the visitor: ticked only when the post drawn again had it ticked.
                  defaultChecked={answered && values[field.name] === 'tak'}
                  {...control}
                />{' '}
                {field.label}
              </label>
              {field.hint && <FieldHint id={inputId}>{field.hint}</FieldHint>}
              <FieldError id={inputId} name={field.name} error={error} />
            </div>
          );
        }
        return (
          <FormField
            key={field.name}
            id={inputId}
            name={field.name}
            label={field.label}
            optional={!field.required}
            {...(field.hint ? { hint: field.hint } : {})}
            error={error}
          >
            {(control) => {
              const common = {
                ...control,
                name: field.name,
                maxLength: field.maxLength,
                required: field.required,
                autoComplete: field.autoComplete,
                defaultValue: values[field.name] ?? '',
              };
              return field.kind === 'textarea' ? (
                <textarea rows={6} {...common} />
              ) : (
                <input type={field.kind} {...common} />
              );
            }}
          </FormField>
        );
      })}
      <div hidden aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Nie wypełniaj tego pola</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {children}
      <button className="button" type="submit" data-form-submit="">
        {submitLabel}
      </button>
    </form>
  );
}

/** The confirmation that stands in for a form once it was stored (the page a plain post is redirected to). */
export function LeadFormDone({ children }: { children: ReactNode }) {
  return (
    <div className="lead-form__done" role="status">
      {children}
      <p>
        <a href="/">Wróć na stronę główną</a>
      </p>
    </div>
  );
}

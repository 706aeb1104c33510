import { type ReactNode } from 'react';

/**
 * What a field's control carries so that its label, hint and error are found by assistive
 * technology and by the form's island: its id, whether it is invalid, and the ids of its hint and
 * error message.
 */
export interface FieldControl {
  id: string;
  'aria-invalid': 'true' | undefined;
  'aria-describedby': string;
}

/** The ids of a field's hint and error element, from the control's id. */
const hintIdOf = (id: string) => `${id}-opis`;
const errorIdOf = (id: string) => `${id}-blad`;

/** The control's attributes for a field with this id, error and (optional) hint. */
export function fieldControl(id: string, error: string | undefined, withHint = false): FieldControl {
  return {
    id,
    'aria-invalid': error !== undefined ? 'true' : undefined,
    'aria-describedby': [withHint ? hintIdOf(id) : '', errorIdOf(id)].filter(Boolean).join(' '),
  };
}

/**
 * A field's error message element: always present (empty while the field is fine), so the
 * form's island fills it in place (`[data-error-for="<name>"]`) and a plain post's answer shows
 * it next to the field.
 */
export function FieldError({
  id,
  name,
  error,
  live = false,
}: {
  id: string;
  name: string;
  error: string | undefined;
  live?: boolean;
}) {
  return (
    <p className="field-error" id={errorIdOf(id)} data-error-for={name} {...(live ? { role: 'alert' } : {})}>
      {error ?? ''}
    </p>
  );
}

/** A field's hint under its control, pointed at by the control's aria-describedby. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="form-field__hint" id={hintIdOf(id)}>
      {children}
    </p>
  );
}

/**
 * One field of any of the site's forms: label, control, hint and error in the one markup every
 * form and island shares (`.form-field`, `.form-field__hint`, `.field-error[data-error-for]`).
 * The control is drawn by the caller with the attributes it is given.
 */
export function FormField({
  id,
  name,
  label,
  hint,
  error,
  optional = false,
  live = false,
  className,
  children,
}: {
  /** The control's id (unique on the page). */
  id: string;
  /** The field's name in the form (what the island and the server's errors call it). */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  /** Says '(nieobowiązkowe)' after the label. */
  optional?: boolean;
  /** The error is announced as it changes (fields checked as the visitor types). */
  live?: boolean;
  /** Classes besides `form-field`. */
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={id}>
        {label}
        {optional ? ' (nieobowiązkowe)' : ''}
      </label>
      {children(fieldControl(id, error, hint !== undefined))}
      {hint !== undefined && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={id} name={name} error={error} live={live} />
    </div>
  );
}

/**
 * A group of choices (radio buttons) as one field: a fieldset with its legend, described by its
 * error line, in the same markup as FormField.
 */
export function ChoiceField({
  id,
  name,
  legend,
  error,
  live = false,
  className,
  fieldset = {},
  children,
}: {
  id: string;
  name: string;
  legend: ReactNode;
  error: string | undefined;
  live?: boolean;
  className?: string;
  /** Further attributes of the fieldset (data attributes, disabled, hidden). */
  fieldset?: Readonly<Record<string, string | boolean | undefined>>;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={className ? `form-field ${className}` : 'form-field'}
      {...fieldControl(id, error)}
      {...fieldset}
    >
      <legend>{legend}</legend>
      {children}
      <FieldError id={id} name={name} error={error} live={live} />
    </fieldset>
  );
}

/**
 * A form's Polish words for its fields as a service refuses them: per form field, the texts the
 * form may show next to it, its general rule first. A service's field description is written for
 * its callers (often in English) and is never shown as such: it is shown only when it is word for
 * word one of the field's texts here (the same rule, so the visitor learns exactly what to fix);
 * anything else becomes the field's first text.
 */
export type FieldTexts = Readonly<Record<string, readonly [string, ...string[]]>>;

/** The words next to a refused form field; `fallback` for a field the form has no texts for. */
export function fieldTextOf(texts: FieldTexts, field: string, description: string, fallback: string): string {
  const known = Object.prototype.hasOwnProperty.call(texts, field) ? texts[field] : undefined;
  if (!known) return fallback;
  return known.includes(description) ? description : known[0];
}

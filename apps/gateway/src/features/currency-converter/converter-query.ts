import { type FormState } from '../../app/form-state';

/** The converter form's fields as the address carries them: `?kwota=100&z=EUR&na=PLN`. */
export const CONVERTER_QUERY = { amount: 'kwota', from: 'z', to: 'na' } as const;

const MAX_FIELD = 40;

/**
 * The converter's state from a GET address (the form sent without JavaScript): the values as
 * typed, checked and converted when the page renders. The form always sends both currencies;
 * an address without them is not the converter's (another page's `?kwota=`, such as the loan
 * calculator's), and then there is no state, so the page stays shared and cached.
 */
export function converterFormState(query: URLSearchParams): FormState | undefined {
  if (!query.has(CONVERTER_QUERY.from) || !query.has(CONVERTER_QUERY.to)) return undefined;
  const values: Record<string, string> = {};
  for (const name of Object.values(CONVERTER_QUERY)) {
    const value = query.get(name);
    if (value !== null) values[name] = value.slice(0, MAX_FIELD);
  }
  return { values };
}

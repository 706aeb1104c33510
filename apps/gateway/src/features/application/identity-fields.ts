/**
 * Which identity fields step 3 shows (browser-safe: the page component uses it): the ones the
 * delivery preview asks, in form order, and any the server refused, so its message is never hidden.
 */
import { type IdentityField } from '@lib/pl-validation';
import { type DeliveryPreviewView } from './application-data';
import { FORM_FIELDS } from './journey-fields';

/** The identity fields in the order the form shows them. */
export const IDENTITY_ORDER: readonly IdentityField[] = ['pesel', 'idCard', 'bankAccount'];

export function shownIdentityFields(
  delivery: Pick<DeliveryPreviewView, 'asked'>,
  errors: Readonly<Record<string, string>>,
): IdentityField[] {
  return IDENTITY_ORDER.filter(
    (field) => delivery.asked.includes(field) || errors[FORM_FIELDS[field]] !== undefined,
  );
}

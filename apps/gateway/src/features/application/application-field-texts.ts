import { APPLICATION_MESSAGES, CONSENTS, HIDDEN_CHARACTERS_MESSAGE } from '@lib/pl-validation';
import { type FieldTexts } from '../../kit/forms/field-texts';
import { FORM_FIELDS, consentField } from './journey-fields';

/**
 * The words next to a journey field the leads service refused: the rules of @lib/pl-validation,
 * which the service checks word for word (the journey's own checks show the same ones), each
 * field's general rule first.
 */
export const APPLICATION_FIELD_TEXTS: FieldTexts = {
  [FORM_FIELDS.amount]: [APPLICATION_MESSAGES.amount],
  [FORM_FIELDS.periodDays]: [APPLICATION_MESSAGES.periodDays],
  [FORM_FIELDS.purpose]: [APPLICATION_MESSAGES.purpose],
  [FORM_FIELDS.firstName]: [APPLICATION_MESSAGES.firstName, HIDDEN_CHARACTERS_MESSAGE],
  [FORM_FIELDS.lastName]: [APPLICATION_MESSAGES.lastName, HIDDEN_CHARACTERS_MESSAGE],
  [FORM_FIELDS.email]: [APPLICATION_MESSAGES.email],
  [FORM_FIELDS.phone]: [APPLICATION_MESSAGES.phone],
  // The age message names the ages of the day (applicantAgeMessage): application.api.ts lets it through.
  [FORM_FIELDS.pesel]: [APPLICATION_MESSAGES.pesel],
  [FORM_FIELDS.idCard]: [APPLICATION_MESSAGES.idCard],
  [FORM_FIELDS.bankAccount]: [APPLICATION_MESSAGES.bankAccount],
  [FORM_FIELDS.incomeSource]: [APPLICATION_MESSAGES.incomeSource],
  ...Object.fromEntries(
    CONSENTS.map((consent) => [
      consentField(consent.key),
      [APPLICATION_MESSAGES.consentRequired, APPLICATION_MESSAGES.consentVersion],
    ]),
  ),
};

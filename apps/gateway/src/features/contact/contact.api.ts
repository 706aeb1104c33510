import { HIDDEN_CHARACTERS_MESSAGE, MESSAGES } from '@lib/pl-validation';
import { type Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type FieldTexts } from '../../kit/forms/field-texts';
import { type FormBudget, type FormPostDeps, formPostDeps, formPost } from '../../kit/forms/form-post';
import { CONTACT_FIELDS, CONTACT_PATH, CONTACT_SENT_HREF, CONTACT_TEXTS, SENT_QUERY } from './contact-form';
import { type FeatureHandler } from '../../kit/feature';

/**
 * What the form says next to a field the leads service refused: the rules of @lib/pl-validation,
 * which the service checks word for word, so the visitor reads the very rule that failed.
 */
const CONTACT_FIELD_TEXTS: FieldTexts = {
  name: [MESSAGES.name, HIDDEN_CHARACTERS_MESSAGE],
  email: [MESSAGES.email],
  phone: [MESSAGES.phone],
  message: [MESSAGES.message, MESSAGES.html],
};

/**
 * Stored contact messages per client address: a person writes once or twice, and a correction
 * or a follow-up still fits; ten leave room for an office or a mobile network sharing one address,
 * while a script sending hundreds is held back. Counted in process while Redis is down: nobody is
 * refused for an outage, and the limit still holds per replica.
 */
export const CONTACT_BUDGET: FormBudget = {
  name: 'form-contact',
  rule: { limit: 10, windowMs: 10 * 60_000, whenRedisDown: 'local' },
};

/** POST /kontakt/: the contact form → SubmitContactMessage, then 303 to `/kontakt/?wyslano=tak`. */
export function contactApi(services: GatewayServices, deps: FormPostDeps): Router {
  return formPost(
    {
      path: CONTACT_PATH,
      name: 'contact',
      confirmationQuery: [SENT_QUERY],
      fields: Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, field.maxLength])),
      fieldTexts: CONTACT_FIELD_TEXTS,
      submit: (values, idempotencyKey) =>
        services.leads.submitContactMessage({
          name: values['name'] ?? '',
          email: values['email'] ?? '',
          phone: values['phone'] ?? '',
          message: values['message'] ?? '',
          idempotencyKey,
        }),
      duplicate: (answer) => answer.duplicate,
      done: () => ({ href: CONTACT_SENT_HREF, message: CONTACT_TEXTS.sent }),
    },
    deps,
  );
}

/** POST /kontakt/ (the contact form), after the shared body parsers. */
export const contactFeature: FeatureHandler = {
  name: 'contact',
  stage: 'forms',
  endpoints: [{ path: CONTACT_PATH, methods: ['GET', 'POST'] }],
  create: (ctx) => contactApi(ctx.services, formPostDeps(ctx, CONTACT_BUDGET)),
};

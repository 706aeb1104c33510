import { type Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type FormPostDeps, formPostDeps, formPost } from '../../kit/forms/form-post';
import { CONTACT_FIELDS, CONTACT_PATH, CONTACT_SENT_HREF, CONTACT_TEXTS, SENT_QUERY } from './contact-form';
import { type FeatureHandler } from '../../kit/feature';

/** POST /kontakt/: the contact form → SubmitContactMessage, then 303 to `/kontakt/?wyslano=tak`. */
export function contactApi(services: GatewayServices, deps: FormPostDeps): Router {
  return formPost(
    {
      path: CONTACT_PATH,
      name: 'contact',
      confirmationQuery: [SENT_QUERY],
      fields: Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, field.maxLength])),
      submit: (values, idempotencyKey) =>
        services.leads.submitContactMessage({
          name: values['name'] ?? '',
          email: values['email'] ?? '',
          phone: values['phone'] ?? '',
          message: values['message'] ?? '',
          idempotencyKey,
        }),
      done: () => ({ href: CONTACT_SENT_HREF, message: CONTACT_TEXTS.sent }),
    },
    deps,
  );
}

/** POST /kontakt/ (the contact form), after the shared body parsers. */
export const contactFeature: FeatureHandler = {
  name: 'contact',
  stage: 'forms',
  create: (ctx) => contactApi(ctx.services, formPostDeps(ctx)),
};

import { HIDDEN_CHARACTERS_MESSAGE, MESSAGES } from '@lib/pl-validation';
import { type Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type FieldTexts } from '../../kit/forms/field-texts';
import { type FormBudget, type FormPostDeps, formPostDeps, formPost } from '../../kit/forms/form-post';
import {
  PARTNER_FIELDS,
  PARTNERS_PATH,
  PARTNERS_SENT_HREF,
  PARTNERS_TEXTS,
  SENT_QUERY,
} from './partners-form';
import { type FeatureHandler } from '../../kit/feature';

/**
 * What the form says next to a field the leads service refused: the person's fields follow the
 * contact form's rules (@lib/pl-validation); the company's are worded as the service's rules are.
 */
const PARTNER_FIELD_TEXTS: FieldTexts = {
  company: ['Podaj nazwę firmy (od 2 do 200 znaków)'],
  name: [MESSAGES.name, HIDDEN_CHARACTERS_MESSAGE],
  email: [MESSAGES.email],
  phone: [MESSAGES.phone],
  website: ['Podaj adres strony zaczynający się od http:// lub https:// (do 200 znaków)'],
  traffic_sources: ['Opis źródeł ruchu może mieć do 1000 znaków'],
  message: [MESSAGES.message, MESSAGES.html],
};

/**
 * Stored partner enquiries per client address: a company sends one, perhaps a second with what
 * it forgot; five leave room for colleagues behind one office address, and a script is held back.
 * Counted in process while Redis is down (the limit holds per replica).
 */
export const PARTNERS_BUDGET: FormBudget = {
  name: 'form-partners',
  rule: { limit: 5, windowMs: 10 * 60_000, whenRedisDown: 'local' },
};

/** POST /wspolpraca/: the partner enquiry → SubmitPartnerEnquiry, then 303 to the confirmation. */
export function partnersApi(services: GatewayServices, deps: FormPostDeps): Router {
  return formPost(
    {
      path: PARTNERS_PATH,
      name: 'partners',
      confirmationQuery: [SENT_QUERY],
      fields: Object.fromEntries(PARTNER_FIELDS.map((field) => [field.name, field.maxLength])),
      serviceFields: { trafficSources: 'traffic_sources' },
      fieldTexts: PARTNER_FIELD_TEXTS,
      submit: (values, idempotencyKey) =>
        services.leads.submitPartnerEnquiry({
          company: values['company'] ?? '',
          name: values['name'] ?? '',
          email: values['email'] ?? '',
          phone: values['phone'] ?? '',
          website: values['website'] ?? '',
          trafficSources: values['traffic_sources'] ?? '',
          message: values['message'] ?? '',
          idempotencyKey,
        }),
      duplicate: (answer) => answer.duplicate,
      done: () => ({ href: PARTNERS_SENT_HREF, message: PARTNERS_TEXTS.sent }),
    },
    deps,
  );
}

/** POST /wspolpraca/ (the partner enquiry), after the shared body parsers. */
export const partnersFeature: FeatureHandler = {
  name: 'partners',
  stage: 'forms',
  endpoints: [{ path: PARTNERS_PATH, methods: ['GET', 'POST'] }],
  create: (ctx) => partnersApi(ctx.services, formPostDeps(ctx, PARTNERS_BUDGET)),
};

import { type Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type FormPostDeps, formPostDeps, formPost } from '../../kit/forms/form-post';
import {
  PARTNER_FIELDS,
  PARTNERS_PATH,
  PARTNERS_SENT_HREF,
  PARTNERS_TEXTS,
  SENT_QUERY,
} from './partners-form';
import { type FeatureHandler } from '../../kit/feature';

/** POST /wspolpraca/: the partner enquiry → SubmitPartnerEnquiry, then 303 to the confirmation. */
export function partnersApi(services: GatewayServices, deps: FormPostDeps): Router {
  return formPost(
    {
      path: PARTNERS_PATH,
      name: 'partners',
      confirmationQuery: [SENT_QUERY],
      fields: Object.fromEntries(PARTNER_FIELDS.map((field) => [field.name, field.maxLength])),
      serviceFields: { trafficSources: 'traffic_sources' },
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
      done: () => ({ href: PARTNERS_SENT_HREF, message: PARTNERS_TEXTS.sent }),
    },
    deps,
  );
}

/** POST /wspolpraca/ (the partner enquiry), after the shared body parsers. */
export const partnersFeature: FeatureHandler = {
  name: 'partners',
  stage: 'forms',
  create: (ctx) => partnersApi(ctx.services, formPostDeps(ctx)),
};

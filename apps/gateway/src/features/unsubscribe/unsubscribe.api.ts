import { leadsV1 } from '@lib/contracts';
import { MESSAGES } from '@lib/pl-validation';
import { type Request, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { CSRF_FIELD, ensureCsrfBinding, issueCsrfToken } from '../../kit/csrf';
import { type FieldTexts } from '../../kit/forms/field-texts';
import { type FormBudget, type FormPostDeps, formPostDeps, formPost } from '../../kit/forms/form-post';
import { type FeatureHandler } from '../../kit/feature';
import {
  ADDRESS_FIELD,
  SENT_QUERY,
  SMS_QUERY,
  SMS_UNAVAILABLE_HREF,
  SMS_UNAVAILABLE_VALUE,
  UNSUBSCRIBE_FIELDS,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TEXTS,
  linkSubject,
  sentHref,
  sentText,
} from './unsubscribe-form';

/** The form's log name and the purpose of its CSRF tokens. */
const FORM_NAME = 'unsubscribe';

/**
 * What the form says next to the one field when the leads service refused the address: the
 * e-mail's or the phone's rule of @lib/pl-validation (the service's, word for word), else the
 * field's own.
 */
const UNSUBSCRIBE_FIELD_TEXTS: FieldTexts = {
  [ADDRESS_FIELD]: ['Podaj adres e-mail lub numer telefonu', MESSAGES.email, MESSAGES.phone],
};

/**
 * Link requests stored per client address, a budget of their own: asking for one's data is never
 * refused because the same address sent contact messages or comments. A person asks once, perhaps
 * again with the other address or after the link expired; ten leave room for a household or a
 * mobile network sharing one address. The leads service sends at most three links an hour to any
 * one address besides. Counted in process while Redis is down (the limit holds per replica).
 */
export const UNSUBSCRIBE_BUDGET: FormBudget = {
  name: 'form-unsubscribe',
  rule: { limit: 10, windowMs: 10 * 60_000, whenRedisDown: 'local' },
};

/**
 * Where the visitor goes once the service answered, by the channel the link went (or would have
 * gone) out on: the same confirmation for a known and an unknown address; the form again, asking
 * for the e-mail, when only a phone was given and no SMS can be sent.
 */
export function linkRequestAnswer(channel: leadsV1.SelfServiceChannel): { href: string; message: string } {
  if (channel === leadsV1.SelfServiceChannel.UNAVAILABLE)
    return { href: SMS_UNAVAILABLE_HREF, message: UNSUBSCRIBE_TEXTS.smsUnavailable };
  if (channel === leadsV1.SelfServiceChannel.SMS) return { href: sentHref('sms'), message: sentText('sms') };
  // EMAIL, and an unset channel (the same words for every address).
  return { href: sentHref('email'), message: sentText('email') };
}

/**
 * POST /unsubscribe/: RequestSelfServiceLink for the e-mail or phone typed (keyed, like every
 * visitor form), then 303 to the confirmation. Nothing about the person changes here: the link
 * mailed (or sent by SMS) opens /moje-dane/, where consents, export and erasure are. GET
 * `?sms=niedostepny` draws the form again per visitor (its CSRF token) with the notice that no SMS
 * can go out now.
 */
export function unsubscribeApi(services: GatewayServices, deps: FormPostDeps): Router {
  const router = Router();

  const smsUnavailable = async (req: Request, res: Response): Promise<boolean> => {
    const page = await deps.pages.resolve(UNSUBSCRIBE_PATH, `?${SMS_QUERY}=${SMS_UNAVAILABLE_VALUE}`);
    if (page.status !== 200) return false;
    const binding = ensureCsrfBinding(req, res, deps.csrf.secure);
    const token = binding ? issueCsrfToken({ key: deps.csrf.key, binding, purpose: FORM_NAME }) : '';
    res.locals['routeLabel'] = UNSUBSCRIBE_PATH;
    // A form state: personal, answered no-store (its token is this visitor's).
    await deps.pages.render(req, res, { ...page, formState: { values: { [CSRF_FIELD]: token } } });
    return true;
  };
  router.get(UNSUBSCRIBE_PATH, (req, res, next) => {
    if (req.query[SMS_QUERY] !== SMS_UNAVAILABLE_VALUE || req.query[SENT_QUERY] !== undefined) {
      next();
      return;
    }
    smsUnavailable(req, res)
      .then((drawn) => {
        if (!drawn) next();
      })
      .catch(next);
  });

  router.use(
    formPost<leadsV1.RequestSelfServiceLinkResponse>(
      {
        path: UNSUBSCRIBE_PATH,
        name: FORM_NAME,
        confirmationQuery: [SENT_QUERY],
        fields: Object.fromEntries(UNSUBSCRIBE_FIELDS.map((field) => [field.name, field.maxLength])),
        // The service checks whichever of the two the field was taken for.
        serviceFields: { email: ADDRESS_FIELD, phone: ADDRESS_FIELD },
        fieldTexts: UNSUBSCRIBE_FIELD_TEXTS,
        submit: (values, idempotencyKey) =>
          services.leads.requestSelfServiceLink({
            ...linkSubject(values[ADDRESS_FIELD] ?? ''),
            idempotencyKey,
          }),
        duplicate: (answer) => answer.duplicate,
        done: (answer) => linkRequestAnswer(answer.channel),
      },
      deps,
    ),
  );
  return router;
}

/** POST /unsubscribe/ (the self-service link request), after the shared body parsers. */
export const unsubscribeFeature: FeatureHandler = {
  name: 'unsubscribe',
  stage: 'forms',
  endpoints: [{ path: UNSUBSCRIBE_PATH, methods: ['GET', 'POST'] }],
  create: (ctx) => unsubscribeApi(ctx.services, formPostDeps(ctx, UNSUBSCRIBE_BUDGET)),
};

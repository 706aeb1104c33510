import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, leadsV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { isUuidV4 } from '@lib/pl-validation';
import { Router } from 'express';
import { type FormState } from '../../app/form-state';
import { type GatewayServices } from '../../app/services';
import { type FormPostDeps, formPostDeps, derivedFormKey, formPost } from '../../kit/forms/form-post';
import {
  ERASE_FIELD,
  REQUEST_ID_VALUE,
  REQUEST_QUERY,
  REQUEST_STATUS_VALUE,
  UNSUBSCRIBED_HREF,
  UNSUBSCRIBED_QUERY,
  UNSUBSCRIBE_FIELDS,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TEXTS,
  erasureHref,
  type ErasureState,
  erasureStatusText,
} from './unsubscribe-form';
import { type FeatureHandler } from '../../kit/feature';

/** The service's request status as the page shows it. */
export function erasureState(status: leadsV1.RequestStatus): ErasureState {
  if (status === leadsV1.RequestStatus.COMPLETED) return 'completed';
  if (status === leadsV1.RequestStatus.REJECTED) return 'rejected';
  return 'pending';
}

interface Outcome {
  unsubscribed: leadsV1.UnsubscribeResponse;
  erasure: leadsV1.ErasureRequest | null;
}

/**
 * POST /unsubscribe/: Unsubscribe (the e-mail and/or phone suppressed from marketing at once) and,
 * when "usuń także moje dane" is ticked (it is, as the page is first shown), RequestErasure, which
 * the leads service records and carries out. Both calls are keyed: the erasure's key is derived
 * from the form's, so a form sent again repeats neither. Then 303 to the confirmation:
 * `?wypisano=tak`, or `?wniosek=<id>`, which GET answers here (no-store) with the request's status
 * read by GetErasureRequest.
 */
export function unsubscribeApi(services: GatewayServices, deps: FormPostDeps & { logger: Logger }): Router {
  const router = Router();
  router.use(
    formPost<Outcome>(
      {
        path: UNSUBSCRIBE_PATH,
        name: 'unsubscribe',
        confirmationQuery: [UNSUBSCRIBED_QUERY, REQUEST_QUERY],
        fields: Object.fromEntries(
          UNSUBSCRIBE_FIELDS.filter((field) => field.kind !== 'checkbox').map((field) => [
            field.name,
            field.maxLength,
          ]),
        ),
        checkboxes: [ERASE_FIELD],
        submit: async (values, idempotencyKey) => {
          const subject = { email: values['email'] ?? '', phone: values['phone'] ?? '' };
          const unsubscribed = await services.leads.unsubscribe({ ...subject, idempotencyKey });
          if (values[ERASE_FIELD] !== 'tak') return { unsubscribed, erasure: null };
          const erasure = await services.leads.requestErasure({
            ...subject,
            note: '',
            idempotencyKey: derivedFormKey('erasure', idempotencyKey, {}),
          });
          return { unsubscribed, erasure };
        },
        done: ({ erasure }) =>
          erasure
            ? {
                href: erasureHref(erasure.requestId),
                message: `${UNSUBSCRIBE_TEXTS.unsubscribed} ${erasureStatusText(erasureState(erasure.status))} Numer wniosku: ${erasure.requestId}.`,
              }
            : { href: UNSUBSCRIBED_HREF, message: UNSUBSCRIBE_TEXTS.unsubscribed },
      },
      deps,
    ),
  );

  // GET /unsubscribe/?wniosek=<id>: the page with the request's status (personal to whoever holds the id: no-store).
  router.get(UNSUBSCRIBE_PATH, (req, res, next) => {
    const requestId = typeof req.query[REQUEST_QUERY] === 'string' ? req.query[REQUEST_QUERY] : '';
    if (!requestId) {
      next();
      return;
    }
    const show = async () => {
      let status = 200;
      let state: FormState;
      if (!isUuidV4(requestId)) {
        status = 404;
        state = { message: UNSUBSCRIBE_TEXTS.unknownRequest };
      } else {
        try {
          const request = await services.leads.getErasureRequest({ requestId });
          state = {
            values: {
              [REQUEST_ID_VALUE]: request.requestId,
              [REQUEST_STATUS_VALUE]: erasureState(request.status),
            },
          };
        } catch (error) {
          const notFound = error instanceof GrpcCallError && error.code === GrpcStatus.NOT_FOUND;
          if (!notFound) deps.logger.warn({ err: error }, 'erasure request status unavailable');
          status = notFound ? 404 : 503;
          state = {
            message: notFound ? UNSUBSCRIBE_TEXTS.unknownRequest : UNSUBSCRIBE_TEXTS.statusUnavailable,
          };
        }
      }
      res.locals['routeLabel'] = UNSUBSCRIBE_PATH;
      const page = await deps.pages.resolve(UNSUBSCRIBE_PATH);
      await deps.pages.render(req, res, page.status === 200 ? { ...page, status, formState: state } : page);
    };
    show().catch(next);
  });
  return router;
}

/** POST /unsubscribe/ (unsubscribe and erasure), after the shared body parsers. */
export const unsubscribeFeature: FeatureHandler = {
  name: 'unsubscribe',
  stage: 'forms',
  create: (ctx) => unsubscribeApi(ctx.services, formPostDeps(ctx)),
};

import { status as GrpcStatus } from '@grpc/grpc-js';
import { type RateLimiter } from '@lib/cache';
import { GrpcCallError, leadsV1, statusName } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import { type ErrorRequestHandler, type RequestHandler, type Response, Router } from 'express';
import { type GatewayServices } from '../../app/services';
import { type FeatureHandler } from '../../kit/feature';
import { sendErrorBody } from '../../kit/http/error-body';
import { onlyWhen } from '../../kit/http/only-when';
import { bodyProblem, rawBody } from '../../kit/http/request-body';
import { rateLimitKey } from '../../kit/rate-limit/client-address';
import { partnerStatusLimiter } from './partner-status-rate-limit';

/** The lenders' status callback (server to server). */
export const PARTNER_STATUS_PATH = '/api/partner/lead-status';
/** A lender's answer is a small JSON document; RecordDeliveryStatusRequest.body takes at most this. */
export const PARTNER_STATUS_BODY_LIMIT_BYTES = 16 * 1024;
/** The header carrying the lender's signature ('t=<unix time>,v1=<hex>'), passed on unchanged. */
export const SIGNATURE_HEADER = 'x-signature';
/** Longest signature header passed on; anything longer is no signature of ours. */
const MAX_SIGNATURE_LENGTH = 1024;
/** How long a lender should wait before sending again after a 503. */
export const PARTNER_RETRY_AFTER_S = 30;

/** The JSON answer of a recorded callback. */
export interface PartnerStatusAnswer {
  deliveryId: string;
  /** The delivery's state after the answer: 'QUEUED', 'SENT', 'ACCEPTED', 'REJECTED', 'FAILED', 'WITHDRAWN'. */
  state: string;
  /** False when the delivery already had this answer (a repeated callback). */
  changed: boolean;
}

export function partnerStatusAnswer(response: leadsV1.RecordDeliveryStatusResponse): PartnerStatusAnswer {
  return {
    deliveryId: response.deliveryId,
    state: leadsV1.DeliveryState[response.state] ?? 'UNSPECIFIED',
    changed: response.changed,
  };
}

/** How a failed RecordDeliveryStatus is answered to the lender. */
export interface PartnerStatusFailure {
  status: number;
  message: string;
  /** Seconds for Retry-After (only where sending the same callback again may succeed). */
  retryAfterS?: number;
}

/**
 * The callback's own mapping of RecordDeliveryStatus's failures (not the pages' one: a lender is told
 * whether to fix its request, or to send it again later): UNAUTHENTICATED 401, NOT_FOUND 404,
 * INVALID_ARGUMENT 400, FAILED_PRECONDITION 409, anything else (the leads service down, slow or
 * broken) 503 with Retry-After.
 */
const REFUSALS: ReadonlyMap<GrpcStatus, PartnerStatusFailure> = new Map([
  [GrpcStatus.UNAUTHENTICATED, { status: 401, message: 'signature missing, invalid or too old' }],
  [GrpcStatus.NOT_FOUND, { status: 404, message: 'no such delivery' }],
  [GrpcStatus.INVALID_ARGUMENT, { status: 400, message: 'invalid status message' }],
  [GrpcStatus.FAILED_PRECONDITION, { status: 409, message: 'the delivery cannot take this status now' }],
]);

export function partnerStatusFailure(error: unknown): PartnerStatusFailure {
  const refusal = error instanceof GrpcCallError ? REFUSALS.get(error.code) : undefined;
  return (
    refusal ?? {
      status: 503,
      message: 'status not recorded: send it again later',
      retryAfterS: PARTNER_RETRY_AFTER_S,
    }
  );
}

export interface PartnerStatusDeps {
  services: GatewayServices;
  logger: Logger;
  /** The callback's own budget per client address. */
  limiter: RateLimiter;
  onUpstreamError?(error: unknown): void;
}

/**
 * POST /api/partner/lead-status: a lender's signed answer about one delivery, server to server (no
 * same-origin check, no CSRF token, no cookie read or set). In order:
 * 1. `Content-Type: application/json`, else 415;
 * 2. a declared or actual body over 16 kB: 413;
 * 3. the `partner-status` budget of the client address, else 429 with Retry-After;
 * 4. the `X-Signature` header and the body's raw bytes, unchanged, to RecordDeliveryStatus (the
 *    leads service holds the lenders' secrets and checks the signature over exactly those bytes):
 *    200 `{"deliveryId","state","changed"}`, or the failure of partnerStatusFailure.
 * Every answer is `no-store` JSON; errors are the kit's error body. A missing signature is 401
 * without a call.
 */
export function partnerStatusApi(deps: PartnerStatusDeps): Router {
  const router = Router();
  const readRaw = rawBody(PARTNER_STATUS_BODY_LIMIT_BYTES);

  const label = (res: Response) => {
    res.locals['routeLabel'] = PARTNER_STATUS_PATH;
    res.setHeader('Cache-Control', 'no-store');
  };

  const guard: RequestHandler = async (req, res, next) => {
    label(res);
    if (!isJsonType(req.get('content-type'))) {
      sendErrorBody(res, 415, 'Content-Type must be application/json');
      return;
    }
    const declared = Number(req.get('content-length') ?? '0');
    if (declared > PARTNER_STATUS_BODY_LIMIT_BYTES) {
      sendErrorBody(res, 413, `body over ${PARTNER_STATUS_BODY_LIMIT_BYTES} bytes`);
      return;
    }
    const spent = await deps.limiter.hit(rateLimitKey(req.ip ?? req.socket.remoteAddress));
    if (!spent.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(spent.retryAfterMs / 1000))));
      sendErrorBody(res, 429, 'too many status callbacks from this address');
      return;
    }
    next();
  };

  const record: RequestHandler = async (req, res) => {
    const signature = req.get(SIGNATURE_HEADER) ?? '';
    if (signature === '' || signature.length > MAX_SIGNATURE_LENGTH) {
      deps.logger.info({ present: signature !== '' }, 'partner status callback without a usable signature');
      sendErrorBody(res, 401, 'signature missing, invalid or too old');
      return;
    }
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const recorded = await deps.services.leads.recordDeliveryStatus({ signature, body });
      const answer = partnerStatusAnswer(recorded);
      deps.logger.info(answer, 'partner status recorded');
      res.status(200).json(answer);
    } catch (error) {
      const failure = partnerStatusFailure(error);
      const fields = { err: error, status: failure.status, ...grpcFields(error) };
      if (failure.status === 503) {
        deps.onUpstreamError?.(error);
        deps.logger.warn(fields, 'partner status not recorded');
      } else deps.logger.info(fields, 'partner status refused');
      if (failure.retryAfterS !== undefined) res.setHeader('Retry-After', String(failure.retryAfterS));
      sendErrorBody(res, failure.status, failure.message);
    }
  };

  // The body reader's own failures: over the limit (a body longer than it declared) 413, unreadable 400.
  const bodyError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    label(res);
    if (bodyProblem(error) === 'too-large')
      sendErrorBody(res, 413, `body over ${PARTNER_STATUS_BODY_LIMIT_BYTES} bytes`);
    else sendErrorBody(res, 400, 'unreadable body');
  };

  router.post(PARTNER_STATUS_PATH, guard, readRaw, record, bodyError);
  return router;
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function grpcFields(error: unknown) {
  return error instanceof GrpcCallError ? { grpcCode: statusName(error.code) } : {};
}

/** POST /api/partner/lead-status: it reads its own (raw, 16 kB) body, before the shared parsers. */
export const partnerStatusFeature: FeatureHandler = {
  name: 'partner-status',
  stage: 'own-body',
  endpoints: [{ path: PARTNER_STATUS_PATH, methods: ['POST'] }],
  create: (ctx) =>
    onlyWhen(
      (req) => req.path === PARTNER_STATUS_PATH,
      partnerStatusApi({
        services: ctx.services,
        logger: ctx.logger,
        limiter: partnerStatusLimiter(ctx.budgets),
        onUpstreamError: ctx.onUpstreamError,
      }),
    ),
};

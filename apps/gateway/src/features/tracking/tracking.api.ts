import { type RateLimiter } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type BrowserEvent, toRawTrackingRecord, TRACKING_LIMITS } from '@lib/tracking';
import { type ErrorRequestHandler, type RequestHandler, type Response, Router } from 'express';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { type OriginPolicy, isSameOrigin } from '../../kit/http/same-origin';
import { rateLimitKey } from '../../kit/rate-limit/client-address';
import { parseEventBody } from './event-body';
import { TRACKING_EVENTS_PATH } from './tracking-endpoint';
import { resolveIdentity } from './tracking-identity';
import { hostOf, withoutTrafficSource } from './traffic-source';
import { type EventIntake, type FeatureHandler } from '../../kit/feature';
import { eventLimiter } from './event-limits';
import { sendErrorBody } from '../../kit/http/error-body';
import { bodyProblem, textBody } from '../../kit/http/request-body';

export { TRACKING_EVENTS_PATH };

export interface TrackingApiDeps {
  logger: Logger;
  /** Our origin: events from any other are refused. */
  origin: OriginPolicy;
  /** The `events` rate budget (requests per client address). */
  limiter: RateLimiter;
  delivery: EventIntake;
  /** Salt of the IP hash (TRACKING_IP_SALT); one drawn per process when absent. */
  ipSalt?: string | undefined;
  /** Clock of received_at (tests pin it). */
  now?: () => Date;
}

/** Asked to come back after this long when the buffer is full (the sink is down). */
const RETRY_AFTER_FULL_S = 5;

/**
 * POST /api/event: one tracking event or a batch (JSON of the spec's fields, any content type, as
 * fetch and navigator.sendBeacon send it). In order:
 * 1. from our own origin, else 403;
 * 2. at most 64 KB (else 413), valid JSON holding at most 100 events (else 413) each valid under
 *    the event catalogue (else 400 with `error.field` naming the field, e.g. `events[2].sub8`);
 * 3. within the client's `events` budget, else 429 with Retry-After;
 * 4. identity from the cookies (tracking-identity.ts): session id, client id with consent, traffic
 *    source; the server adds received_at, user agent, a salted IP hash, the consent state and an
 *    ingest id per event (the de-duplication key downstream); without consent (no answer yet or
 *    'Tylko niezbędne') every event's utm_* and referer are emptied, whatever the browser sent;
 * 5. handed to the delivery buffer (event-delivery.ts), then 202 `{"accepted": n}` with the
 *    identity cookies; when the buffer is full (the sink has been down for a while), 503 with
 *    Retry-After and nothing accepted.
 * The answer never waits for Kafka or the events service. Never 500 for anything the client sent.
 */
export function trackingApi(deps: TrackingApiDeps): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());
  const salt = deps.ipSalt ?? randomBytes(32).toString('base64');
  const ipHash = (address: string) =>
    createHmac('sha256', salt).update(address).digest('base64url').slice(0, 32);
  // A referer on the site's one host (PUBLIC_ORIGIN) is internal; the Host header is the client's word.
  const ownHosts = new Set([hostOf(deps.origin.publicOrigin)]);
  const readBody = textBody(TRACKING_LIMITS.bodyBytes);

  const noStore: RequestHandler = (_req, res, next) => {
    res.locals['routeLabel'] = TRACKING_EVENTS_PATH;
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  const sameOrigin: RequestHandler = (req, res, next) => {
    if (isSameOrigin(req, deps.origin)) {
      next();
      return;
    }
    // Not logged one by one: a foreign page firing events would fill the log; the metrics count 403s.
    sendErrorBody(res, 403, 'events are accepted from this site only');
  };

  const refuse = (res: Response, status: number, message: string, field?: string) =>
    sendErrorBody(res, status, message, field ? { fields: { [field]: message } } : {});

  const ingest: RequestHandler = async (req, res) => {
    const body = parseEventBody(typeof req.body === 'string' ? req.body : '');
    if (!body.ok) {
      refuse(res, body.status, body.message, body.field);
      return;
    }
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    const spent = await deps.limiter.hit(rateLimitKey(address));
    if (!spent.allowed) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(spent.retryAfterMs / 1000))));
      refuse(res, 429, 'too many events from this address');
      return;
    }
    const secure = deps.origin.publicOrigin.startsWith('https:') || req.secure;
    const identity = resolveIdentity({
      cookieHeader: req.get('cookie'),
      events: body.events,
      secure,
      ownHosts,
    });
    const receivedAt = now();
    const userAgent = req.get('user-agent') ?? '';
    const hashed = ipHash(address);
    // An event without its own utm_* is counted under the visit's source (kept with consent only).
    const visitUtm = identity.source ? utmOf(identity.source) : undefined;
    const granted = identity.consent === 'granted';
    const records = body.events.map((sent: BrowserEvent) => {
      const event = granted ? sent : withoutTrafficSource(sent);
      return toRawTrackingRecord(visitUtm && !hasUtm(event) ? { ...event, ...visitUtm } : event, {
        sessionId: identity.sessionId,
        clientId: identity.clientId,
        receivedAt,
        userAgent,
        ipHash: hashed,
        ingestId: randomUUID(),
        consent: identity.consent,
      });
    });
    if (!deps.delivery.offer(records)) {
      // Not accepted, so not lost: the tracker sends the batch once more later.
      await deps.limiter.giveBack(rateLimitKey(address));
      res.setHeader('Retry-After', String(RETRY_AFTER_FULL_S));
      refuse(res, 503, 'events cannot be accepted right now');
      return;
    }
    res.setHeader('Set-Cookie', identity.setCookies);
    res.status(202).json({ accepted: records.length });
  };

  // Body parser errors: too large is 413; anything else it refuses (charset, aborted) is a bad body.
  const bodyError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const problem = bodyProblem(error);
    if (problem === undefined) {
      next(error);
      return;
    }
    if (problem === 'too-large') refuse(res, 413, `body over ${TRACKING_LIMITS.bodyBytes} bytes`, 'body');
    else refuse(res, 400, 'unreadable body', 'body');
  };

  router.post(TRACKING_EVENTS_PATH, noStore, sameOrigin, readBody, ingest, bodyError);
  return router;
}

const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

function hasUtm(event: BrowserEvent): boolean {
  return UTM_FIELDS.some((field) => (event[field] ?? '') !== '');
}

function utmOf(source: Record<(typeof UTM_FIELDS)[number], string>): Partial<BrowserEvent> {
  return Object.fromEntries(UTM_FIELDS.map((field) => [field, source[field]]));
}

/** POST /api/event, before the general body limit: it holds its own (64 kB) and reads its own body. */
export const trackingFeature: FeatureHandler = {
  name: 'tracking',
  stage: 'own-body',
  endpoints: [{ path: TRACKING_EVENTS_PATH, methods: ['POST'] }],
  create: (ctx) =>
    trackingApi({
      logger: ctx.logger,
      origin: ctx.origin,
      limiter: eventLimiter(ctx.config, ctx.budgets),
      delivery: ctx.events,
      ipSalt: ctx.config.TRACKING_IP_SALT,
    }),
};

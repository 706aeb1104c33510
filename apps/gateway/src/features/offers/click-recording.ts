/**
 * The click of 'Przejdź do oferty' (GET /przejdz/<id>/), counted once whoever clicks:
 * 1. the session: the request's `session_id` cookie when it holds a UUID v4, else one drawn here
 *    and set on the 302 (strictly necessary, so without consent; `Secure` on https), renewed for
 *    another 30 minutes either way, as every tracked activity renews it;
 * 2. the window (click-window.ts): the first click per session (or, without a cookie, per address
 *    and user agent) and offer within 30 minutes is recorded; a repeat is not (outcome `repeat`);
 * 3. the record (offerClick, event 50, with that session) is stored by the events service as the
 *    server origin before the answer, or queued for a retry when it did not answer in time; the
 *    client id and the referer go with it only with consent (the cookie policy), like a browser
 *    event's;
 * 4. a click it refused (or that could not be queued) is an error log line with the reason, gives
 *    its window back and is counted as such on /metrics, never logged as recorded.
 * The caller redirects in every case: a click that was not recorded still takes the visitor on.
 */
import { type RateLimiter } from '@lib/cache';
import { type Logger } from '@lib/observability';
import { type Request, type Response } from 'express';
import { type ServerEventIntake } from '../../kit/feature';
import { splitUrl } from '../../kit/http/request-guards';
import { readClientId } from '../../kit/identity/client-id';
import { newSessionId, readSessionId, sessionIdCookie } from '../../kit/identity/session-id';
import { newUuid } from '../../kit/identity/uuid';
import { readConsent } from '../../shared/consent';
import { type ClickMetrics, type ClickOutcome } from './click-metrics';
import { anonymousVisitor, clickWindowKeys, giveBackClickWindow, takeClickWindow } from './click-window';
import { offerClickRecord, readClickContext } from './offer-click';

export interface ClickRecordingDeps {
  serverEvents: ServerEventIntake;
  /** The `offer-clicks` budget (clickWindowBudget). */
  window: RateLimiter;
  metrics: ClickMetrics;
  logger: Logger;
  /** Salt of the hash a cookieless visitor is counted under (TRACKING_IP_SALT). */
  salt: string;
  /**
   * Our public origin: its host is a click's `domain` (never the request's Host, the client's
   * word); https makes the session cookie `Secure`.
   */
  publicOrigin: string;
  now?: () => Date;
}

export interface ClickedOffer {
  offerId: number;
  lenderSlug: string;
}

/** Records one GET of the redirect (never a HEAD) and sets the session cookie on `res`. */
export type RecordClick = (req: Request, res: Response, offer: ClickedOffer) => Promise<ClickOutcome>;

export function clickRecording(deps: ClickRecordingDeps): RecordClick {
  const now = deps.now ?? (() => new Date());
  const domain = new URL(deps.publicOrigin).hostname;
  return async (req, res, offer) => {
    const cookie = req.get('cookie');
    const userAgent = req.get('user-agent') ?? '';
    const cookieSession = readSessionId(cookie);
    const sessionId = cookieSession ?? newSessionId();
    if (sessionId)
      res.append(
        'Set-Cookie',
        sessionIdCookie(sessionId, deps.publicOrigin.startsWith('https:') || req.secure),
      );

    const offerId = String(offer.offerId);
    const { pathname, search } = splitUrl(req.originalUrl);
    const { source, position } = readClickContext(new URLSearchParams(search));
    const fields = { offerId, lender: offer.lenderSlug, position, list: source };
    const keys = clickWindowKeys({
      offerId,
      cookieSession,
      drawnSession: sessionId,
      anonymous: anonymousVisitor(deps.salt, req.ip ?? req.socket.remoteAddress ?? '', userAgent),
    });
    if (!(await takeClickWindow(deps.window, keys))) {
      deps.metrics.count('repeat');
      deps.logger.info(
        { ...fields, outcome: 'repeat', recorded: false },
        'offer click repeated: not recorded',
      );
      return 'repeat';
    }

    const consent = readConsent(cookie);
    const granted = consent === 'granted';
    const record = offerClickRecord(
      { offerId, lenderSlug: offer.lenderSlug, position, source },
      {
        sessionId,
        clientId: granted ? (readClientId(cookie) ?? '') : '',
        consent: consent === 'unset' ? '' : consent,
        domain,
        referer: granted ? (req.get('referer') ?? '') : '',
        userAgent,
        receivedAt: now(),
        ingestId: newUuid(),
      },
      pathname,
    );
    const result = await deps.serverEvents.record(record);
    deps.metrics.count(result.outcome);
    if (result.outcome === 'refused' || result.outcome === 'dropped') {
      await giveBackClickWindow(deps.window, keys);
      deps.logger.error(
        {
          ...fields,
          outcome: result.outcome,
          recorded: false,
          reason: result.reason,
          ingestId: record.ingest_id,
        },
        'offer click not recorded',
      );
      return result.outcome;
    }
    if (result.outcome === 'queued') {
      // Stored later by the retried delivery (same ingest id): not recorded yet.
      deps.logger.warn(
        { ...fields, outcome: 'queued', recorded: false, cause: result.cause, ingestId: record.ingest_id },
        'offer click queued for a retry',
      );
      return 'queued';
    }
    deps.logger.info({ ...fields, outcome: result.outcome, recorded: true }, 'offer click');
    return result.outcome;
  };
}

import {
  type ConsentState,
  EVENT,
  type RawTrackingRecord,
  TRACKING_LIMITS,
  toRawTrackingRecord,
} from '@lib/tracking';

/** Where a list may say it was ('z' of the redirect address); anything else is recorded as ''. */
const SOURCES = new Set(['offers', 'home', 'seo', 'lender', 'landing']);
/** Positions beyond this are no list we show. */
const MAX_POSITION = 500;

export interface OfferClick {
  offerId: string;
  lenderSlug: string;
  /** 1-based place in the list; 0 when unknown. */
  position: number;
  source: string;
}

/** Reads the redirect's '?z=<source>&p=<position>' (bounded values; wrong ones are dropped, never refused). */
export function readClickContext(query: URLSearchParams): { source: string; position: number } {
  const source = query.get('z') ?? '';
  const position = Number(query.get('p') ?? '');
  return {
    source: SOURCES.has(source) ? source : '',
    position: Number.isInteger(position) && position >= 1 && position <= MAX_POSITION ? position : 0,
  };
}

/** Who clicked, as the gateway knows it from its cookies (ids only with the visitor's consent). */
export interface ClickVisitor {
  sessionId: string;
  clientId: string;
  consent: ConsentState;
  domain: string;
  referer: string;
  userAgent: string;
  receivedAt: Date;
  ingestId: string;
}

/**
 * The offerClick record of tracking.raw.v1 (libs/tracking catalogue: sub4 offer, sub5 lender,
 * sub6 position, sub7 list), built by the same function as the browser's events.
 */
export function offerClickRecord(
  click: OfferClick,
  visitor: ClickVisitor,
  pagePath: string,
): RawTrackingRecord {
  return toRawTrackingRecord(
    {
      event_id: EVENT.offerClick,
      sub4: click.offerId,
      sub5: click.lenderSlug,
      ...(click.position > 0 ? { sub6: String(click.position) } : {}),
      sub7: click.source,
      domain: visitor.domain.slice(0, TRACKING_LIMITS.text),
      referer: visitor.referer.slice(0, TRACKING_LIMITS.url),
      page_path: pagePath,
    },
    {
      sessionId: visitor.sessionId,
      clientId: visitor.clientId,
      receivedAt: visitor.receivedAt,
      userAgent: visitor.userAgent,
      ipHash: '',
      ingestId: visitor.ingestId,
      consent: visitor.consent,
    },
  );
}

/** Only an absolute http(s) address from the stored feed is a place we send visitors to. */
export function isLenderLink(link: string): boolean {
  if (link === '' || link.length > 2048) return false;
  try {
    const url = new URL(link);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

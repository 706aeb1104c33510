/**
 * The lead feed's query (`GET /api/lead-feed?lead_id=…&page=all&direction=swap&pf=1`), read the
 * way the spec's client reads it: the lead id is the partner's `slParams.lead_id`, the feed's
 * selectors (page, direction, pf) its `feedParams`. Pure.
 */

export const LEAD_FEED_PATH = '/api/lead-feed';

/**
 * The spec's log lines for a request the feed cannot answer (it answers `null`). A lead id the
 * offers service does not know (its data erased, or never matched) is answered as a missing one,
 * with the spec's line and why.
 */
export const LEAD_FEED_MESSAGES = {
  missingLeadId: 'you should pass slParams.lead_id',
  unknownLeadId: 'you should pass slParams.lead_id: no lead has this id (erased or never matched)',
  missingConfig: 'you should pass feedParams.configURL',
} as const;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const SELECTOR = /^[a-z0-9_-]{1,32}$/i;

export type LeadFeedQuery =
  | { kind: 'missing-lead-id' }
  | { kind: 'missing-config' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; leadId: string; page: string; direction: string; pf: number };

export function readLeadFeedQuery(query: URLSearchParams): LeadFeedQuery {
  const leadId = (query.get('lead_id') ?? '').trim();
  if (leadId === '') return { kind: 'missing-lead-id' };
  if (!UUID.test(leadId)) return { kind: 'invalid', message: 'lead_id must be a UUID' };
  const page = query.get('page') ?? '';
  const direction = query.get('direction') ?? '';
  const pfText = query.get('pf') ?? '';
  if (page === '' || direction === '' || pfText === '') return { kind: 'missing-config' };
  if (!SELECTOR.test(page)) return { kind: 'invalid', message: 'page must be 1-32 letters, digits, _ or -' };
  if (!SELECTOR.test(direction))
    return { kind: 'invalid', message: 'direction must be 1-32 letters, digits, _ or -' };
  if (!/^\d{1,3}$/.test(pfText)) return { kind: 'invalid', message: 'pf must be an integer from 0 to 999' };
  return { kind: 'ok', leadId: leadId.toLowerCase(), page, direction, pf: Number(pfText) };
}

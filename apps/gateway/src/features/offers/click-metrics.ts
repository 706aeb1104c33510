import { Counter, type Registry } from 'prom-client';

/**
 * What became of an offer click (GET /przejdz/<id>/; a HEAD is none): `stored` by the events
 * service, `duplicate` of one it had, `queued` for a retry (the events service did not answer in
 * time), `refused` by its rules or `dropped` (the retry buffer full): both lost, each an error log
 * line; `repeat`: the same visitor and offer again within the window, not recorded.
 */
export const CLICK_OUTCOMES = ['stored', 'duplicate', 'queued', 'refused', 'dropped', 'repeat'] as const;
export type ClickOutcome = (typeof CLICK_OUTCOMES)[number];

export interface ClickMetrics {
  count(outcome: ClickOutcome): void;
}

/** gateway_offer_clicks_total{outcome} on /metrics; every outcome from 0, so an alert on `refused` sees the series at once. */
export function createClickMetrics(registry: Registry): ClickMetrics {
  const clicks = new Counter({
    name: 'gateway_offer_clicks_total',
    help: 'Offer clicks (GET /przejdz/<id>/) by outcome: stored, duplicate, queued, refused, dropped, repeat.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of CLICK_OUTCOMES) clicks.inc({ outcome }, 0);
  return { count: (outcome) => clicks.inc({ outcome }) };
}

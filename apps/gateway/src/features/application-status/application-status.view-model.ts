/**
 * The status page's words, from GetApplicationStatus's answer (pure: no I/O, no clock). Every
 * state of a delivery has one Polish phrase; times are shown in Warsaw.
 */
import { formatDateTimeLong } from '@lib/pl-format';
import { leadsV1 } from '@lib/contracts';
import { type Section } from '../../app/section';
import { type OfferBlock } from '../../app/view-types';
import { plural } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import {
  type ApplicationStatusData,
  type DeliveryStateKey,
  type LenderStatusView,
  type MatchedOnlyReason,
} from './application-status-data';
import { DELIVERY_STATE_TEXTS, STATUS_TEXTS } from './application-status-texts';

export { DELIVERY_STATE_TEXTS, STATUS_TEXTS };

/** 'Twój wniosek przekazaliśmy do 1 pożyczkodawcy' / '… do 3 pożyczkodawców' / '… do 5 pożyczkodawców'. */
export function deliveredHeading(count: number): string {
  return `Twój wniosek przekazaliśmy do ${count} ${plural(count, 'pożyczkodawcy', 'pożyczkodawców', 'pożyczkodawców')}`;
}

/** A delivery's state as the page names it. */
export function deliveryStateKey(state: leadsV1.DeliveryState, retrying: boolean): DeliveryStateKey {
  switch (state) {
    case leadsV1.DeliveryState.QUEUED:
      return retrying ? 'retrying' : 'queued';
    case leadsV1.DeliveryState.SENT:
      return 'sent';
    case leadsV1.DeliveryState.ACCEPTED:
      return 'accepted';
    case leadsV1.DeliveryState.REJECTED:
      return 'rejected';
    case leadsV1.DeliveryState.FAILED:
      return 'failed';
    case leadsV1.DeliveryState.WITHDRAWN:
      return 'withdrawn';
    case leadsV1.DeliveryState.UNSPECIFIED:
      return 'unknown';
  }
  return 'unknown'; // a state of a newer contract
}

/**
 * An RFC 3339 time in the locale's zone, as the application's e-mails date it (@lib/pl-format):
 * '28 listopada 2026 r., godz. 18:41'; '' when not a time.
 */
export function formatStatusTime(locale: Pick<Locale, 'code' | 'timezone'>, value: string): string {
  const time = value === '' ? Number.NaN : Date.parse(value);
  if (Number.isNaN(time)) return '';
  return formatDateTimeLong(new Date(time), locale);
}

/** Every lender said no (and there was at least one): the applicant is sent to the rejected landing. */
export function everyDeliveryRejected(view: Pick<leadsV1.ApplicationStatusView, 'deliveries'>): boolean {
  return (
    view.deliveries.length > 0 &&
    view.deliveries.every((delivery) => delivery.state === leadsV1.DeliveryState.REJECTED)
  );
}

function lenderStatus(
  locale: Pick<Locale, 'code' | 'timezone'>,
  delivery: leadsV1.LenderDelivery,
): LenderStatusView {
  const state = deliveryStateKey(delivery.state, delivery.retrying);
  return {
    deliveryId: delivery.deliveryId,
    name: delivery.lenderName.trim() || delivery.lenderSlug,
    state,
    stateText: DELIVERY_STATE_TEXTS[state],
    updatedAt: delivery.updatedAt,
    updatedText: formatStatusTime(locale, delivery.updatedAt),
  };
}

/** The status page's data of one application. */
export function applicationStatusData(
  view: leadsV1.ApplicationStatusView,
  context: {
    locale: Pick<Locale, 'code' | 'timezone'>;
    refreshHref: string;
    offers: Section<OfferBlock>;
  },
): ApplicationStatusData {
  const lenders = view.deliveryDeclined ? [] : view.deliveries.map((d) => lenderStatus(context.locale, d));
  const matchedOnly: MatchedOnlyReason | null = view.deliveryDeclined
    ? 'declined'
    : lenders.length === 0
      ? 'no-lenders'
      : null;
  return {
    kind: 'status',
    refreshHref: context.refreshHref,
    heading: matchedOnly ? STATUS_TEXTS.matchedOnlyHeading : deliveredHeading(lenders.length),
    amountGrosze: view.amountGrosze,
    periodDays: view.periodDays,
    submittedAt: view.submittedAt,
    submittedText: formatStatusTime(context.locale, view.submittedAt),
    matchedOnly,
    lenders,
    sandboxLenders: view.sandboxLenders,
    offers: context.offers,
  };
}

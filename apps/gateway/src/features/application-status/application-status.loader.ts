/**
 * The status page's gRPC I/O (the only code of the feature that calls services):
 * GetApplicationStatus for the token, then the offers matched for the application's own amount and
 * period through the offers feature's list loader, kept to the lead feed's offers (GetLeadFeed: the
 * offers service stored the submit's match under the application id, with the applicant's age)
 * when the feed answers.
 */
import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, type leadsV1 } from '@lib/contracts';
import { zlotyFromGrosze } from '@lib/finance';
import { type LoadContext } from '../../app/route-types';
import { SECTION_UNAVAILABLE, type Section, sectionOk } from '../../app/section';
import { type GatewayServices } from '../../app/services';
import { type OfferBlock, type OfferCard } from '../../app/view-types';
import { type Locale } from '../../shared/locale';
import { type OffersParams, loadOffersPage } from '../offers/offers.loader';

export interface StatusLoadDeps {
  services: GatewayServices;
  locale: Locale;
  /** PUBLIC_ORIGIN without a trailing slash. */
  origin: string;
  /** A failed optional call (the offers), logged once by the caller. */
  onSectionError(error: unknown): void;
}

/** What GetApplicationStatus said of a token. */
export type StatusLookup =
  | { kind: 'found'; view: leadsV1.ApplicationStatusView }
  /** Unknown, forged or expired (NOT_FOUND), or refused as malformed (INVALID_ARGUMENT). */
  | { kind: 'invalid' }
  | { kind: 'failed'; error: unknown };

export async function lookupApplicationStatus(
  services: GatewayServices,
  statusToken: string,
): Promise<StatusLookup> {
  try {
    return { kind: 'found', view: await services.leads.getApplicationStatus({ statusToken }) };
  } catch (error) {
    if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND, GrpcStatus.INVALID_ARGUMENT))
      return { kind: 'invalid' };
    return { kind: 'failed', error };
  }
}

/** The cards in the lead feed's order, numbered again (a card's position is its click record's). */
export function inLeadFeedOrder(cards: readonly OfferCard[], offerIds: readonly number[]): OfferCard[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  const ordered: OfferCard[] = [];
  for (const id of offerIds) {
    const card = byId.get(String(id));
    if (card) ordered.push({ ...card, position: ordered.length + 1 });
  }
  return ordered;
}

/**
 * The offers of the application: the offers feature's matched list for its amount and period
 * (MatchOffers, the published ranking), kept to and ordered by the lead feed when the offers service
 * has the application's stored request (the matching at submit may have failed: then the list as
 * ranked). A failure leaves the section out, never the page.
 */
export async function loadApplicationOffers(
  deps: StatusLoadDeps,
  view: leadsV1.ApplicationStatusView,
  path: string,
): Promise<Section<OfferBlock>> {
  const ctx: LoadContext<OffersParams> = {
    params: {
      layout: 'cards',
      filters: {
        amountZl: zlotyFromGrosze(view.amountGrosze),
        periodDays: view.periodDays,
        amountAdjusted: 'none',
        periodAdjusted: 'none',
      },
    },
    path,
    services: deps.services,
    locale: deps.locale,
    origin: deps.origin,
    section: async (call) => {
      try {
        return sectionOk(await call());
      } catch (error) {
        deps.onSectionError(error);
        return SECTION_UNAVAILABLE;
      }
    },
  };
  const feed = deps.services.offers
    .getLeadFeed({
      leadId: view.applicationId,
      page: 'all',
      direction: 'swap',
      pf: 1,
      country: deps.locale.country,
    })
    .then(
      (answer) => answer.offerIds,
      (error: unknown) => {
        // No stored request (the match at submit failed) is no outage: the ranked list stands.
        if (!GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) deps.onSectionError(error);
        return null;
      },
    );
  return ctx.section(async () => {
    const [{ offers }, offerIds] = await Promise.all([loadOffersPage(ctx), feed]);
    if (offerIds === null) return offers;
    const items = inLeadFeedOrder(offers.items, offerIds);
    return { ...offers, items, total: items.length };
  });
}

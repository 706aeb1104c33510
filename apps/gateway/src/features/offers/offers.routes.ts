import { formatZloty } from '@lib/pl-format';
import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { lenderOfferPath } from '../../app/site-paths/offers';
import { readOfferFilters } from './offer-filters';
import { LANDING_COPY, foundTitle } from './offers-copy';
import { type LandingKind, type OffersLayout, REFUSAL_LANDINGS } from './offers-data';
import { loadLanding, loadLenderOffer, loadOffersPage } from './offers.loader';

/** A bounded numeric id (lender ids are positive 64-bit in the proto; 15 digits is plenty). */
export function numericIdParam(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

function offersListRoute(name: string, pattern: string, layout: OffersLayout) {
  return defineRoute({
    // Only the first layout is listed (the others are noindex); its offers follow the feeds daily.
    ...(layout === 'cards' ? { sitemap: { lastmod: 'today' } as const } : {}),
    name,
    page: 'offers',
    pattern,
    layout: 'default',
    // The filters are read from the query, clamped and stepped: a bounded set of cache keys.
    params: (_raw, query) => ({ layout, filters: readOfferFilters(query) }),
    load: loadOffersPage,
    head: (data, ctx) =>
      pageHead(ctx, {
        title: `${foundTitle(data.offers.total)} – porównanie pożyczek online`,
        description: `Pożyczki na ${formatZloty(data.filters.amountZl)} i ${data.filters.periodDays} dni: oferty uszeregowane według kosztu i ocen, z przykładem reprezentatywnym przy każdej.`,
        // Only the first layout is indexed; the others show the same offers.
        noindex: layout !== 'cards',
        breadcrumbs: [HOME_CRUMB, { text: 'Oferty pożyczek', link: '' }],
      }),
  });
}

export const offersRoutes = [
  offersListRoute('offers', '/offers/', 'cards'),
  offersListRoute('offers2', '/offers2/', 'compact'),
  offersListRoute('offers3', '/offers3/', 'tiles'),
];

function landingRoute(kind: LandingKind) {
  return defineRoute({
    name: `landing-${kind}`,
    page: 'offers-landing',
    pattern: `/landing/${kind}/`,
    // After a refusal the header does not offer a new application either.
    layout: REFUSAL_LANDINGS.has(kind) ? 'quiet' : 'default',
    params: () => ({ kind }),
    load: loadLanding,
    // Campaign landings are reached from ads and e-mails, not from search.
    head: (_data, ctx) => pageHead(ctx, { ...LANDING_COPY[kind], noindex: true }),
  });
}

export const landingRoutes = (['offers', 'redirector', 'rejected', 'rejected2', 'trafficback'] as const).map(
  landingRoute,
);

export const lenderOfferRoute = defineRoute({
  name: 'lender-offer',
  page: 'lender-offer',
  pattern: lenderOfferPath(':id'),
  layout: 'default',
  params(raw) {
    const lenderId = numericIdParam(raw['id']);
    return lenderId === null ? null : { lenderId };
  },
  load: loadLenderOffer,
  head: (data, ctx) =>
    pageHead(ctx, {
      title: `${data.name} – aktualna oferta pożyczki`,
      description: `Warunki pożyczki w ${data.names.locative}: kwota, okres, koszt i przykład reprezentatywny. Porównaj z innymi ofertami.`,
      breadcrumbs: [HOME_CRUMB, { text: 'Oferty pożyczek', link: '/offers/' }, { text: data.name, link: '' }],
    }),
});

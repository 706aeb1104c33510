import { type contentV1, type offersV1, type ratesV1 } from '@lib/contracts';
import { type ContentPageView } from './pages/content/content-data';
import { HOME_RATE_CODES, type OfferCard, type RatesBox } from './pages/home/home-data';

/**
 * Maps gRPC messages onto what the pages show. Components never see protobuf types, and the
 * cached and inlined data carries only the fields that are rendered.
 */
export function toContentView(page: contentV1.Page, routeType: string): ContentPageView {
  return {
    path: page.path,
    type: routeType,
    title: page.title,
    description: page.description,
    h1: page.h1 || page.title,
    bodyHtml: page.bodyHtml,
    updatedAt: page.updatedAt,
    breadcrumbs: page.breadcrumbs.map((crumb) => ({ text: crumb.text, link: crumb.link })),
    faq: page.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
    canonicalUrl: page.canonicalUrl,
    noindex: page.noindex,
  };
}

export function toOfferCard(offer: offersV1.Offer): OfferCard {
  return {
    id: String(offer.offerId),
    name: offer.header,
    link: offer.lenderLink,
    stars: offer.stars,
    amountMinGrosze: offer.amountMinGrosze,
    amountMaxGrosze: offer.amountMaxGrosze,
    periodMinDays: offer.periodMinDays,
    periodMaxDays: offer.periodMaxDays,
    aprBasisPoints: offer.aprBasisPoints,
    firstLoanFree: offer.firstLoanFree,
    tags: offer.tags,
  };
}

/** The home page's four currencies from an NBP table A, in a fixed order; missing codes are skipped. */
export function toRatesBox(table: ratesV1.RateTable): RatesBox {
  const byCode = new Map(table.rates.map((rate) => [rate.code.toUpperCase(), rate]));
  return {
    tableNo: table.no,
    effectiveDate: table.effectiveDate,
    rates: HOME_RATE_CODES.flatMap((code) => {
      const rate = byCode.get(code);
      return rate ? [{ code, currency: rate.currency, mid: rate.mid }] : [];
    }),
  };
}

/** Leaves large static HTML out of the inline hydration copy (the browser reads it from the DOM). */
export function withoutBodyHtml(page: ContentPageView): ContentPageView {
  return page.bodyHtml ? { ...page, bodyHtml: null } : page;
}

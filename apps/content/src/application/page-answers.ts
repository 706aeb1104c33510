import { contentV1 } from '@lib/contracts';
import { groszeFromZloty } from '@lib/finance';
import { breadcrumbs } from '../domain/breadcrumbs';
import { type OfferBlockRecord, type RouteType } from '../domain/content-model';
import { type PageEntity } from '../persistence/page.entity';

const { RouteType: Proto } = contentV1;

export const ROUTE_TYPE: Record<RouteType, contentV1.RouteType> = {
  page: Proto.PAGE,
  seo: Proto.SEO,
  blog: Proto.BLOG,
  tag: Proto.TAG,
  lender: Proto.LENDER,
  doc: Proto.DOC,
  author: Proto.AUTHOR,
};

/**
 * A published page as GetPage answers it. `headings` maps related paths and the offers block's
 * fallback page to their H1 (only those still published), `lenderName` names the lender of a lender
 * review page.
 */
export function toPage(
  page: PageEntity,
  headings: ReadonlyMap<string, string>,
  lenderName: string | undefined,
): contentV1.Page {
  return {
    path: page.path,
    type: ROUTE_TYPE[page.type],
    link: page.link,
    title: page.title,
    description: page.description,
    h1: page.h1,
    bodyHtml: page.bodyHtml,
    updatedAt: page.updatedAt.toISOString(),
    publishedAt: page.publishedAt.toISOString(),
    breadcrumbs: breadcrumbs(page, lenderName),
    faq: page.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
    imageUrl: '',
    canonicalUrl: '',
    noindex: false,
    introHtml: page.introHtml,
    toc: page.toc.map((entry) => ({ anchor: entry.anchor, title: entry.title, level: entry.level })),
    // Only targets still published: a related page whose file was removed drops out of the list.
    related: page.related.flatMap((target) => {
      const title = headings.get(target);
      return title === undefined ? [] : [{ path: target, title }];
    }),
    showOffers: page.showOffers,
    readingTimeMinutes: page.readingMinutes,
    wordCount: page.wordCount,
    offerBlock: page.showOffers && page.offerBlock ? toPageOfferBlock(page.offerBlock, headings) : null,
  };
}

/**
 * The offers block's declaration as GetPage answers it. A fallback page that is no longer published
 * is left out: the gateway then links the offers list of the same amount and period.
 */
export function toPageOfferBlock(
  block: OfferBlockRecord,
  headings: ReadonlyMap<string, string>,
): contentV1.PageOfferBlock {
  const fallbackTitle = block.fallbackPath === '' ? undefined : headings.get(block.fallbackPath);
  return {
    amountGrosze: groszeFromZloty(block.amountZl),
    periodDays: block.periodDays,
    productTypes: block.productTypes,
    firstLoanFreeOnly: block.firstLoanFreeOnly,
    ageFrom: block.ageFrom,
    ageTo: block.ageTo,
    business: block.business,
    withoutCreditCheck: block.withoutCreditCheck,
    fallbackPath: fallbackTitle === undefined ? '' : block.fallbackPath,
    fallbackTitle: fallbackTitle ?? '',
    applicantAgeFrom: block.applicants?.ageFrom ?? 0,
    applicantAgeTo: block.applicants?.ageTo ?? 0,
    applicantDocuments: block.applicants?.documents ?? [],
  };
}

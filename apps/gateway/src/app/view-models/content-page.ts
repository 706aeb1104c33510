import { contentV1 } from '@lib/contracts';
import { oncePerAnswer } from '../loaders/per-answer';
import { type ContentPageView, type TocItem } from '../view-types';

/** 'seo', 'blog', 'doc', … ('unspecified' for a type this build does not know). */
export const routeTypeName = (type: contentV1.RouteType): string =>
  (contentV1.RouteType[type] ?? 'UNSPECIFIED').toLowerCase();

export function toToc(entries: contentV1.TocEntry[]): TocItem[] {
  return entries.map((entry) => ({ anchor: entry.anchor, title: entry.title, level: entry.level }));
}

function contentView(page: contentV1.Page): ContentPageView {
  return {
    path: page.path,
    type: routeTypeName(page.type),
    title: page.title,
    description: page.description,
    h1: page.h1 || page.title,
    introHtml: page.introHtml,
    bodyHtml: page.bodyHtml,
    updatedAt: page.updatedAt,
    publishedAt: page.publishedAt,
    breadcrumbs: page.breadcrumbs.map((crumb) => ({ text: crumb.text, link: crumb.link })),
    faq: page.faq.map((item) => ({ question: item.question, answerHtml: item.answerHtml })),
    toc: toToc(page.toc),
    related: page.related.map((link) => ({ path: link.path, title: link.title })),
    showOffers: page.showOffers,
    readingTimeMinutes: page.readingTimeMinutes,
    imageUrl: page.imageUrl,
    canonicalUrl: page.canonicalUrl,
    noindex: page.noindex,
  };
}

/**
 * A GetPage answer as the page shows it, made once per answer (oncePerAnswer): a page unchanged
 * since the last request is the same decoded answer, and its view is then the same shared one.
 */
export const toContentView = oncePerAnswer(contentView, () => '');

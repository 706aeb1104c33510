import { type ContentPageView } from '../view-types';
import { type HeadContext, type RouteHead } from '../route-types';
import {
  type Crumb,
  type JsonLd,
  absoluteUrl,
  breadcrumbListLd,
  compactLd,
  faqPageLd,
} from '../seo/structured-data';

export interface HeadFields {
  title: string;
  description: string;
  /** The content service's canonical URL; empty means the page's own address. */
  canonicalUrl?: string;
  noindex?: boolean;
  ogType?: 'website' | 'article';
  ogImage?: string;
  breadcrumbs?: readonly Crumb[];
  faq?: readonly { question: string; answerHtml: string }[];
  /** Further JSON-LD objects (Article, …). */
  structuredData?: readonly (JsonLd | null)[];
}

/** A route's head: canonical URL, robots, Open Graph type and the page's JSON-LD. */
export function pageHead(ctx: HeadContext, fields: HeadFields): RouteHead {
  const canonical = fields.canonicalUrl || `${ctx.origin}${ctx.path}`;
  const structuredData = compactLd([
    breadcrumbListLd(ctx.origin, fields.breadcrumbs ?? [], canonical),
    faqPageLd(fields.faq ?? []),
    ...(fields.structuredData ?? []),
  ]);
  return {
    title: fields.title,
    description: fields.description,
    canonical,
    ...(fields.noindex ? { robots: 'noindex, follow' } : {}),
    ...(fields.ogType ? { ogType: fields.ogType } : {}),
    ...(fields.ogImage ? { ogImage: fields.ogImage } : {}),
    ...(structuredData.length > 0 ? { structuredData } : {}),
  };
}

export const HOME_CRUMB: Crumb = { text: 'Strona główna', link: '/' };

/** The head of a page the content service publishes, from its own SEO fields. */
export function contentHead(
  ctx: HeadContext,
  page: ContentPageView,
  extra: Partial<HeadFields> = {},
): RouteHead {
  return pageHead(ctx, {
    title: page.title,
    description: page.description,
    canonicalUrl: page.canonicalUrl,
    noindex: page.noindex,
    ...(page.imageUrl ? { ogImage: absoluteUrl(ctx.origin, page.imageUrl) } : {}),
    breadcrumbs: page.breadcrumbs,
    faq: page.faq,
    ...extra,
  });
}

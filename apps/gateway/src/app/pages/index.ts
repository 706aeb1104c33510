import { type ComponentType, type ReactNode } from 'react';

/**
 * The page registry: every page component, loaded on demand so the browser bundle splits per page
 * (build-client.mjs names each chunk's page by its file, `<name>-page.tsx`). The server and the
 * browser share this map: the route table names a page by its key, and so do payloads. Each page
 * lives in its feature's folder. No page hydrates in the browser: a page component runs there only
 * for client-side navigation, and what is interactive is an island (client/page-enhancements.ts).
 */
export const pageModules = {
  home: () => import('../../features/home/home-page'),
  lp: () => import('../../features/home/lp-page'),
  content: () => import('../../features/content/content-page'),
  blog: () => import('../../features/blog/blog-page'),
  author: () => import('../../features/author/author-page'),
  'lender-reviews': () => import('../../features/lender-reviews/lender-reviews-page'),
  'lender-review': () => import('../../features/lender-reviews/lender-review-page'),
  calendar: () => import('../../features/calendar/calendar-page'),
  'currency-converter': () => import('../../features/currency-converter/converter-page'),
  'currency-pair': () => import('../../features/currency-converter/pair-page'),
  'bank-rates': () => import('../../features/bank-rates/banks-page'),
  bank: () => import('../../features/bank-rates/bank-page'),
  'loan-calculator': () => import('../../features/loan-calculator/loan-calculator-page'),
  eligibility: () => import('../../features/eligibility/eligibility-page'),
  'comment-form': () => import('../../features/comments/comment-form-page'),
  application: () => import('../../features/application/application-page'),
  'application-status': () => import('../../features/application-status/application-status-page'),
  offers: () => import('../../features/offers/offers-page'),
  'offers-landing': () => import('../../features/offers/offers-landing-page'),
  'lender-offer': () => import('../../features/offers/lender-offer-page'),
  contact: () => import('../../features/contact/contact-page'),
  partners: () => import('../../features/partners/partners-page'),
  unsubscribe: () => import('../../features/unsubscribe/unsubscribe-page'),
  'self-service': () => import('../../features/self-service/self-service-page'),
  'cookie-settings': () => import('../../features/consent/cookie-settings-page'),
  'not-found': () => import('../../features/errors/not-found-page'),
  status: () => import('../../features/errors/status-page'),
};

export type PageName = keyof typeof pageModules;

/** The data type a page component takes, read from its props. */
export type PageData<K extends PageName> =
  Awaited<ReturnType<(typeof pageModules)[K]>>['default'] extends ComponentType<{ data: infer D }>
    ? D
    : never;

/**
 * A loaded page component. Its data is typed where it is produced (the route table checks each
 * loader against its page's props); at this point the data comes from JSON, so it is unknown.
 */
export type LoadedPage = (props: { data: unknown }) => ReactNode;

export function isPageName(value: unknown): value is PageName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(pageModules, value);
}

export async function loadPageComponent(name: PageName): Promise<LoadedPage> {
  const module = await pageModules[name]();
  return module.default as unknown as LoadedPage;
}

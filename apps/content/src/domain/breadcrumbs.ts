import { BLOG_PATH, LENDER_LISTING_PATH } from './catalogue';
import { type RouteType } from './content-model';

/** One step of a breadcrumb trail; the current page has no link (''). */
export interface Breadcrumb {
  text: string;
  link: string;
}

const HOME: Breadcrumb = { text: 'Strona główna', link: '/' };
const BLOG: Breadcrumb = { text: 'Blog', link: BLOG_PATH };
/** 'Pożyczki online' in the lender trail (spec: 'Loans Online > Loan reviews') leads to the online loans landing page. */
const LOANS_ONLINE: Breadcrumb = { text: 'Pożyczki online', link: '/chwilowki-online/' };
const LENDER_LISTING: Breadcrumb = { text: 'Opinie o pożyczkach', link: LENDER_LISTING_PATH };

const here = (text: string): Breadcrumb => ({ text, link: '' });

/** Breadcrumb trail per kind of page, home first, the current page last without a link. */
export function breadcrumbs(
  page: { path: string; type: RouteType; title: string; h1: string },
  lenderName?: string,
): Breadcrumb[] {
  switch (page.type) {
    case 'page':
      if (page.path === '/') return [];
      if (page.path === LENDER_LISTING_PATH) return [HOME, LOANS_ONLINE, here(LENDER_LISTING.text)];
      return [HOME, here(page.h1)];
    case 'seo':
    case 'doc':
      return [HOME, here(page.h1)];
    case 'blog':
      return [HOME, BLOG, here(page.title)];
    case 'tag':
    case 'author':
      return [HOME, BLOG, here(page.h1)];
    case 'lender':
      return [HOME, LOANS_ONLINE, LENDER_LISTING, here(lenderName ?? page.h1)];
  }
}

import { contentV1 } from '@lib/contracts';
import { LENDER_LISTING_PATH, tagPath } from './import/catalogue';
import { type LenderInfo, type RouteType } from './import/model';
import { type ArticleRow } from './persistence/articles.repository';
import { type TagRow } from './persistence/blog-taxonomy.repository';
import { type LenderSummaryRow } from './persistence/lenders.repository';

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

const HOME: contentV1.Breadcrumb = { text: 'Strona główna', link: '/' };
const BLOG: contentV1.Breadcrumb = { text: 'Blog', link: '/blog/' };
/** 'Pożyczki online' in the lender trail (spec: 'Loans Online > Loan reviews') leads to the online loans landing page. */
export const LOANS_ONLINE: contentV1.Breadcrumb = { text: 'Pożyczki online', link: '/chwilowki-online/' };
const LENDER_LISTING: contentV1.Breadcrumb = { text: 'Opinie o pożyczkach', link: LENDER_LISTING_PATH };

const here = (text: string): contentV1.Breadcrumb => ({ text, link: '' });

/** Breadcrumb trail per kind of page, home first, the current page last without a link. */
export function breadcrumbs(
  page: { path: string; type: RouteType; title: string; h1: string },
  lenderName?: string,
): contentV1.Breadcrumb[] {
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

export function toArticleSummary(row: ArticleRow): contentV1.ArticleSummary {
  return {
    slug: row.slug,
    path: row.path,
    title: row.title,
    excerpt: row.description,
    imageUrl: '',
    imageCaption: '',
    writtenAt: row.written,
    editedAt: row.edited === row.written ? '' : row.edited,
    views: row.views,
    readingTimeMinutes: row.readingMinutes,
    tagSlugs: row.tags,
    authorId: row.authorId,
  };
}

export function toTag(row: TagRow): contentV1.Tag {
  return {
    slug: row.slug,
    url: tagPath(row.slug),
    name: row.name,
    description: row.description,
    articlesCount: row.articlesCount,
  };
}

export function toLenderSummary(row: LenderSummaryRow): contentV1.LenderReviewSummary {
  return {
    slug: row.slug,
    path: row.path,
    name: row.name,
    logoUrl: row.logoUrl,
    reviewsCount: row.reviewsCount,
    ratingsSum: row.ratingsSum,
  };
}

/** The info box: facts that are known, labelled in Polish; unknown ones (null) are left out. */
export function lenderInfoItems(info: LenderInfo): contentV1.LenderInfoItem[] {
  const items: contentV1.LenderInfoItem[] = [];
  if (info.company) items.push({ label: 'Firma', value: info.company });
  if (info.amount) items.push({ label: 'Kwota', value: info.amount });
  if (info.period) items.push({ label: 'Okres spłaty', value: info.period });
  if (info.firstLoanFree !== null)
    items.push({ label: 'Pierwsza pożyczka za 0 zł', value: info.firstLoanFree ? 'Tak' : 'Nie' });
  return items;
}

export const byPolishName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'pl');

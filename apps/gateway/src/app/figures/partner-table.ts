import { type offersV1 } from '@lib/contracts';
import { lenderReviewPath } from '../site-paths/lender-reviews';
import { formatDate } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { BEING_VERIFIED, KIND_LABELS } from './lender-facts.view-model';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for HTML content and double-quoted attributes (app/ renders on both sides, so not server/render/html's). */
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

const sourceHtml = (
  fact: offersV1.TextFact | null | undefined,
  locale: Pick<Locale, 'code' | 'timezone'>,
): string => {
  if (!fact || fact.value === '' || !fact.source) return '';
  const name = escapeHtml(fact.source.name);
  const link =
    fact.source.url !== ''
      ? `<a href="${escapeHtml(fact.source.url)}" rel="nofollow noopener">${name}</a>`
      : name;
  const date =
    fact.checkedAt !== ''
      ? `, stan na <time datetime="${escapeHtml(fact.checkedAt)}">${formatDate(locale, fact.checkedAt)}</time>`
      : '';
  return `${link}${date}`;
};

/**
 * The partner list's table (`{{partnerzy.tabela}}`): every reviewed brand with the legal entity
 * behind it and the kind of business from the offers service's lender facts, or that it is being
 * verified; the source and date of each verified entity; a link to the review.
 */
export function partnerTableHtml(
  lenders: readonly offersV1.LenderFacts[],
  locale: Pick<Locale, 'code' | 'timezone'>,
): string {
  const rows = lenders.map((lender) => {
    const company =
      lender.company && lender.company.value !== ''
        ? escapeHtml(lender.company.value)
        : `<em>${BEING_VERIFIED}</em>`;
    const kindValue = lender.kind?.value ?? '';
    const kind =
      kindValue !== '' ? escapeHtml(KIND_LABELS[kindValue] ?? kindValue) : `<em>${BEING_VERIFIED}</em>`;
    const sources = [sourceHtml(lender.company, locale), sourceHtml(lender.kind, locale)].filter(
      (s, i, all) => s !== '' && all.indexOf(s) === i,
    );
    const review = lenderReviewPath(lender.slug);
    return (
      `<tr data-partner="${escapeHtml(lender.slug)}"><th scope="row">${escapeHtml(lender.name)}</th><td>${kind}</td><td>${company}</td>` +
      `<td>${sources.length > 0 ? sources.join('; ') : '–'}</td>` +
      `<td>${review !== '' ? `<a href="${escapeHtml(review)}">opinie</a>` : '–'}</td></tr>`
    );
  });
  return (
    '<table class="partner-table"><thead><tr><th scope="col">Marka</th><th scope="col">Rodzaj działalności</th>' +
    '<th scope="col">Spółka (strona umowy)</th><th scope="col">Źródło i data</th><th scope="col">Omówienie</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

/** Kinds of business that lend no money themselves: named as such next to the brand. */
const NOT_LENDING = new Set(['porownywarka', 'posrednik']);

/**
 * The lenders we work with (`{{partnerzy.lista}}`, the intermediary disclosure of /o-nas/ and the
 * terms): every brand of the offers service's lender facts linked to its review, a comparison site
 * or an intermediary said to be one. From the data, so the list and the partner table never differ.
 */
export function partnerListHtml(lenders: readonly offersV1.LenderFacts[]): string {
  const items = lenders.map((lender) => {
    const review = lenderReviewPath(lender.slug);
    const name = escapeHtml(lender.name);
    const kind = lender.kind?.value ?? '';
    const label = NOT_LENDING.has(kind) ? ` (${escapeHtml(KIND_LABELS[kind] ?? kind)})` : '';
    return `<li data-partner="${escapeHtml(lender.slug)}">${review !== '' ? `<a href="${escapeHtml(review)}">${name}</a>` : name}${label}</li>`;
  });
  return `<ul class="partner-list">${items.join('')}</ul>`;
}

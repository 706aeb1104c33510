import { SITE_DESCRIPTION, SITE_NAME } from './site';

/**
 * JSON-LD objects (schema.org) for the document head. Built from the same view data the page
 * renders, so what search engines read always matches what visitors see.
 */
export type JsonLd = { '@context'?: string; '@type': string; [key: string]: unknown };

const CONTEXT = 'https://schema.org';

/** A path or absolute URL made absolute against the public origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** On every page: who publishes the site. */
export function organizationLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${origin}/#organizacja`,
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: SITE_DESCRIPTION,
  };
}

export interface Crumb {
  text: string;
  /** Path or URL; empty for the current page. */
  link: string;
}

/** The breadcrumb trail; the current page (empty link) points at the canonical URL. */
export function breadcrumbListLd(origin: string, crumbs: readonly Crumb[], canonical: string): JsonLd | null {
  if (crumbs.length === 0) return null;
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.text,
      item: crumb.link === '' ? canonical : absoluteUrl(origin, crumb.link),
    })),
  };
}

/** Questions with their answers as plain text (the HTML of the answers is reduced to text). */
export function faqPageLd(items: readonly { question: string; answerHtml: string }[]): JsonLd | null {
  if (items.length === 0) return null;
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(item.answerHtml) },
    })),
  };
}

/**
 * Whether an author is an editorial team rather than a person: the content has no type field, so
 * the team is known by its name ("Redakcja …", "Dział …", "Zespół …") or its role ("Zespół
 * redakcyjny"). Teams are schema.org Organizations, people Persons.
 */
export function isEditorialTeam(author: { name: string; role?: string }): boolean {
  return (
    /^(redakcja|dział|zespół)(\s|$)/iu.test(author.name.trim()) ||
    /^zespół(\s|$)/iu.test((author.role ?? '').trim())
  );
}

/** An author as JSON-LD: an Organization for an editorial team, a Person otherwise. */
export function authorLd(origin: string, author: { name: string; role?: string; path?: string }): JsonLd {
  const team = isEditorialTeam(author);
  return {
    '@type': team ? 'Organization' : 'Person',
    name: author.name,
    ...(author.path ? { url: absoluteUrl(origin, author.path) } : {}),
    ...(!team && author.role ? { jobTitle: author.role } : {}),
  };
}

export interface ArticleLdInput {
  headline: string;
  description: string;
  canonical: string;
  /** 'YYYY-MM-DD' */
  datePublished: string;
  /** 'YYYY-MM-DD'; the publication date when never edited. */
  dateModified: string;
  author: { name: string; path: string; role?: string };
  imageUrl: string;
}

export function articleLd(origin: string, input: ArticleLdInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: input.headline,
    description: input.description,
    mainEntityOfPage: input.canonical,
    datePublished: input.datePublished,
    dateModified: input.dateModified || input.datePublished,
    author: authorLd(origin, input.author),
    publisher: { '@id': `${origin}/#organizacja` },
    ...(input.imageUrl ? { image: absoluteUrl(origin, input.imageUrl) } : {}),
    inLanguage: 'pl-PL',
  };
}

/** Drops null entries so route heads can list optional objects inline. */
export function compactLd(items: readonly (JsonLd | null)[]): JsonLd[] {
  return items.filter((item): item is JsonLd => item !== null);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function codePoint(value: number, entity: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : entity;
}

/** Sanitised HTML from the content service as plain text: tags dropped, common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity: string, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return codePoint(parseInt(lower.slice(2), 16), entity);
      if (lower.startsWith('#')) return codePoint(parseInt(lower.slice(1), 10), entity);
      return ENTITIES[lower] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

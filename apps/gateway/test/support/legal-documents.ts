import { readFileSync } from 'node:fs';
import path from 'node:path';
// The documents must be checked as visitors get them: rendered by the content service's own
// Markdown pipeline (markdown-it, then its sanitiser), not by a copy of its settings.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { renderMarkdown } from '../../../content/src/domain/markdown';

/** The repository's content/docs folder (the documents the content service imports). */
export const DOCS_DIR = path.resolve(__dirname, '../../../../content/docs');

/** The legal documents this gateway fills with the operator (lista-partnerow.md, mostly the partners' table, is checked apart). */
export const LEGAL_DOCUMENTS = {
  privacy: 'polityka-prywatnosci.md',
  terms: 'zasady-korzystania-z-serwisu.md',
  cookies: 'polityka-cookies.md',
  notice: 'klauzula-informacyjna.md',
  rights: 'prawa-uzytkownika-rodo.md',
} as const;

export type LegalDocumentKey = keyof typeof LEGAL_DOCUMENTS;

export interface LegalDocument {
  file: string;
  path: string;
  title: string;
  h1: string;
  description: string;
  /** The Markdown body (after the front matter). */
  markdown: string;
  /** The body as the content service renders it (same renderer: markdown-it and the sanitiser). */
  html: string;
}

const field = (frontMatter: string, name: string): string =>
  new RegExp(`^${name}: (.*)$`, 'm').exec(frontMatter)?.[1]?.trim() ?? '';

/** Markdown as the content service renders a document body (markdown-it, then the sanitiser). */
export const renderDocumentMarkdown = (markdown: string): string =>
  renderMarkdown(markdown, { headingIds: true }).html;

export function readLegalDocument(key: LegalDocumentKey): LegalDocument {
  const file = LEGAL_DOCUMENTS[key];
  const source = readFileSync(path.join(DOCS_DIR, file), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: no front matter`);
  const [, frontMatter = '', markdown = ''] = match;
  return {
    file,
    path: field(frontMatter, 'path'),
    title: field(frontMatter, 'title'),
    h1: field(frontMatter, 'h1'),
    description: field(frontMatter, 'description'),
    markdown,
    html: renderDocumentMarkdown(markdown),
  };
}

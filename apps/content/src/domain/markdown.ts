import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { SlugRegistry } from './heading-slugs';
import { countWords } from './text-stats';

type Token = ReturnType<MarkdownIt['parse']>[number];

export interface TocEntry {
  anchor: string;
  title: string;
  level: 2 | 3;
}

export interface RenderedMarkdown {
  /** Sanitised HTML. */
  html: string;
  /** ## and ### headings in order (only when headingIds was asked for). */
  toc: TocEntry[];
  words: number;
  /** Headings by level, for the import's structure rules (h1 is reserved for the page's own H1). */
  headings: { h1: number; h2: number; h3: number };
  /** Images found in the source; the allow-list has no <img>, so the importer reports them. */
  images: number;
}

export interface RenderOptions {
  /** Give headings ids (Polish-to-ASCII slugs, unique in the document) and collect the table of contents. */
  headingIds?: boolean;
}

// Raw HTML in the source is escaped, never passed through (html: false); the sanitiser below is the
// second line of defence and the one place that decides which tags and attributes reach a page.
// typographer stays off: it would turn Polish „quotes” into English ones.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

const ALIGN = [/^(?:left|right|center)$/];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'em',
    's',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  // Markdown table alignment is the only inline style that may pass.
  allowedStyles: { th: { 'text-align': ALIGN }, td: { 'text-align': ALIGN } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs['href'] ?? '';
      // Only our own links may open in place; external ones get a tab of their own that cannot reach back.
      if (/^https?:\/\//i.test(href))
        return { tagName, attribs: { href, rel: 'noopener', target: '_blank' } };
      return { tagName, attribs: { href } };
    },
  },
};

function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  return token.children
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

function textOf(tokens: readonly Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') parts.push(inlineText(token));
    else if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
  }
  return parts.join(' ');
}

function countImages(tokens: readonly Token[]): number {
  let images = 0;
  for (const token of tokens)
    for (const child of token.children ?? []) if (child.type === 'image') images += 1;
  return images;
}

/** Markdown → sanitised HTML, once, at import time; with heading anchors and statistics. */
export function renderMarkdown(source: string, options: RenderOptions = {}): RenderedMarkdown {
  const env = {};
  const tokens = markdown.parse(source, env);
  const toc: TocEntry[] = [];
  const headings = { h1: 0, h2: 0, h3: 0 };
  const slugs = new SlugRegistry();

  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const level = Number(token.tag.slice(1));
    if (level === 1) headings.h1 += 1;
    if (level === 2) headings.h2 += 1;
    if (level === 3) headings.h3 += 1;
    if (!options.headingIds) return;
    const title = inlineText(tokens[index + 1]).trim();
    const anchor = slugs.claim(title);
    token.attrSet('id', anchor);
    if (level === 2 || level === 3) toc.push({ anchor, title, level });
  });

  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, env), SANITIZE).trim();
  return { html, toc, words: countWords(textOf(tokens)), headings, images: countImages(tokens) };
}

/** Plain text → a safe paragraph (for texts that are not Markdown, such as a tag's description). */
export function paragraph(text: string): string {
  return `<p>${sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })}</p>`;
}

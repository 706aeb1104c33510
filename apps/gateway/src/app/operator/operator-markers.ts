import { intermediaryParagraphs } from './intermediary';
import { OPERATOR_EXAMPLE_NOTICE, type OperatorView, operatorFacts } from './operator';

/*
 * Legal documents never spell out who runs the site: their Markdown (content/docs/*.md) carries
 * markers, and the gateway fills them with the configured operator when it draws the page. The
 * content service renders a marker as plain text, so it reaches us inside the document's HTML:
 *
 *   {{operator:identity}}   alone in a paragraph: the whole identity block (name, legal form,
 *                           address, KRS with its court, NIP, REGON, share capital, register of
 *                           credit intermediaries, e-mail, phone, data protection contact)
 *   {{operator:intermediary}}  alone in a paragraph: the credit intermediary's disclosure (register
 *                           entry, scope of authority, how we are paid; intermediary.ts)
 *   {{operator:name}}  {{operator:address}}  {{operator:phone}}   inline text
 *   {{operator:email}}  {{operator:dpo-email}}                     inline mailto links
 *
 * content/README.md documents them for editors; the documents' checklist test
 * (apps/gateway/test/legal-documents.int.spec.ts) refuses a marker not listed here.
 */

const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const mailto = (address: string) => `<a href="mailto:${escapeHtml(address)}">${escapeHtml(address)}</a>`;

/** Inline markers and what each becomes. */
export const INLINE_OPERATOR_MARKERS: Readonly<Record<string, (operator: OperatorView) => string>> = {
  name: (operator) => escapeHtml(operator.name),
  address: (operator) => escapeHtml(operator.address),
  phone: (operator) => escapeHtml(operator.phone),
  email: (operator) => mailto(operator.email),
  'dpo-email': (operator) => mailto(operator.dpoEmail),
};

/** Every marker a document may use (the two blocks plus the inline ones). */
export const OPERATOR_MARKERS: readonly string[] = [
  'identity',
  'intermediary',
  ...Object.keys(INLINE_OPERATOR_MARKERS),
];

/** Any `{{operator:…}}` marker, known or not (the checklist test reports unknown ones). */
export const OPERATOR_MARKER_PATTERN = /\{\{\s*operator:([a-z-]+)\s*\}\}/g;

const IDENTITY_PARAGRAPH = /<p>\s*\{\{\s*operator:identity\s*\}\}\s*<\/p>/g;
const INTERMEDIARY_PARAGRAPH = /<p>\s*\{\{\s*operator:intermediary\s*\}\}\s*<\/p>/g;

/** The identity block as HTML (the same facts and order as the React OperatorIdentity). */
export function operatorIdentityHtml(operator: OperatorView): string {
  const rows = operatorFacts(operator)
    .map(({ label, value, href }) => {
      const shown =
        href === undefined ? escapeHtml(value) : `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>`;
      return `<div class="operator-identity__row"><dt>${escapeHtml(label)}</dt><dd>${shown}</dd></div>`;
    })
    .join('');
  const notice = operator.example
    ? `<p class="operator-identity__example" role="note">${escapeHtml(OPERATOR_EXAMPLE_NOTICE)}</p>`
    : '';
  return `<div class="operator-identity" data-operator="identity">${notice}<dl>${rows}</dl></div>`;
}

/** The intermediary's disclosure as HTML: one titled paragraph for each of its parts. */
export function intermediaryDisclosureHtml(operator: OperatorView): string {
  const paragraphs = intermediaryParagraphs(operator)
    .map(({ title, text }) => `<p><strong>${escapeHtml(title)}.</strong> ${escapeHtml(text)}</p>`)
    .join('');
  return `<div class="intermediary-disclosure" data-operator="intermediary">${paragraphs}</div>`;
}

/**
 * A document's HTML with its operator markers filled in. `used`: it had any; `block`: it had the
 * identity block (which carries the example notice itself; a page with inline markers only shows
 * the notice on its own, see DocumentView).
 */
export function fillOperatorMarkers(
  html: string,
  operator: OperatorView,
): { html: string; used: boolean; block: boolean } {
  let used = false;
  let block = false;
  const withBlock = html.replace(IDENTITY_PARAGRAPH, () => {
    used = true;
    block = true;
    return operatorIdentityHtml(operator);
  });
  const withDisclosure = withBlock.replace(INTERMEDIARY_PARAGRAPH, () => {
    used = true;
    return intermediaryDisclosureHtml(operator);
  });
  const filled = withDisclosure.replace(OPERATOR_MARKER_PATTERN, (marker: string, name: string) => {
    const render = INLINE_OPERATOR_MARKERS[name];
    if (render === undefined) return marker;
    used = true;
    return render(operator);
  });
  return { html: filled, used, block };
}

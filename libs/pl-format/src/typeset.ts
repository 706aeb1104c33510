import { NBSP } from './numbers';

/*
 * Typesetting of Polish text people write (the content files), so typed figures read like the
 * formatted ones and keep together on a line:
 * - a dash is the en dash: '—' becomes '–' (spaced in asides, unspaced in ranges, as written);
 * - an amount in złoty from a thousand on is grouped by three: '10000 zł' → '10 000 zł';
 * - the spaces of a grouped number are no-break spaces: '30 000' stays on one line;
 * - a number and 'zł' (or a word starting so: 'złotych') or '%' are joined by a no-break space,
 *   put in where the text has none ('12,5%' → '12,5 %').
 * Only spaces and dashes change; words, digits and their order never do.
 */

const EM_DASH = /\u2014/g;
/** Digits of an amount not yet grouped, followed by 'zł' (decimals allowed): '10000 zł', '2018,50 zł'. */
const UNGROUPED_AMOUNT = /(?<![\d.,]|\d[ \u00a0])(\d{4,})(?=(?:,\d+)?[ \u00a0]?zł)/g;
/** A number grouped by three with spaces: '30 000', '1 234 567'. Not part of a longer run of digits. */
const GROUPED_NUMBER = /(?<![\d.,]|\d[ \u00a0])\d{1,3}(?:[ \u00a0]\d{3})+(?![\d])/g;
/**
 * A number right before 'zł' or '%', with a plain space or none. A '%' followed by two hex digits
 * is an escape of an address typed in the text ('%20'), no percentage.
 */
const NUMBER_UNIT = /(\d) ?(?=zł|%(?![0-9A-Fa-f]{2}))/g;

/** One text (no markup) typeset as above. */
export function typesetText(text: string): string {
  return text
    .replace(EM_DASH, '\u2013')
    .replace(UNGROUPED_AMOUNT, (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, NBSP))
    .replace(GROUPED_NUMBER, (number: string) => number.replace(/ /g, NBSP))
    .replace(NUMBER_UNIT, `$1${NBSP}`);
}

/** HTML typeset in its text only: tags and their attributes (addresses, ids) are left as they are. */
export function typesetHtml(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : typesetText(part)))
    .join('');
}

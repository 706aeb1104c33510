import { type offersV1 } from '@lib/contracts';
import { formatDate, formatMoneyWhole, formatPercentBp, formatPercentDecimal } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { SAMPLE_MARK } from './figure-tokens';
import { periodEnds, periodText } from './lender-facts.view-model';

/**
 * Per-lender figure tokens: a lender review says `{{oferta.kwota-max|najwyższej kwoty z aktualnej
 * oferty}}` where it quotes that lender's offer, and the gateway fills it from GetLenderFacts of the
 * review's slug, so the review text and its facts block state one set of figures. The text after
 * `|` is what the token reads as when the figure is unknown (the feed does not give it, the lender
 * has no offer, the offers service does not answer): the writer phrases it to fit the sentence's
 * grammar; a token without one reads as its default neutral phrase. Never a guessed number, never
 * the raw token. Names documented in content/README.md ("Figure tokens").
 */
export const LENDER_TOKENS = [
  'oferta.kwota-min',
  'oferta.kwota-max',
  'oferta.kwoty',
  'oferta.okres-min',
  'oferta.okres-max',
  'oferta.okresy',
  'oferta.darmowa-max',
  'oferta.przyklad',
  'oferta.rrso',
  'oferta.oprocentowanie',
  'oferta.prowizja',
  'oferta.wiek-min',
  'oferta.wiek-max',
  'oferta.wiek',
  'oferta.stan-na',
] as const;
export type LenderToken = (typeof LENDER_TOKENS)[number];

/** What a token without its own fallback reads as when the figure is unknown. */
export const LENDER_TOKEN_DEFAULTS: Record<LenderToken, string> = {
  'oferta.kwota-min': 'kwota minimalna z aktualnej oferty',
  'oferta.kwota-max': 'kwota maksymalna z aktualnej oferty',
  'oferta.kwoty': 'w kwotach z aktualnej oferty',
  'oferta.okres-min': 'najkrótszy okres z aktualnej oferty',
  'oferta.okres-max': 'najdłuższy okres z aktualnej oferty',
  'oferta.okresy': 'na okres z aktualnej oferty',
  'oferta.darmowa-max': 'limit promocji z aktualnej oferty',
  'oferta.przyklad': 'kwota i okres z aktualnej oferty',
  'oferta.rrso': 'RRSO podane w formularzu informacyjnym',
  'oferta.oprocentowanie': 'oprocentowanie podane w formularzu informacyjnym',
  'oferta.prowizja': 'prowizja podana w formularzu informacyjnym',
  'oferta.wiek-min': 'wiek podany w aktualnej ofercie',
  'oferta.wiek-max': 'wiek podany w aktualnej ofercie',
  'oferta.wiek': 'w wieku podanym w aktualnej ofercie',
  'oferta.stan-na': 'dzień pobrania danych',
};

/** `{{oferta.name}}` or `{{oferta.name|fallback}}`; the fallback cannot hold braces or a bar. */
const TOKEN = /\{\{\s*(oferta\.[a-z-]+)\s*(?:\|([^{}|]*))?\}\}/g;

export interface LenderTokenUse {
  name: string;
  /** The writer's fallback, trimmed; null when the token has none. */
  fallback: string | null;
}

/** The lender tokens of a text, known or not (the content check lists unknown ones). */
export const lenderTokensIn = (text: string): LenderTokenUse[] =>
  [...text.matchAll(TOKEN)].map((m) => ({ name: m[1]!, fallback: m[2] === undefined ? null : m[2].trim() }));

type TokenLocale = Pick<Locale, 'code' | 'currency' | 'timezone'>;

const years = (age: number) => `${age} lat`;

/**
 * The text each token becomes for one lender's offer; a figure the feed does not give (0, empty)
 * is left out, so its tokens read as their fallback. Null facts (no offer, or the offers service
 * did not answer) give no values at all.
 */
export function lenderTokenValues(
  facts: offersV1.LenderFacts | null,
  locale: TokenLocale,
): Partial<Record<LenderToken, string>> {
  const offer = facts?.offer;
  if (!offer) return {};
  const values: Partial<Record<LenderToken, string>> = {};
  const money = (grosze: number) => formatMoneyWhole(locale, grosze);
  const { amountMinGrosze: amin, amountMaxGrosze: amax, periodMinDays: pmin, periodMaxDays: pmax } = offer;
  if (amin > 0) values['oferta.kwota-min'] = money(amin);
  if (amax > 0) {
    values['oferta.kwota-max'] = money(amax);
    values['oferta.kwoty'] =
      amin > 0 && amin < amax
        ? `od ${money(amin).replace(/\s*zł$/u, '')} do ${money(amax)}`
        : `do ${money(amax)}`;
  }
  if (pmin > 0) values['oferta.okres-min'] = periodText(pmin, pmin);
  if (pmax > 0) {
    values['oferta.okres-max'] = periodText(pmax, pmax);
    const ends = periodEnds(pmin, pmax);
    values['oferta.okresy'] =
      pmin > 0 && pmin < pmax
        ? `od ${ends.low} do ${ends.high}${ends.unit !== '' ? ` ${ends.unit}` : ''}`
        : periodText(pmax, pmax);
  }
  if (offer.firstLoanFree && offer.firstLoanFreeMaxGrosze > 0)
    values['oferta.darmowa-max'] = money(offer.firstLoanFreeMaxGrosze);
  const example = offer.representativeExample;
  if (example && example.amountGrosze > 0 && example.periodDays > 0) {
    values['oferta.przyklad'] =
      `${money(example.amountGrosze)} na ${periodText(example.periodDays, example.periodDays)}`;
  }
  if (example && example.rrsoPercent !== '' && Number.isFinite(Number(example.rrsoPercent))) {
    values['oferta.rrso'] = formatPercentDecimal(example.rrsoPercent);
  }
  if (offer.interestRateBp > 0)
    values['oferta.oprocentowanie'] = formatPercentBp(locale, offer.interestRateBp);
  if (offer.commissionBp > 0) values['oferta.prowizja'] = formatPercentBp(locale, offer.commissionBp);
  if (offer.ageMin > 0) values['oferta.wiek-min'] = years(offer.ageMin);
  if (offer.ageMax > 0) values['oferta.wiek-max'] = years(offer.ageMax);
  if (offer.ageMin > 0 && offer.ageMax > offer.ageMin)
    values['oferta.wiek'] = `w wieku od ${offer.ageMin} do ${offer.ageMax} lat`;
  else if (offer.ageMax > 0) values['oferta.wiek'] = `w wieku do ${offer.ageMax} lat`;
  if (offer.checkedAt !== '') values['oferta.stan-na'] = formatDate(locale, offer.checkedAt);
  if (!offer.sample) return values;
  // A figure of the bundled sample feed is no lender's term: each one says so where the review quotes it.
  for (const [name, value] of Object.entries(values))
    if (name !== 'oferta.stan-na') values[name as LenderToken] = `${value} ${SAMPLE_MARK}`;
  return values;
}

/**
 * Fills the lender tokens of one string: the figure, else the writer's fallback, else the token's
 * default phrase (an unknown token name reads as an empty string; the content check reports it).
 */
export function fillLenderTokens(text: string, values: Partial<Record<string, string>>): string {
  if (!text.includes('{{')) return text;
  return text.replace(TOKEN, (_whole, name: string, fallback: string | undefined) => {
    const value = values[name];
    if (value !== undefined) return value;
    if (fallback !== undefined && fallback.trim() !== '') return fallback.trim();
    return LENDER_TOKEN_DEFAULTS[name as LenderToken] ?? '';
  });
}

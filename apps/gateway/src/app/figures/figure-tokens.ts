import { type offersV1 } from '@lib/contracts';
import { type KeptWalks, mapPageStrings, somePageString } from '../loaders/page-strings';
import { oncePerAnswer } from '../loaders/per-answer';
import { type LoadContext } from '../route-types';
import { SAMPLE_DATA_TEXT } from '../components/sample-notice';
import { formatDate, formatInteger, formatMoneyWhole } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { partnerListHtml, partnerTableHtml } from './partner-table';
import { periodText } from './period-text';

/**
 * Figure tokens: content text says `{{oferty.kwota-max}}` where it quotes the catalogue's figures,
 * and the gateway fills them from the offers service's ListLenderFacts at render time, so the
 * headlines and the offer blocks state one set of figures. `{{partnerzy.tabela}}` and
 * `{{partnerzy.lista}}` (each a paragraph of its own) become the partner list's table and the linked
 * list of the lenders we work with, from the same data. A token may carry the words it reads
 * as when the figure is unknown, `{{oferty.kwota-max|kwoty podanej przez pożyczkodawców}}`; without
 * them an unknown figure reads as 'brak danych', never a guessed number. Figures of the bundled
 * sample feed are said to be sample data next to them. The names are documented in
 * content/README.md ("Figure tokens").
 */
export const FIGURE_TOKENS = [
  'oferty.kwota-min',
  'oferty.kwota-max',
  'oferty.okres-min',
  'oferty.okres-max',
  'oferty.darmowa-max',
  'oferty.liczba-pozyczkodawcow',
  'oferty.stan-na',
  'oferty.zrodlo',
  'partnerzy.tabela',
  'partnerzy.lista',
] as const;
export type FigureToken = (typeof FIGURE_TOKENS)[number];
/** Tokens that stand for a whole block of HTML built from the lenders' facts. */
export type PartnerBlockToken = 'partnerzy.tabela' | 'partnerzy.lista';
export type FigureValueToken = Exclude<FigureToken, PartnerBlockToken>;
/** The HTML each block token becomes. */
export type PartnerBlocks = Readonly<Record<PartnerBlockToken, string>>;
const isBlockToken = (name: string): name is PartnerBlockToken =>
  name === 'partnerzy.tabela' || name === 'partnerzy.lista';

/** `{{oferty.name}}` or `{{oferty.name|fallback}}`; the fallback cannot hold braces or a bar. */
const TOKEN = /\{\{\s*((?:oferty|partnerzy)\.[a-z-]+)\s*(?:\|([^{}|]*))?\}\}/g;
const BLOCK_PARAGRAPH = /<p>\s*\{\{\s*(partnerzy\.(?:tabela|lista))\s*\}\}\s*<\/p>/g;
/** A block of editorial HTML; a sample figure inside one is marked once, at the block's end. */
const HTML_BLOCK = /<(p|li|td|th|dd|dt|h[1-6])(\s[^>]*)?>([\s\S]*?)<\/\1>/g;

/** What an unknown figure without the writer's own words reads as. */
export const FIGURE_UNKNOWN = 'brak danych';
/** The words after a figure of the bundled sample feed. */
export const SAMPLE_MARK = '(dane przykładowe)';
const SAMPLE_MARK_HTML = ` <small class="sample-mark">${SAMPLE_MARK}</small>`;
const SAMPLE_NOTICE_HTML = `<p class="notice notice--sample" role="note" data-sample-notice="offers"><strong>Dane przykładowe</strong> – ${SAMPLE_DATA_TEXT.offers}</p>`;

/** The start of every token: a text without it has none. */
const TOKEN_START = /\{\{\s*(?:oferty|partnerzy)\./;

/** True when a text (or any string inside a value) holds a token. */
export function hasFigureTokens(value: unknown): boolean {
  return somePageString(value, isTokenText, partsWithTokens);
}

const isTokenText = (text: string) => text.includes('{{') && TOKEN_START.test(text);

/** Whether a shared part of page data holds a token, found once per part. */
const partsWithTokens: KeptWalks<boolean> = new WeakMap();

export interface FigureTokenUse {
  name: string;
  /** The writer's words for an unknown figure, trimmed; null when the token has none. */
  fallback: string | null;
}

/** Token names used in a text, known or not (the content check lists unknown ones). */
export const tokensIn = (text: string): string[] => figureTokenUses(text).map((use) => use.name);

/** The tokens of a text with their fallbacks. */
export const figureTokenUses = (text: string): FigureTokenUse[] =>
  [...text.matchAll(TOKEN)].map((m) => ({ name: m[1]!, fallback: m[2] === undefined ? null : m[2].trim() }));

type FiguresLocale = Pick<Locale, 'code' | 'currency' | 'timezone'>;

/** The catalogue's figures as the tokens state them; null for each the catalogue does not give. */
export interface FigureValues {
  values: Record<FigureValueToken, string | null>;
  /** The figures come from the feed bundled with the product, not from the lenders. */
  sample: boolean;
}

/** The text each value token becomes, from the catalogue's figures; a figure it lacks is null. */
export function figureValues(
  response: offersV1.ListLenderFactsResponse,
  locale: FiguresLocale,
): FigureValues {
  const figures = response.figures;
  const positive = (value: number | undefined, show: (value: number) => string) =>
    value !== undefined && value > 0 ? show(value) : null;
  const money = (grosze: number) => formatMoneyWhole(locale, grosze);
  const amounts = (figures?.amountMaxGrosze ?? 0) > 0;
  return {
    sample: figures?.sample ?? false,
    values: {
      'oferty.kwota-min': amounts ? positive(figures?.amountMinGrosze, money) : null,
      'oferty.kwota-max': positive(figures?.amountMaxGrosze, money),
      'oferty.okres-min': positive(figures?.periodMinDays, (days) => periodText(days, days)),
      'oferty.okres-max': positive(figures?.periodMaxDays, (days) => periodText(days, days)),
      'oferty.darmowa-max': positive(figures?.firstLoanFreeMaxGrosze, money),
      'oferty.liczba-pozyczkodawcow': positive(figures?.lenders, (count) => formatInteger(locale, count)),
      'oferty.stan-na': figures && figures.asOf !== '' ? formatDate(locale, figures.asOf) : null,
      'oferty.zrodlo':
        figures?.sample === true
          ? 'przykładowy plik ofert dołączony do serwisu (nie dane pożyczkodawców)'
          : figures?.source && figures.source.name !== ''
            ? figures.source.name
            : null,
    },
  };
}

/** No figure known: what a page reads as while the offers service does not answer. */
export const NO_FIGURES: FigureValues = {
  sample: false,
  values: Object.fromEntries(
    FIGURE_TOKENS.filter((token) => !isBlockToken(token)).map((token) => [token, null]),
  ) as Record<FigureValueToken, null>,
};

/**
 * Fills the tokens of one string: the figure, else the writer's fallback, else 'brak danych'; an
 * unknown token name stays as written (the content check reports it). With sample figures a plain
 * text says so once at its end, and HTML at the end of each block that states one.
 */
export function fillFigureTokens(
  text: string,
  figures: FigureValues,
  partners: PartnerBlocks,
  html = /^\s*</.test(text),
): string {
  if (!text.includes('{{')) return text;
  let stated = false;
  const fill = (part: string) =>
    part.replace(TOKEN, (whole, name: string, fallback: string | undefined) => {
      // The table shows the feed's figures' source, so it says when they are sample data; the list
      // names the lenders only.
      if (name === 'partnerzy.tabela')
        return figures.sample ? SAMPLE_NOTICE_HTML + partners[name] : partners[name];
      if (name === 'partnerzy.lista') return partners[name];
      if (!(name in figures.values)) return whole;
      const value = figures.values[name as FigureValueToken];
      if (value !== null) {
        stated = true;
        return value;
      }
      return fallback !== undefined && fallback.trim() !== '' ? fallback.trim() : FIGURE_UNKNOWN;
    });
  const tabled = text.replace(BLOCK_PARAGRAPH, '{{$1}}');
  if (!figures.sample) return fill(tabled);
  if (!html) {
    const filled = fill(tabled);
    return stated ? `${filled} ${SAMPLE_MARK}` : filled;
  }
  const blocks = tabled.replace(
    HTML_BLOCK,
    (block, tag: string, attributes: string | undefined, inner: string) => {
      stated = false;
      const filled = fill(inner);
      return `<${tag}${attributes ?? ''}>${filled}${stated ? SAMPLE_MARK_HTML : ''}</${tag}>`;
    },
  );
  return blocks.replace(TOKEN, (whole) => {
    stated = false;
    const filled = fill(whole);
    return stated ? `${filled}${SAMPLE_MARK_HTML}` : filled;
  });
}

/**
 * Every string inside page data with its tokens filled (mapPageStrings: parts without a token stay
 * the objects they were); `key` is the field's name.
 */
export function fillFigureTokensDeep<T>(
  value: T,
  fill: (text: string, key: string) => string,
  kept?: KeptWalks<unknown>,
): T {
  return mapPageStrings(value, (text, key) => (text.includes('{{') ? fill(text, key) : text), '', kept);
}

/** HTML fields of page data are named `…Html`; the rest is plain text. */
const isHtmlField = (key: string) => key.endsWith('Html');

/** A block token's HTML when the lenders' facts are not known. */
const UNKNOWN_BLOCK = `<p>${FIGURE_UNKNOWN}</p>`;

/** What the tokens of one ListLenderFacts answer become, for one locale. */
interface FilledFigures {
  figures: FigureValues;
  partners: PartnerBlocks;
  /** The shared parts of page data filled with these figures. */
  filled: KeptWalks<unknown>;
}

/** The figures and partner blocks of an answer, made once per answer and locale. */
const figuresOf = oncePerAnswer(
  (response: offersV1.ListLenderFactsResponse, locale: FiguresLocale): FilledFigures => ({
    figures: figureValues(response, locale),
    partners: {
      'partnerzy.tabela': partnerTableHtml(response.lenders, locale),
      // A list without a lender would read as if we worked with none: it says the data are missing.
      'partnerzy.lista': response.lenders.length > 0 ? partnerListHtml(response.lenders) : UNKNOWN_BLOCK,
    },
    filled: new WeakMap(),
  }),
  (locale) => `${locale.code}|${locale.currency}|${locale.timezone}`,
);

/** Page data with its tokens filled from a ListLenderFacts answer (or NO_FIGURES, and no partner blocks). */
export function fillFigures<T>(
  data: T,
  response: offersV1.ListLenderFactsResponse | null,
  locale: FiguresLocale,
): T {
  return hasFigureTokens(data) ? fillFoundFigures(data, response, locale) : data;
}

/** fillFigures for data already known to hold a token. */
function fillFoundFigures<T>(
  data: T,
  response: offersV1.ListLenderFactsResponse | null,
  locale: FiguresLocale,
): T {
  const { figures, partners, filled } = response
    ? figuresOf(response, locale)
    : {
        figures: NO_FIGURES,
        partners: { 'partnerzy.tabela': UNKNOWN_BLOCK, 'partnerzy.lista': UNKNOWN_BLOCK },
        filled: undefined,
      };
  return fillFigureTokensDeep(
    data,
    (text, key) => fillFigureTokens(text, figures, partners, isHtmlField(key)),
    filled,
  );
}

/**
 * A page's data with its figure tokens filled from ListLenderFacts (asked only when the data holds
 * a token). A page that quotes figures cannot state them without the offers service: its failure
 * fails the page like any essential call (the cached copy keeps serving meanwhile). A loader that
 * must render without them fills its tokens itself (fillFigures with null: the writers' fallbacks).
 */
export async function withFigures<T>(
  data: T,
  ctx: Pick<LoadContext<unknown>, 'services' | 'locale'>,
): Promise<T> {
  if (!hasFigureTokens(data)) return data;
  const response = await ctx.services.offers.listLenderFacts({ country: ctx.locale.country });
  return fillFoundFigures(data, response, ctx.locale);
}

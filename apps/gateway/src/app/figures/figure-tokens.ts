import { type offersV1 } from '@lib/contracts';
import { type LoadContext } from '../route-types';
import { formatDate, formatInteger, formatMoneyWhole } from '../../shared/format';
import { type Locale } from '../../shared/locale';
import { partnerTableHtml } from './partner-table';
import { periodText } from './lender-facts.view-model';

/**
 * Figure tokens: content text says `{{oferty.kwota-max}}` where it quotes the catalogue's figures,
 * and the gateway fills them from the offers service's ListLenderFacts at render time, so the
 * headlines and the offer blocks state one set of figures. `{{partnerzy.tabela}}` (a paragraph of
 * its own) becomes the partner list's table from the same data. The names are documented in
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
] as const;
export type FigureToken = (typeof FIGURE_TOKENS)[number];

const TOKEN = /\{\{\s*((?:oferty|partnerzy)\.[a-z-]+)\s*\}\}/g;
const TABLE_PARAGRAPH = /<p>\s*\{\{\s*partnerzy\.tabela\s*\}\}\s*<\/p>/g;

/** True when a text (or any string inside a value) holds a token. */
export function hasFigureTokens(value: unknown): boolean {
  return (
    JSON.stringify(value ?? null).includes('{{') &&
    /\{\{\s*(?:oferty|partnerzy)\./.test(JSON.stringify(value))
  );
}

/** Token names used in a text, known or not (the content check lists unknown ones). */
export const tokensIn = (text: string): string[] => [...text.matchAll(TOKEN)].map((m) => m[1]!);

type FiguresLocale = Pick<Locale, 'code' | 'currency' | 'timezone'>;

/** The text each value token becomes, from the catalogue's figures. */
export function figureValues(
  response: offersV1.ListLenderFactsResponse,
  locale: FiguresLocale,
): Record<Exclude<FigureToken, 'partnerzy.tabela'>, string> {
  const figures = response.figures;
  const asOf = figures && figures.asOf !== '' ? formatDate(locale, figures.asOf) : 'brak danych';
  return {
    'oferty.kwota-min': formatMoneyWhole(locale, figures?.amountMinGrosze ?? 0),
    'oferty.kwota-max': formatMoneyWhole(locale, figures?.amountMaxGrosze ?? 0),
    'oferty.okres-min': periodText(figures?.periodMinDays ?? 0, figures?.periodMinDays ?? 0),
    'oferty.okres-max': periodText(figures?.periodMaxDays ?? 0, figures?.periodMaxDays ?? 0),
    'oferty.darmowa-max': formatMoneyWhole(locale, figures?.firstLoanFreeMaxGrosze ?? 0),
    'oferty.liczba-pozyczkodawcow': formatInteger(locale, figures?.lenders ?? 0),
    'oferty.stan-na': asOf,
    'oferty.zrodlo': figures?.source?.name ?? 'dane z pliku ofert partnera',
  };
}

/** Fills the tokens of one string; an unknown token stays as written (the content check reports it). */
export function fillFigureTokens(text: string, values: Record<string, string>, tableHtml: string): string {
  if (!text.includes('{{')) return text;
  return text
    .replace(TABLE_PARAGRAPH, tableHtml)
    .replace(TOKEN, (whole, name: string) =>
      name === 'partnerzy.tabela' ? tableHtml : (values[name] ?? whole),
    );
}

/** Every string inside page data with its tokens filled (objects and arrays rebuilt, others kept). */
export function fillFigureTokensDeep<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === 'string') return fill(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillFigureTokensDeep(item, fill)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillFigureTokensDeep(item, fill)]),
    ) as T;
  }
  return value;
}

/**
 * A page's data with its figure tokens filled from ListLenderFacts (asked only when the data holds
 * a token). A page that quotes figures cannot state them without the offers service: its failure
 * fails the page like any essential call (the cached copy keeps serving meanwhile).
 */
export async function withFigures<T>(
  data: T,
  ctx: Pick<LoadContext<unknown>, 'services' | 'locale'>,
): Promise<T> {
  if (!hasFigureTokens(data)) return data;
  const response = await ctx.services.offers.listLenderFacts({ country: ctx.locale.country });
  const values = figureValues(response, ctx.locale);
  const table = partnerTableHtml(response.lenders, ctx.locale);
  return fillFigureTokensDeep(data, (text) => fillFigureTokens(text, values, table));
}

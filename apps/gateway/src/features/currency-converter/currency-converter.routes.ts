import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { noParams } from '../../app/routes/params';
import { CONVERTER_PATH } from '../../app/site-paths/rates';
import { rangeFromQuery } from '../rate-charts';
import { type PairParams, converterSitemap, loadConverter, loadPair } from './currency-converter.loader';

const CONVERTER_CRUMB = { text: 'Kalkulator walutowy', link: CONVERTER_PATH };

/** `/kalkulator-walutowy/`: the converter; its form state (`?kwota=…`) is per request, never part of the data. */
export const converterRoute = defineRoute({
  // The converter and a pair page per currency of NBP tables A and B, dated by their tables.
  sitemap: { entries: ({ services, today }) => converterSitemap(services, today) },
  name: 'currency-converter',
  page: 'currency-converter',
  pattern: CONVERTER_PATH,
  layout: 'default',
  params: noParams,
  load: loadConverter,
  head: (data, ctx) =>
    pageHead(ctx, {
      title: 'Kalkulator walutowy – przelicz waluty po kursie NBP',
      description:
        'Przelicz złote na euro, dolary, funty, franki i inne waluty po kursie średnim NBP z datą jego tabeli. Kursy kupna i sprzedaży oraz kursy walut w bankach.',
      breadcrumbs: [HOME_CRUMB, { text: CONVERTER_CRUMB.text, link: '' }],
      faq: data.faq,
    }),
});

const PAIR = /^([a-z]{3})-([a-z]{3})$/;

/**
 * A currency pair: `/kalkulator-walutowy/eur-pln/`, the history's range in the query
 * (`?zakres=5-lat`). Upper-case codes answer 301 to the lower-case address.
 */
export const currencyPairRoute = defineRoute({
  name: 'currency-pair',
  page: 'currency-pair',
  pattern: `${CONVERTER_PATH}:pair([A-Za-z]{3}-[A-Za-z]{3})/`,
  layout: 'default',
  redirect(raw) {
    const pair = raw['pair'] ?? '';
    return pair !== pair.toLowerCase() ? `${CONVERTER_PATH}${pair.toLowerCase()}/` : null;
  },
  params(raw, query): PairParams | null {
    const match = PAIR.exec(raw['pair'] ?? '');
    if (!match || match[1] === match[2]) return null;
    return { from: match[1]!, to: match[2]!, range: rangeFromQuery(query) };
  },
  load: loadPair,
  head: (data, ctx) =>
    pageHead(ctx, {
      title: data.title,
      description: data.description,
      breadcrumbs: [HOME_CRUMB, CONVERTER_CRUMB, { text: `${data.from}/${data.to}`, link: '' }],
    }),
});

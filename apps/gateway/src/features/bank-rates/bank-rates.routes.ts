import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { noParams, slugParam } from '../../app/routes/params';
import { BANK_RATES_PATH } from '../../app/site-paths/rates';
import { rangeFromQuery } from '../rate-charts';
import { formatIsoDate } from '../../shared/rates-format';
import { type BankParams, bankRatesSitemap, loadBank, loadBanks } from './bank-rates.loader';

const BANKS_CRUMB = { text: 'Kursy walut w bankach', link: BANK_RATES_PATH };

/** `/kursy-walut-w-bankach/`: all banks. */
export const bankRatesRoute = defineRoute({
  // The banks' list and a page per bank, dated by their latest tables.
  sitemap: { entries: ({ services, today }) => bankRatesSitemap(services, today) },
  name: 'bank-rates',
  page: 'bank-rates',
  pattern: BANK_RATES_PATH,
  layout: 'default',
  params: noParams,
  load: loadBanks,
  head: (_data, ctx) =>
    pageHead(ctx, {
      title: 'Kursy walut w bankach – kupno i sprzedaż euro, dolara, funta i franka',
      description:
        'Porównanie kursów kupna i sprzedaży walut w polskich bankach: euro, dolar, funt i frank szwajcarski, z datą tabeli każdego banku.',
      breadcrumbs: [HOME_CRUMB, { text: BANKS_CRUMB.text, link: '' }],
    }),
});

/** `/kursy-walut-w-bankach/{bank}/`, with the charts' range in the query (`?zakres=6-miesiecy`). */
export const bankRoute = defineRoute({
  name: 'bank',
  page: 'bank',
  pattern: `${BANK_RATES_PATH}:slug/`,
  layout: 'default',
  params(raw, query): BankParams | null {
    const slug = slugParam(raw, 'slug');
    return slug === null ? null : { slug, range: rangeFromQuery(query) };
  },
  load: loadBank,
  head: (data, ctx) =>
    pageHead(ctx, {
      title: `Kursy walut ${data.name} – tabela kupna i sprzedaży`,
      description: `Kursy kupna i sprzedaży walut w ${data.name} z tabeli nr ${data.tableNo} z dnia ${formatIsoDate(data.effectiveDate)}, wykresy zmian i porównanie z innymi bankami.`,
      breadcrumbs: [HOME_CRUMB, BANKS_CRUMB, { text: data.name, link: '' }],
    }),
});

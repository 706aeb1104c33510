import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { noParams, slugParam } from '../../app/routes/params';
import { BANK_RATES_PATH } from '../../app/site-paths/rates';
import { rangeFromQuery } from '../rate-charts';
import { formatIsoDate } from '../../shared/rates-format';
import { type BankData } from './bank-rates-data';
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

/** What a bank's page says of its figures: the bank's dated table, sample data, or none. */
function bankDescription(data: BankData): string {
  if (!data.available)
    return `Kursy walut w ${data.name} są chwilowo niedostępne. Porównanie kursów kupna i sprzedaży w innych bankach.`;
  if (data.embedded)
    return `Przykładowe kursy kupna i sprzedaży walut (dane wyliczone z tabeli A NBP z dnia ${formatIsoDate(data.effectiveDate)}, nie tabela ${data.name}), wykresy i porównanie z innymi bankami.`;
  return `Kursy kupna i sprzedaży walut w ${data.name} z tabeli nr ${data.tableNo} z dnia ${formatIsoDate(data.effectiveDate)}, wykresy zmian i porównanie z innymi bankami.`;
}

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
      title: !data.available
        ? `Kursy walut ${data.name} – chwilowo niedostępne`
        : data.embedded
          ? `Kursy walut ${data.name} – dane przykładowe, nie tabela banku`
          : `Kursy walut ${data.name} – tabela kupna i sprzedaży`,
      description: bankDescription(data),
      breadcrumbs: [HOME_CRUMB, BANKS_CRUMB, { text: data.name, link: '' }],
    }),
});

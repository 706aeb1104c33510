import { status as GrpcStatus } from '@grpc/grpc-js';
import { GrpcCallError, type ratesV1 } from '@lib/contracts';
import { type LoadContext } from '../../app/route-types';
import { sectionOk } from '../../app/section';
import { type SitemapEntry, newestW3cDate, w3cDate } from '../../app/seo/sitemap-entry';
import { BANK_RATES_PATH, bankPath } from '../../app/site-paths/rates';
import { type GatewayServices } from '../../app/services';
import { type HistoryRangeKey } from '../rate-charts';
import { HISTORY_RANGE_OF } from '../rate-charts/rate-charts.loader';
import { type BankComparison, type BankData, type BanksData } from './bank-rates-data';
import { toBankChart, toBankRateRows, toBankSummary, toComparison } from './bank-rates.view-model';

/** A bank's newest table, or null when it has none yet (NOT_FOUND); other failures are thrown. */
async function newestTable(services: GatewayServices, slug: string) {
  try {
    return await services.rates.getBankTable({ bankSlug: slug, date: '' });
  } catch (error) {
    if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) return null;
    throw error;
  }
}

/**
 * Every bank's newest table side by side for the compared currencies (ListBanks, then
 * GetBankTable per bank in parallel); `except` leaves one bank out (its own page).
 */
export async function loadBankComparison(
  services: GatewayServices,
  except = '',
  listed?: readonly ratesV1.Bank[],
): Promise<BankComparison> {
  const banks = listed ?? (await services.rates.listBanks({})).banks;
  const shown = banks.filter((bank) => bank.slug !== except);
  const tables = await Promise.all(shown.map((bank) => newestTable(services, bank.slug)));
  return toComparison(shown.map((bank, index) => toBankSummary(bank, tables[index] ?? null)));
}

/** `/kursy-walut-w-bankach/`: the bank list (essential) and the comparison of their tables. */
export async function loadBanks(ctx: LoadContext<unknown>): Promise<BanksData> {
  const { banks } = await ctx.services.rates.listBanks({});
  const comparison = await ctx.section(() => loadBankComparison(ctx.services, '', banks));
  return {
    banks: banks.map((bank) => ({
      slug: bank.slug,
      name: bank.name,
      path: bankPath(bank.slug),
      effectiveDate: bank.latestTableDate,
      embedded: bank.embedded,
    })),
    comparison,
  };
}

export interface BankParams {
  slug: string;
  range: HistoryRangeKey;
}

/**
 * `/kursy-walut-w-bankach/{bank}/`: the bank's newest table (essential), the history of each of
 * its currencies over the range, and the other banks' rates. A bank the service knows but has no
 * table of (its source unavailable) gets its page saying so; an unknown bank the 404 page.
 */
export async function loadBank(ctx: LoadContext<BankParams>): Promise<BankData> {
  const { slug, range } = ctx.params;
  let table: ratesV1.BankTable;
  try {
    table = await ctx.services.rates.getBankTable({ bankSlug: slug, date: '' });
  } catch (error) {
    if (GrpcCallError.hasCode(error, GrpcStatus.NOT_FOUND)) return loadUnavailableBank(ctx, error);
    throw error;
  }
  const rates = toBankRateRows(table);
  const [charts, others] = await Promise.all([
    ctx.section(() =>
      Promise.all(
        rates.map(async (rate) =>
          toBankChart(
            rate.name,
            await ctx.services.rates.getBankCurrencyHistory({
              bankSlug: slug,
              code: rate.code,
              range: HISTORY_RANGE_OF[range],
              from: '',
              to: '',
            }),
          ),
        ),
      ),
    ),
    ctx.section(() => loadBankComparison(ctx.services, slug)),
  ]);
  return {
    slug: table.bankSlug || slug,
    name: table.bankName,
    path: bankPath(slug),
    websiteUrl: table.websiteUrl,
    available: true,
    embedded: table.embedded,
    tableNo: table.tableNo,
    effectiveDate: table.effectiveDate,
    publishedAt: table.publishedAt,
    rates,
    range,
    charts,
    others,
  };
}

/** The page of a bank without a table: its name and source from ListBanks, and the other banks. */
async function loadUnavailableBank(ctx: LoadContext<BankParams>, notFound: unknown): Promise<BankData> {
  const { slug, range } = ctx.params;
  const { banks } = await ctx.services.rates.listBanks({});
  const bank = banks.find((candidate) => candidate.slug === slug);
  // The service answers NOT_FOUND for a bank it does not know as well: that is the 404 page.
  if (!bank) throw notFound;
  return {
    slug,
    name: bank.name,
    path: bankPath(slug),
    websiteUrl: bank.websiteUrl,
    available: false,
    embedded: false,
    tableNo: '',
    effectiveDate: '',
    publishedAt: '',
    rates: [],
    range,
    charts: sectionOk([]),
    others: await ctx.section(() => loadBankComparison(ctx.services, slug, banks)),
  };
}

/**
 * The banks' list (dated by the newest bank table) and a page per bank (dated by its latest
 * table), for sitemap.xml. While the rates service does not answer, the list alone, dated today.
 */
export async function bankRatesSitemap(services: GatewayServices, today: string): Promise<SitemapEntry[]> {
  const banks = (await services.rates.listBanks({}).catch(() => null))?.banks ?? [];
  return [
    { loc: BANK_RATES_PATH, lastmod: newestW3cDate(banks.map((bank) => bank.latestTableDate)) || today },
    ...banks.map((bank) => ({ loc: bankPath(bank.slug), lastmod: w3cDate(bank.latestTableDate) })),
  ];
}

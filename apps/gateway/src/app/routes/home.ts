import { ratesV1 } from '@lib/contracts';
import { HOME_OFFER_LIMIT } from '../pages/home/home-data';
import { defineRoute } from '../route-types';
import { toContentView, toOfferCard, toRatesBox, withoutBodyHtml } from '../view-models';
import { contentHead } from './head';
import { noParams } from './params';

export const homeRoute = defineRoute({
  name: 'home',
  page: 'home',
  pattern: '/',
  layout: 'default',
  params: noParams,
  async load(ctx) {
    // The hero copy is essential (its failure answers 404/503); offers and rates are sections.
    const [page, offers, rates] = await Promise.all([
      ctx.services.content.getPage({ path: '/' }),
      ctx.section(async () => {
        const response = await ctx.services.offers.listOffers({ country: ctx.locale.country, limit: HOME_OFFER_LIMIT, offset: 0 });
        return { items: response.offers.slice(0, HOME_OFFER_LIMIT).map(toOfferCard), total: response.total };
      }),
      ctx.section(async () => toRatesBox(await ctx.services.rates.getLatestTable({ table: ratesV1.TableType.A }))),
    ]);
    return { page: toContentView(page), offers, rates };
  },
  // The home page shows neither breadcrumbs nor an FAQ, so its structured data has neither.
  head: (data, ctx) => contentHead(ctx, data.page, { breadcrumbs: [], faq: [] }),
  hydrationData: (data) => ({ ...data, page: withoutBodyHtml(data.page) }),
});

import { ratesV1 } from '@lib/contracts';
import { type LoadContext } from '../../app/route-types';
import { toContentView, toOfferCard } from '../../app/view-models';
import { HOME_OFFER_LIMIT, type HomeData } from './home-data';
import { toRatesBox } from './home.view-model';

/** The home page's data: hero copy (essential: its failure answers 404/503), offers and rates (sections). */
export async function loadHome(ctx: LoadContext<unknown>): Promise<HomeData> {
  const [page, offers, rates] = await Promise.all([
    ctx.services.content.getPage({ path: '/' }),
    ctx.section(async () => {
      const response = await ctx.services.offers.listOffers({ country: ctx.locale.country, limit: HOME_OFFER_LIMIT, offset: 0 });
      return { items: response.offers.slice(0, HOME_OFFER_LIMIT).map(toOfferCard), total: response.total };
    }),
    ctx.section(async () => toRatesBox(await ctx.services.rates.getLatestTable({ table: ratesV1.TableType.A }))),
  ]);
  return { page: toContentView(page), offers, rates };
}

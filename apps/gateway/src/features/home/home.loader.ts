import { ratesV1 } from '@lib/contracts';
import { loadOfferBlock } from '../../app/loaders/offer-block.loader';
import { DEFAULT_OFFER_REQUEST } from '../../app/loaders/offer-request';
import { type LoadContext } from '../../app/route-types';
import { experimentIdsAt } from '../experiments/experiments.loader';
import { toContentView } from '../../app/view-models';
import { LOAN_PURPOSES } from '@lib/pl-validation';
import { HOME_OFFER_LIMIT, type HomeData, purposeOptions } from './home-data';
import { toRatesBox } from './home.view-model';

/**
 * The home page's data: hero copy (essential: its failure answers 404/503), "Polecane oferty"
 * (MatchOffers' ranking for the default request) and rates (sections).
 */
export async function loadHome(ctx: LoadContext<unknown>): Promise<HomeData> {
  const [page, offers, rates] = await Promise.all([
    ctx.services.content.getPage({ path: '/' }),
    ctx.section(() => loadOfferBlock(ctx, DEFAULT_OFFER_REQUEST, HOME_OFFER_LIMIT)),
    ctx.section(async () =>
      toRatesBox(await ctx.services.rates.getLatestTable({ table: ratesV1.TableType.A })),
    ),
  ]);
  return {
    page: toContentView(page),
    offers,
    rates,
    experimentIds: experimentIdsAt('/', ctx.locale.country),
    purposes: purposeOptions(LOAN_PURPOSES),
  };
}

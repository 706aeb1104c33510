import { deepFreeze } from '@lib/cache';
import { ratesV1 } from '@lib/contracts';
import { LOAN_PURPOSES } from '@lib/pl-validation';
import { fillFigures } from '../../app/figures/figure-tokens';
import { matchRequest, toOfferBlock } from '../../app/loaders/offer-block.loader';
import { DEFAULT_OFFER_REQUEST } from '../../app/loaders/offer-request';
import { type LoadContext } from '../../app/route-types';
import { SECTION_UNAVAILABLE, sectionOk } from '../../app/section';
import { toContentView } from '../../app/view-models';
import { experimentIdsAt } from '../experiments/experiments.loader';
import { EXAMPLE_CANDIDATES, loadCatalogue, sliderStart } from './calculator.loader';
import { HOME_OFFER_LIMIT, type HomeData, purposeOptions } from './home-data';
import { toRatesBox } from './home.view-model';
import { toLoanExampleView } from './loan-example.view-model';

/** The purposes the home form offers: the same for every page, made and frozen once. */
const PURPOSES = deepFreeze(purposeOptions(LOAN_PURPOSES));

/**
 * The home page's data: hero copy (essential: its failure answers 404/503) with its figure tokens
 * filled from the catalogue's figures, which also bound the sliders (a section: without them the
 * page renders, stating no range, and the tokens read as the writers' fallbacks); then, for the
 * sliders' start, the top-ranked offer's example and "Polecane oferty" (MatchOffers' ranking for
 * that same request), and the NBP rates.
 */
export async function loadHome(ctx: LoadContext<unknown>): Promise<HomeData> {
  const [page, { catalogue, facts }, rates] = await Promise.all([
    ctx.services.content.getPage({ path: '/' }),
    loadCatalogue(ctx),
    ctx.section(async () =>
      toRatesBox(await ctx.services.rates.getLatestTable({ table: ratesV1.TableType.A })),
    ),
  ]);
  const start = sliderStart(catalogue.status === 'ok' ? catalogue.value.range : null);
  // The example and "Polecane oferty" are the same ranking for the same request: one MatchOffers.
  const request = { ...DEFAULT_OFFER_REQUEST, amountZl: start.amountZl, periodDays: start.periodDays };
  const matched = await ctx.section(() =>
    matchRequest(ctx, request, Math.max(EXAMPLE_CANDIDATES, HOME_OFFER_LIMIT)),
  );
  const example =
    matched.status === 'ok' ? sectionOk(toLoanExampleView(matched.value, ctx.locale)) : SECTION_UNAVAILABLE;
  const offers =
    matched.status === 'ok'
      ? sectionOk(toOfferBlock(matched.value, request, ctx.locale, HOME_OFFER_LIMIT))
      : SECTION_UNAVAILABLE;
  return {
    page: fillFigures(toContentView(page), facts, ctx.locale),
    catalogue,
    start,
    example,
    offers,
    rates,
    experimentIds: experimentIdsAt('/', ctx.locale.country),
    purposes: PURPOSES,
  };
}

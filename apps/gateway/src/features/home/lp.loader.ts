import { LOAN_PURPOSES } from '@lib/pl-validation';
import { type LoadContext } from '../../app/route-types';
import { loadCatalogue, loadLoanExample, sliderStart } from './calculator.loader';
import { purposeOptions } from './home-data';
import { LANDING_RATINGS_LIMIT, type LandingData } from './lp-data';
import { toRecentRatingsView } from './lp.view-model';

/**
 * /lp/: the sliders over the catalogue's range with the example at their start (as on the home
 * page), and the latest published ratings of lenders from the site's moderated comments.
 */
export async function loadLanding(ctx: LoadContext<unknown>): Promise<LandingData> {
  const [{ catalogue }, ratings] = await Promise.all([
    loadCatalogue(ctx),
    ctx.section(async () =>
      toRecentRatingsView(
        await ctx.services.content.listRecentLenderRatings({ limit: LANDING_RATINGS_LIMIT }),
        ctx.locale,
      ),
    ),
  ]);
  const start = sliderStart(catalogue.status === 'ok' ? catalogue.value.range : null);
  const example = await ctx.section(() => loadLoanExample(ctx.services.offers, ctx.locale, start, ctx.path));
  return { catalogue, start, example, ratings, purposes: purposeOptions(LOAN_PURPOSES) };
}

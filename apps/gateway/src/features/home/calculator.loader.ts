import { type offersV1, type ServiceClient } from '@lib/contracts';
import {
  SLIDER_START,
  type SliderRange,
  groszeFromZloty,
  loanSliderScale,
  sliderAmountZl,
  sliderPeriodDays,
  sliderPeriodIndex,
} from '@lib/finance';
import { loanRequestLimitsOf } from '@lib/pl-validation';
import { oncePerAnswer } from '../../app/loaders/per-answer';
import { type LoadContext } from '../../app/route-types';
import { type Section } from '../../app/section';
import { type Locale } from '../../shared/locale';
import { type CatalogueView, type SliderStart } from './home-data';
import { type LoanExampleView } from './loan-example-endpoint';
import { toLoanExampleView } from './loan-example.view-model';

/** Ranked offers looked through for the first one whose cost may be stated. */
export const EXAMPLE_CANDIDATES = 10;

function catalogueView(response: offersV1.ListLenderFactsResponse): CatalogueView {
  const figures = response.figures;
  const limits = figures ? loanRequestLimitsOf(figures) : null;
  const range: SliderRange | null = limits
    ? {
        amountMinZl: limits.amount.minZl,
        amountMaxZl: limits.amount.maxZl,
        periodMinDays: limits.periodDays.min,
        periodMaxDays: limits.periodDays.max,
      }
    : null;
  return {
    range,
    firstLoanFree: (figures?.firstLoanFreeMaxGrosze ?? 0) > 0,
    sample: figures?.sample ?? false,
    asOf: figures?.asOf ?? '',
  };
}

/**
 * What the sliders offer, from the catalogue's figures; null range when the catalogue states none.
 * Made once per ListLenderFacts answer (oncePerAnswer).
 */
export const toCatalogueView = oncePerAnswer(catalogueView, () => '');

/** Where the sliders start: our start values held by the range's positions (as they are without one). */
export function sliderStart(range: SliderRange | null): SliderStart {
  if (!range) return { amountZl: SLIDER_START.amountZl, periodDays: SLIDER_START.periodDays };
  const scale = loanSliderScale(range);
  return {
    amountZl: sliderAmountZl(scale, SLIDER_START.amountZl),
    periodDays: sliderPeriodDays(scale, sliderPeriodIndex(scale, SLIDER_START.periodDays)),
  };
}

/**
 * The catalogue's figures (ListLenderFacts) as a section, and the answer itself for the page's
 * figure tokens: one call for the headline, the sliders and the text.
 */
export async function loadCatalogue(
  ctx: LoadContext<unknown>,
): Promise<{ catalogue: Section<CatalogueView>; facts: offersV1.ListLenderFactsResponse | null }> {
  let facts: offersV1.ListLenderFactsResponse | null = null;
  const catalogue = await ctx.section(async () => {
    facts = await ctx.services.offers.listLenderFacts({ country: ctx.locale.country });
    return toCatalogueView(facts);
  });
  return { catalogue, facts };
}

/**
 * MatchOffers for an amount and period, asked like the offer lists (the published ranking), and the
 * representative example of its best-ranked offer with a stated cost.
 */
export async function loadLoanExample(
  offers: ServiceClient<'offers'>,
  locale: Pick<Locale, 'code' | 'currency' | 'timezone' | 'country'>,
  request: SliderStart,
  pagePath: string,
): Promise<LoanExampleView | null> {
  const response = await offers.matchOffers({
    amountGrosze: groszeFromZloty(request.amountZl),
    periodDays: request.periodDays,
    purpose: 0,
    applicationId: '',
    country: locale.country,
    limit: EXAMPLE_CANDIDATES,
    age: 0,
    pagePath,
    productTypes: [],
    firstLoanFreeOnly: false,
    ageFrom: 0,
    ageTo: 0,
    business: false,
    withoutCreditCheck: false,
  });
  return toLoanExampleView(response, locale);
}

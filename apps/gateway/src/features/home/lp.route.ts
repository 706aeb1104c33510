import { defineRoute } from '../../app/route-types';
import { noParams } from '../../app/routes/params';
import { LOAN_PURPOSES } from '@lib/pl-validation';
import { purposeOptions } from './home-data';
import { LANDING_REVIEWS, type LandingData } from './lp-data';

/** /lp/: the campaign variant of the home page (no service data: the sliders, the steps, the reviews). */
export const landingPageRoute = defineRoute({
  name: 'lp',
  page: 'lp',
  pattern: '/lp/',
  layout: 'default',
  params: noParams,
  load: (): Promise<LandingData> =>
    Promise.resolve({ reviews: [...LANDING_REVIEWS], purposes: purposeOptions(LOAN_PURPOSES) }),
  head: (_data, ctx) => ({
    title: 'Pożyczka online – porównaj oferty w kilka minut',
    description:
      'Ustaw kwotę i okres, wybierz cel i złóż jeden bezpłatny wniosek. Zobacz oferty pożyczkodawców dopasowane do Ciebie.',
    canonical: `${ctx.origin}/lp/`,
    // A campaign copy of the home page: not for search results.
    robots: 'noindex, follow',
  }),
});

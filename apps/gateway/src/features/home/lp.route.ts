import { defineRoute } from '../../app/route-types';
import { noParams } from '../../app/routes/params';
import { loadLanding } from './lp.loader';

/** /lp/: the campaign variant of the home page (the sliders and their example, the steps, lenders' ratings). */
export const landingPageRoute = defineRoute({
  name: 'lp',
  page: 'lp',
  pattern: '/lp/',
  layout: 'default',
  params: noParams,
  load: loadLanding,
  head: (_data, ctx) => ({
    title: 'Pożyczka online – porównaj oferty w kilka minut',
    description:
      'Ustaw kwotę i okres, wybierz cel i złóż jeden bezpłatny wniosek. Zobacz oferty pożyczkodawców dopasowane do Ciebie.',
    canonical: `${ctx.origin}/lp/`,
    // A campaign copy of the home page: not for search results.
    robots: 'noindex, follow',
  }),
});

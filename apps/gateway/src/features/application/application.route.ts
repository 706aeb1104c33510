import { defineRoute } from '../../app/route-types';
import { noParams } from '../../app/routes/params';
import { type ApplicationPageData, applicationOptions } from './application-data';
import { STEP_TITLES } from './application-texts';
import { JOURNEY_PATHS } from './journey-fields';

/**
 * The journey's start in the route table, so the site knows the page exists (the menu's and the
 * home calculator's 'Złóż wniosek', navigation-links.ts). Its requests never reach this loader: the
 * journey's pages are personal and application.api.ts draws every one of them (HTML and payload)
 * before the generic page handlers. The data here is the form as a first visit sees it, without a
 * token (its post would answer 403), for anything that renders the table's routes on its own.
 */
export const applicationRoute = defineRoute({
  name: 'application',
  page: 'application',
  pattern: JOURNEY_PATHS.start,
  layout: 'default',
  params: noParams,
  load: (): Promise<ApplicationPageData> =>
    Promise.resolve({
      step: 'loan',
      action: JOURNEY_PATHS.loan,
      formVersion: 0,
      values: {},
      errors: {},
      message: null,
      csrfToken: '',
      idempotencyKey: '',
      summary: null,
      back: null,
      resumeLink: null,
      // No range here: the journey's own pages state the catalogue's (application.api.ts).
      options: applicationOptions(null),
      delivery: null,
    }),
  head: (_data, ctx) => ({
    title: `Wniosek o pożyczkę: ${STEP_TITLES.loan}`,
    description: 'Złóż bezpłatny wniosek o pożyczkę i zobacz oferty dopasowane do wybranej kwoty i okresu.',
    canonical: `${ctx.origin}${JOURNEY_PATHS.start}`,
    robots: 'noindex, nofollow',
  }),
});

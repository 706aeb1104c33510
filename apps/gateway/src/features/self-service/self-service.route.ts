import { defineRoute } from '../../app/route-types';
import { noParams } from '../../app/routes/params';
import { type SelfServicePageData } from './self-service-data';
import { SELF_SERVICE_PATH, SELF_SERVICE_TEXTS } from './self-service-texts';

/**
 * '/moje-dane/' in the route table, so the site knows the page exists. Its requests never reach
 * this loader: the page is personal and self-service.api.ts draws every answer of it (HTML and
 * payload) before the generic page handlers, never through the page-data cache. The data here is
 * what a visitor without a session sees. No `sitemap`: a personal, noindex page is not listed.
 */
export const selfServiceRoute = defineRoute({
  name: 'self-service',
  page: 'self-service',
  pattern: SELF_SERVICE_PATH,
  layout: 'default',
  params: noParams,
  load: (): Promise<SelfServicePageData> => Promise.resolve({ view: 'ended' }),
  head: (_data, ctx) => ({
    title: SELF_SERVICE_TEXTS.endedTitle,
    description: 'Zarządzanie Twoimi danymi osobowymi: zgody, pobranie i usunięcie danych.',
    canonical: `${ctx.origin}${SELF_SERVICE_PATH}`,
    robots: 'noindex, nofollow',
  }),
});

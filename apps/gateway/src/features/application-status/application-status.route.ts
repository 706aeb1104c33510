import { PageNotFoundError, defineRoute } from '../../app/route-types';
import { noParams } from '../../app/routes/params';
import { type ApplicationStatusPageData } from './application-status-data';
import { APPLICATION_STATUS_PATH } from './application-status-paths';

/**
 * The status page in the route table, so the site knows the address exists (it is linked from the
 * journey's end and from e-mails). Its requests never reach this loader: the page is personal
 * (the token in its address is the applicant's), so application-status.api.ts draws every request
 * of it, as HTML and as the router's payload, ahead of the generic page handlers and the page-data
 * cache. Anything that renders the table's routes on its own gets the 404 page: without a token
 * there is no status to show. No `sitemap`: a personal page is never listed.
 */
export const applicationStatusRoute = defineRoute({
  name: 'application-status',
  page: 'application-status',
  pattern: APPLICATION_STATUS_PATH,
  layout: 'default',
  params: noParams,
  load: (): Promise<ApplicationStatusPageData> =>
    Promise.reject(new PageNotFoundError('the status page is drawn per request with its token')),
  head: (_data, ctx) => ({
    title: 'Status Twojego wniosku',
    description: 'Status wniosku o pożyczkę u pożyczkodawców i dopasowane oferty.',
    canonical: `${ctx.origin}${APPLICATION_STATUS_PATH}`,
    robots: 'noindex, nofollow',
  }),
});

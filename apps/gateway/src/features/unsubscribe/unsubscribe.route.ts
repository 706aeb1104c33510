import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { type UnsubscribePageData } from './unsubscribe-data';
import { UNSUBSCRIBE_PATH, UNSUBSCRIBED_QUERY, UNSUBSCRIBED_VALUE } from './unsubscribe-form';

/**
 * '/unsubscribe/': the unsubscribe and erasure form (shared, cacheable); `?wypisano=tak` confirms an
 * unsubscribe. The erasure confirmation (`?wniosek=<id>`) is answered by unsubscribe.api.ts with the
 * request's current status, never cached.
 */
export const unsubscribeRoute = defineRoute({
  name: 'unsubscribe',
  page: 'unsubscribe',
  pattern: UNSUBSCRIBE_PATH,
  layout: 'default',
  params: (_raw, query): UnsubscribePageData => ({
    unsubscribed: query.get(UNSUBSCRIBED_QUERY) === UNSUBSCRIBED_VALUE,
  }),
  load: (ctx): Promise<UnsubscribePageData> => Promise.resolve(ctx.params),
  head: (_data, ctx) =>
    pageHead(ctx, {
      title: 'Wypisz się z wiadomości i usuń swoje dane',
      description:
        'Wypisz adres e-mail lub numer telefonu z wiadomości marketingowych i poproś o usunięcie swoich danych osobowych.',
      breadcrumbs: [HOME_CRUMB, { text: 'Wypisz się', link: '' }],
      noindex: true,
    }),
});

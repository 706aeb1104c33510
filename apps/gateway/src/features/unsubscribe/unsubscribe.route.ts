import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { type UnsubscribePageData } from './unsubscribe-data';
import {
  SENT_QUERY,
  SMS_QUERY,
  SMS_UNAVAILABLE_VALUE,
  UNSUBSCRIBE_PATH,
  linkSentOf,
} from './unsubscribe-form';

/**
 * '/unsubscribe/': the request for a self-service link. The form is drawn per visitor by
 * unsubscribe.api.ts (its CSRF token); `?wyslano=email|sms` confirms the request (shared,
 * cacheable: nothing personal in it); `?sms=niedostepny` is the form again, drawn per visitor by
 * unsubscribe.api.ts, with the notice that no SMS can go out now.
 */
export const unsubscribeRoute = defineRoute({
  name: 'unsubscribe',
  page: 'unsubscribe',
  pattern: UNSUBSCRIBE_PATH,
  layout: 'default',
  params: (_raw, query): UnsubscribePageData => ({
    sent: linkSentOf(query.get(SENT_QUERY)),
    smsUnavailable: query.get(SMS_QUERY) === SMS_UNAVAILABLE_VALUE,
  }),
  load: (ctx): Promise<UnsubscribePageData> => Promise.resolve(ctx.params),
  head: (_data, ctx) =>
    pageHead(ctx, {
      title: 'Twoje dane: wypisz się, pobierz lub usuń swoje dane',
      description:
        'Poproś o link do strony z Twoimi danymi: wycofasz tam zgody, wypiszesz się z wiadomości marketingowych, pobierzesz lub usuniesz swoje dane.',
      breadcrumbs: [HOME_CRUMB, { text: 'Twoje dane', link: '' }],
      noindex: true,
    }),
});

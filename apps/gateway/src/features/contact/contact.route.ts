import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { type ContactPageData } from './contact-data';
import { CONTACT_PATH, SENT_QUERY, SENT_VALUE } from './contact-form';

/**
 * '/kontakt/': the contact form, the same page for everyone (cacheable); `?wyslano=tak` is the
 * confirmation a plain post is redirected to. No service is asked to draw it. It stands above the
 * generic content route, which would otherwise answer this address.
 */
export const contactRoute = defineRoute({
  name: 'contact',
  page: 'contact',
  pattern: CONTACT_PATH,
  layout: 'default',
  params: (_raw, query): ContactPageData => ({ sent: query.get(SENT_QUERY) === SENT_VALUE }),
  load: (ctx): Promise<ContactPageData> => Promise.resolve(ctx.params),
  head: (data, ctx) =>
    pageHead(ctx, {
      title: data.sent ? 'Wiadomość wysłana – kontakt' : 'Kontakt – napisz do nas',
      description:
        'Napisz do nas: pytania o porównanie pożyczek i kredytów, uwagi do serwisu, zgłoszenia błędów. Odpowiadamy w ciągu dwóch dni roboczych.',
      breadcrumbs: [HOME_CRUMB, { text: 'Kontakt', link: '' }],
    }),
  // The form is code: it changes with a build.
  sitemap: { lastmod: 'build' },
});

import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { type PartnersPageData } from './partners-data';
import { PARTNERS_PATH, SENT_QUERY, SENT_VALUE } from './partners-form';

/** '/wspolpraca/': the partner programme and its enquiry form; `?wyslano=tak` is the confirmation. */
export const partnersRoute = defineRoute({
  name: 'partners',
  page: 'partners',
  pattern: PARTNERS_PATH,
  layout: 'default',
  params: (_raw, query): PartnersPageData => ({ sent: query.get(SENT_QUERY) === SENT_VALUE }),
  load: (ctx): Promise<PartnersPageData> => Promise.resolve(ctx.params),
  head: (data, ctx) =>
    pageHead(ctx, {
      title: data.sent
        ? 'Zgłoszenie wysłane – program partnerski'
        : 'Program partnerski – współpraca dla wydawców',
      description:
        'Masz stronę, profil lub listę mailingową o finansach? Dołącz do programu partnerskiego: prowizja za skuteczne wnioski, rozliczenia co miesiąc, gotowe materiały.',
      breadcrumbs: [HOME_CRUMB, { text: 'Współpraca', link: '' }],
    }),
  // The form is code: it changes with a build.
  sitemap: { lastmod: 'build' },
});

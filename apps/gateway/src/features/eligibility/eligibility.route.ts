import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { type EligibilityData } from './eligibility-data';
import { type EligibilityValues, valuesFromQuery } from './eligibility.view-model';

/**
 * The eligibility quiz: '/sprawdz-szanse/', and the same page for a shared result
 * ('?pelnoletni=tak&obywatel=tak&dowod=nie&konto=tak'). No service is asked: the estimate comes
 * from @lib/pl-validation, so the page works while every backend is down and is shared and cacheable.
 */
export const eligibilityRoute = defineRoute({
  name: 'eligibility',
  page: 'eligibility',
  pattern: '/sprawdz-szanse/',
  layout: 'default',
  params: (_raw, query): EligibilityValues => valuesFromQuery(query),
  load: (ctx): Promise<EligibilityData> => Promise.resolve({ values: ctx.params }),
  head: (_data, ctx) =>
    pageHead(ctx, {
      title: 'Sprawdź swoje szanse na pożyczkę – cztery pytania',
      description:
        'Odpowiedz na cztery pytania: wiek, obywatelstwo, dowód osobisty i konto w banku. Pokażemy szacunek szans i wyjaśnimy, na czym go opieramy.',
      breadcrumbs: [HOME_CRUMB, { text: 'Sprawdź szanse', link: '' }],
    }),
  // The quiz is code: it changes with a build.
  sitemap: { lastmod: 'build' },
});

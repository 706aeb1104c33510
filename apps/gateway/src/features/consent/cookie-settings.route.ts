import { defineRoute } from '../../app/route-types';
import { HOME_CRUMB, pageHead } from '../../app/routes/head';
import { COOKIE_SETTINGS_PATH, choiceOf } from '../../shared/consent';
import { type CookieSettingsPageData } from './cookie-settings-data';
import { COOKIE_SETTINGS_TEXTS, SAVED_QUERY } from './cookie-settings-texts';

/**
 * '/ustawienia-cookies/': the cookie choice as a plain form, for a visitor without JavaScript and
 * for the footer's "Ustawienia cookies" (with JavaScript that link opens the cookie notice instead).
 * The same page for everyone (cacheable): it never shows the visitor's current choice, only, after
 * a post without JavaScript (`?zapisano=tak|nie`), what was saved.
 */
export const cookieSettingsRoute = defineRoute({
  name: 'cookie-settings',
  page: 'cookie-settings',
  pattern: COOKIE_SETTINGS_PATH,
  layout: 'default',
  params: (_raw, query): CookieSettingsPageData => ({ saved: choiceOf(query.get(SAVED_QUERY)) ?? null }),
  load: (ctx): Promise<CookieSettingsPageData> => Promise.resolve(ctx.params),
  head: (_data, ctx) =>
    pageHead(ctx, {
      title: COOKIE_SETTINGS_TEXTS.title,
      description: COOKIE_SETTINGS_TEXTS.description,
      breadcrumbs: [HOME_CRUMB, { text: 'Ustawienia cookies', link: '' }],
      noindex: true,
    }),
});

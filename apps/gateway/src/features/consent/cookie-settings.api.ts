import { type Request, type Response, Router } from 'express';
import { sendErrorBody } from '../../kit/http/error-body';
import { isSameOrigin } from '../../kit/http/same-origin';
import { type FeatureContext, type FeatureHandler } from '../../kit/feature';
import { COOKIE_SETTINGS_PATH, CONSENT_VALUES } from '../../shared/consent';
import { choiceCookies, postedChoice } from './consent-answer';
import { COOKIE_SETTINGS_TEXTS, SAVED_QUERY } from './cookie-settings-texts';

/**
 * POST /ustawienia-cookies/: a cookie choice, `zgoda=tak|nie`, from the cookie notice (fetch,
 * `Accept: application/json`) or from the settings page's form without JavaScript. In order:
 * 1. from our own origin (Origin or Referer, Sec-Fetch-Site), else 403: another site cannot give or
 *    take back a visitor's consent;
 * 2. a choice, else 400;
 * 3. the answer's cookies (consent-answer.ts): cookie_consent, and for 'nie' the deletion of every
 *    cookie that waits for consent;
 * 4. the notice gets 200 `{"consent": "granted"|"denied"}`; the form 303 to the page saying what
 *    was saved. Never cached.
 */
export function cookieSettingsApi(ctx: Pick<FeatureContext, 'origin' | 'pages'>): Router {
  const router = Router();
  const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

  const refuse = async (req: Request, res: Response, status: 400 | 403, message: string) => {
    if (wantsJson(req)) {
      sendErrorBody(res, status, message);
      return;
    }
    // A form state (empty) answers the status page no-store, like every answer to a post.
    await ctx.pages.render(req, res, {
      ...ctx.pages.statusPage(COOKIE_SETTINGS_PATH, status),
      formState: {},
    });
  };

  router.post(COOKIE_SETTINGS_PATH, (req, res, next) => {
    res.locals['routeLabel'] = COOKIE_SETTINGS_PATH;
    res.setHeader('Cache-Control', 'no-store');
    if (!isSameOrigin(req, ctx.origin)) {
      refuse(req, res, 403, COOKIE_SETTINGS_TEXTS.crossOrigin).catch(next);
      return;
    }
    const choice = postedChoice(req.body);
    if (choice === undefined) {
      refuse(req, res, 400, COOKIE_SETTINGS_TEXTS.badChoice).catch(next);
      return;
    }
    const secure = ctx.origin.publicOrigin.startsWith('https:') || req.secure;
    res.append('Set-Cookie', choiceCookies(choice, req.get('cookie'), secure));
    if (wantsJson(req)) {
      res.status(200).json({ consent: choice });
      return;
    }
    res.redirect(303, `${COOKIE_SETTINGS_PATH}?${SAVED_QUERY}=${CONSENT_VALUES[choice]}`);
  });
  return router;
}

/** POST /ustawienia-cookies/ (the page itself is a route: GET draws it for everyone alike). */
export const cookieSettingsFeature: FeatureHandler = {
  name: 'cookie-settings',
  stage: 'forms',
  endpoints: [{ path: COOKIE_SETTINGS_PATH, methods: ['GET', 'POST'] }],
  create: (ctx) => cookieSettingsApi(ctx),
};

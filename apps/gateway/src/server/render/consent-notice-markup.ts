import { CONSENT_COOKIE, CONSENT_FIELD, CONSENT_VALUES, COOKIE_SETTINGS_PATH } from '../../shared/consent';
import {
  CONSENT_NOTICE_ATTRIBUTE,
  CONSENT_NOTICE_TEXTS,
  CONSENT_UNSET_CLASS,
} from '../../shared/consent-notice';
import { escapeHtml } from './html';

/**
 * The cookie notice as every page carries it, after the application's root (React never owns it).
 * Hidden by the stylesheet unless <html> carries CONSENT_UNSET_CLASS. Its buttons post the choice
 * to the settings page like that page's own form, so a choice made before the page's script has
 * started is taken too; the script posts it in the background instead (no navigation).
 */
export const CONSENT_NOTICE_HTML = (() => {
  const t = CONSENT_NOTICE_TEXTS;
  const choice = (value: string, label: string, modifier: string) =>
    `<button class="button button--small${modifier}" type="submit" name="${CONSENT_FIELD}" value="${value}">${escapeHtml(label)}</button>`;
  return (
    `<section class="consent-notice" ${CONSENT_NOTICE_ATTRIBUTE} aria-label="${escapeHtml(t.label)}">` +
    `<p>${escapeHtml(t.notice)}<a href="/polityka-cookies/">${escapeHtml(t.policyLink)}</a>.</p>` +
    `<form class="consent-notice__actions" method="post" action="${COOKIE_SETTINGS_PATH}" data-track-form="cookie-notice">` +
    choice(CONSENT_VALUES.granted, t.accept, '') +
    choice(CONSENT_VALUES.denied, t.necessaryOnly, ' button--outline') +
    '</form></section>'
  );
})();

/**
 * The one inline script of a page, first in <head> (before the stylesheets, which would hold it
 * back): while the browser holds no valid answer (shared/consent.ts readConsent: the name and the
 * value trimmed, 'granted' or 'denied'), it marks <html> so the notice shows from the first paint.
 * The Content-Security-Policy allows exactly this text by its hash (server/http/security.ts).
 */
export const CONSENT_PROBE_SCRIPT = (() => {
  if (!/^\w+$/.test(CONSENT_COOKIE)) throw new Error(`unexpected consent cookie name ${CONSENT_COOKIE}`);
  const values = ['granted', 'denied'].join('|');
  return (
    `/(?:^|;)\\s*${CONSENT_COOKIE}\\s*=\\s*(?:${values})\\s*(?:;|$)/.test(document.cookie)` +
    `||document.documentElement.classList.add(${JSON.stringify(CONSENT_UNSET_CLASS)})`
  );
})();

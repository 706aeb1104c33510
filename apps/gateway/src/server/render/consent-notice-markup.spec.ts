import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { COOKIE_SETTINGS_PATH, CONSENT_FIELD, choiceOf, readConsent } from '../../shared/consent';
import { CONSENT_NOTICE_TEXTS, CONSENT_UNSET_CLASS } from '../../shared/consent-notice';
import { securityHeaderList } from '../http/security';
import { CONSENT_NOTICE_HTML, CONSENT_PROBE_SCRIPT } from './consent-notice-markup';

/** Runs the probe as a browser would, against `cookie`; whether it marked <html> as holding no answer. */
function probeMarks(cookie: string): boolean {
  const classes = new Set<string>();
  const document = { cookie, documentElement: { classList: { add: (name: string) => classes.add(name) } } };
  runInNewContext(CONSENT_PROBE_SCRIPT, { document });
  return classes.has(CONSENT_UNSET_CLASS);
}

describe('the cookie notice in every page', () => {
  it.each([
    '',
    'cookie_consent=granted',
    'cookie_consent=denied',
    'session_id=abc; cookie_consent=granted; form=x',
    'session_id=abc;cookie_consent=denied',
    '  cookie_consent = granted ',
    'cookie_consent=',
    'cookie_consent=yes',
    'cookie_consent=grantedX',
    'my_cookie_consent=granted',
    'xcookie_consent=denied; cookie_consent=maybe',
    'cookie_consent=maybe; cookie_consent=denied',
    'session_id=cookie_consent=granted',
  ])('the probe marks the page exactly when readConsent finds no answer: %j', (cookie) => {
    expect(probeMarks(cookie)).toBe(readConsent(cookie) === 'unset');
  });

  it('is allowed by the CSP through the hash of the probe, and no other inline script', () => {
    const probeSource = `'sha256-${createHash('sha256').update(CONSENT_PROBE_SCRIPT).digest('base64')}'`;
    const csp = new Map(securityHeaderList('https://example.pl')).get('Content-Security-Policy')!;
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' ${probeSource}`);
  });

  it("posts either choice to the settings page, in the field and values that page's answer takes", () => {
    expect(CONSENT_NOTICE_HTML).toContain(
      `<form class="consent-notice__actions" method="post" action="${COOKIE_SETTINGS_PATH}"`,
    );
    const buttons = [
      ...CONSENT_NOTICE_HTML.matchAll(
        /<button[^>]*type="submit" name="([^"]+)" value="([^"]+)">([^<]+)<\/button>/g,
      ),
    ];
    expect(buttons.map(([, name, value, label]) => [name, choiceOf(value), label])).toEqual([
      [CONSENT_FIELD, 'granted', CONSENT_NOTICE_TEXTS.accept],
      [CONSENT_FIELD, 'denied', CONSENT_NOTICE_TEXTS.necessaryOnly],
    ]);
    expect(CONSENT_NOTICE_HTML).toContain('aria-label="Zgoda na pliki cookie"');
    expect(CONSENT_NOTICE_HTML).toContain('<a href="/polityka-cookies/">polityce cookies</a>.</p>');
  });
});

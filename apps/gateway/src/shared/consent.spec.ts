import { consentCookie, readConsent } from './consent';

describe('consent cookie', () => {
  it('reads the choice, and no answer from anything else', () => {
    expect(readConsent('cookie_consent=granted')).toBe('granted');
    expect(readConsent('a=1; cookie_consent=denied')).toBe('denied');
    expect(readConsent('cookie_consent=yes; cookie_consent=granted')).toBe('granted');
    expect(readConsent('cookie_consent=yes')).toBe('unset');
    expect(readConsent(undefined)).toBe('unset');
  });

  it('is kept 12 months and readable by the page (the notice checks it)', () => {
    expect(consentCookie('granted', true)).toBe(
      'cookie_consent=granted; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
    expect(consentCookie('denied', false)).not.toContain('HttpOnly');
  });
});

import { resolveIdentity } from './tracking-identity';

const SESSION = '3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab';
const CLIENT = '7d1e2f30-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
const OWN = new Set(['www.example.pl']);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const resolve = (
  cookieHeader: string | undefined,
  events: Parameters<typeof resolveIdentity>[0]['events'] = [{}],
) => resolveIdentity({ cookieHeader, events, secure: true, ownHosts: OWN });

/** name → attributes of each Set-Cookie value. */
function cookies(setCookies: string[]): Map<string, string> {
  return new Map(setCookies.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

describe('resolveIdentity', () => {
  it('issues the session id alone on a first visit: nothing that waits for consent, no source kept', () => {
    const identity = resolve(undefined, [{ utm_source: 'newsletter', client_id: CLIENT }]);
    expect(identity.sessionId).toMatch(UUID_V4);
    expect(identity.clientId).toBe('');
    expect(identity.consent).toBe('');
    const set = cookies(identity.setCookies);
    expect([...set.keys()]).toEqual(['session_id']);
    expect(set.get('session_id')).toBe(
      `session_id=${identity.sessionId}; Max-Age=1800; Path=/; SameSite=Lax; Secure; HttpOnly`,
    );
    // No answer to the notice is no consent: the batch is counted under no source.
    expect(identity.source).toBeUndefined();
  });

  it('keeps a valid session id and renews it; replaces one that is no UUID v4, adopting a valid id the event names', () => {
    expect(resolve(`session_id=${SESSION}`).sessionId).toBe(SESSION);
    expect(cookies(resolve(`session_id=${SESSION}`).setCookies).get('session_id')).toContain('Max-Age=1800');
    expect(
      resolve('session_id=12345', [{ session_id: SESSION.replace(/-/g, '').toUpperCase() }]).sessionId,
    ).toBe(SESSION);
    const replaced = resolve('session_id=3f2b8c1e-9d4a-1e7b-a5c6-0123456789ab', [
      { session_id: 'abc' },
    ]).sessionId;
    expect(replaced).toMatch(UUID_V4);
    expect(replaced).not.toBe('3f2b8c1e-9d4a-1e7b-a5c6-0123456789ab');
  });

  it('with consent: keeps or issues the client id for 180 days', () => {
    const kept = resolve(`cookie_consent=granted; client_id=${CLIENT}`);
    expect(kept.consent).toBe('granted');
    expect(kept.clientId).toBe(CLIENT);
    expect(cookies(kept.setCookies).get('client_id')).toBe(
      `client_id=${CLIENT}; Max-Age=15552000; Path=/; SameSite=Lax; Secure; HttpOnly`,
    );
    const issued = resolve('cookie_consent=granted; client_id=not-an-id');
    expect(issued.clientId).toMatch(UUID_V4);
  });

  it('without consent: sends no client id and no source, and deletes every cookie an earlier consent allowed', () => {
    const declined = resolve(
      `cookie_consent=denied; client_id=${CLIENT}; utm_source=x; utm_source_session=x; exp_0300.1=B; session_id=${SESSION}`,
      [{ utm_source: 'google', referer: 'https://www.google.com/' }],
    );
    expect(declined.consent).toBe('denied');
    expect(declined.clientId).toBe('');
    expect(declined.source).toBeUndefined();
    const set = cookies(declined.setCookies);
    expect([...set.keys()].sort()).toEqual([
      'client_id',
      'exp_0300.1',
      'session_id',
      'utm_source',
      'utm_source_session',
    ]);
    expect(set.get('client_id')).toBe('client_id=; Max-Age=0; Path=/; SameSite=Lax; Secure; HttpOnly');
    expect(set.get('utm_source')).toContain('Max-Age=0');
    expect(set.get('utm_source_session')).toContain('Max-Age=0');
    expect(set.get('exp_0300.1')).toBe('exp_0300.1=; Max-Age=0; Path=/; SameSite=Lax; Secure');
    expect(set.get('session_id')).toContain('Max-Age=1800');
  });

  it('with consent: keeps a new traffic source for 6 months and for the visit (30 minutes)', () => {
    const identity = resolve('cookie_consent=granted', [
      { referer: 'https://www.example.pl/blog/' },
      { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'lato', referer: 'https://www.google.com/' },
    ]);
    expect(identity.source).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'lato',
      utm_content: '',
      utm_term: '',
      referer: 'https://www.google.com/',
    });
    const set = cookies(identity.setCookies);
    expect(set.get('utm_source')).toBe(
      'utm_source=google; Max-Age=15811200; Path=/; SameSite=Lax; Secure; HttpOnly',
    );
    expect(set.get('utm_term')).toBe('utm_term=; Max-Age=15811200; Path=/; SameSite=Lax; Secure; HttpOnly');
    expect(set.get('referer')).toContain('referer=https%3A%2F%2Fwww.google.com%2F; Max-Age=15811200');
    expect(set.get('utm_campaign_session')).toBe(
      'utm_campaign_session=lato; Max-Age=1800; Path=/; SameSite=Lax; Secure; HttpOnly',
    );
  });

  it('an internal referer announces no source; the visit keeps its own and renews it', () => {
    const identity = resolve(
      'cookie_consent=granted; utm_source_session=facebook; utm_medium_session=social; utm_source=google',
      [{ referer: 'https://www.example.pl/' }],
    );
    expect(identity.source?.utm_source).toBe('facebook');
    const set = cookies(identity.setCookies);
    expect(set.get('utm_source_session')).toContain('Max-Age=1800');
    // The lasting source is only replaced by a new one.
    expect(set.has('utm_source')).toBe(false);
  });

  it('a referer from another site is a source of its own (no utm_*)', () => {
    expect(resolve('cookie_consent=granted', [{ referer: 'https://duckduckgo.com/' }]).source).toEqual({
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_content: '',
      utm_term: '',
      referer: 'https://duckduckgo.com/',
    });
    expect(resolve('cookie_consent=granted', [{ referer: 'not a url' }]).source).toBeUndefined();
  });
});

import {
  CLIENT_ID_ENTRY,
  COOKIE_CATALOGUE,
  CONSENT_ENTRY,
  EXPERIMENT_ENTRY,
  SELF_SERVICE_ENTRY,
  SESSION_ID_ENTRY,
  TRAFFIC_VISIT_ENTRY,
  deleteCookie,
  entryOf,
  namesOf,
  withdrawnCookies,
  withdrawnScopedCookies,
  writeCookie,
} from './cookie-catalogue';

describe('the cookie catalogue', () => {
  it('writes a cookie with its entry’s lifetime and attributes', () => {
    expect(writeCookie(SESSION_ID_ENTRY, 'x', { secure: true })).toBe(
      'session_id=x; Max-Age=1800; Path=/; SameSite=Lax; Secure; HttpOnly',
    );
    expect(writeCookie(CONSENT_ENTRY, 'granted', { secure: false })).toBe(
      'cookie_consent=granted; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(writeCookie(SELF_SERVICE_ENTRY, 't', { secure: false, maxAgeMs: 60_000 })).toBe(
      'pp_moje_dane=t; Max-Age=60; Path=/moje-dane/; SameSite=Strict; HttpOnly',
    );
    expect(deleteCookie(CLIENT_ID_ENTRY, { secure: false })).toBe(
      'client_id=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly',
    );
  });

  it('never writes longer than the entry says, nor a name the entry does not cover', () => {
    expect(
      writeCookie(SELF_SERVICE_ENTRY, 't', { secure: false, maxAgeMs: 10 * 24 * 60 * 60_000 }),
    ).toContain('Max-Age=86400;');
    expect(writeCookie(EXPERIMENT_ENTRY, 'B', { secure: false, name: 'exp_0300.1' })).toMatch(
      /^exp_0300\.1=B;/,
    );
    expect(() => writeCookie(EXPERIMENT_ENTRY, 'B', { secure: false })).toThrow(/exp_/);
    expect(() => writeCookie(CLIENT_ID_ENTRY, 'x', { secure: false, name: 'lang' })).toThrow(/lang/);
    expect(writeCookie(TRAFFIC_VISIT_ENTRY, 'cpc', { secure: false, name: 'utm_medium_session' })).toMatch(
      /^utm_medium_session=cpc; Max-Age=1800;/,
    );
  });

  it('knows each name once, and no cookie the site does not write', () => {
    const names = COOKIE_CATALOGUE.flatMap(namesOf);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of COOKIE_CATALOGUE.filter((e) => !e.prefix))
      for (const name of namesOf(entry)) expect(entryOf(name)).toBe(entry);
    expect(entryOf('exp_0300.1')).toBe(EXPERIMENT_ENTRY);
    expect(entryOf('exp_')).toBeUndefined();
    expect(entryOf('lang')).toBeUndefined();
    expect(entryOf('push_consent')).toBeUndefined();
  });

  it('a withdrawal deletes exactly the cookies the header holds that wait for consent', () => {
    const header =
      'session_id=s; cookie_consent=granted; pp_form=f; client_id=c; utm_source=g; referer_session=r; exp_0300.1=B; other=1';
    expect(withdrawnCookies(header, true)).toEqual([
      'client_id=; Max-Age=0; Path=/; SameSite=Lax; Secure; HttpOnly',
      'utm_source=; Max-Age=0; Path=/; SameSite=Lax; Secure; HttpOnly',
      'referer_session=; Max-Age=0; Path=/; SameSite=Lax; Secure; HttpOnly',
      'exp_0300.1=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    ]);
    expect(withdrawnCookies('session_id=s; cookie_consent=denied', false)).toEqual([]);
    expect(withdrawnCookies(undefined, false)).toEqual([]);
  });

  it('deletes unseen the consent cookies that live on a path of their own', () => {
    expect(withdrawnScopedCookies(true)).toEqual([
      'pp_visit=; Max-Age=0; Path=/api/views; SameSite=Lax; Secure; HttpOnly',
    ]);
  });
});

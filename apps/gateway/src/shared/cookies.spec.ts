import { cookieValues, decodeCookieValue, serializeCookie } from './cookies';

describe('cookie strings', () => {
  it('reads every value of one cookie, in order, and nothing of similar names', () => {
    expect(cookieValues('a=1; session_id=x; b=2; session_id=y', 'session_id')).toEqual(['x', 'y']);
    expect(cookieValues('session_idx=1; xsession_id=2', 'session_id')).toEqual([]);
    expect(cookieValues(undefined, 'session_id')).toEqual([]);
  });

  it('writes first-party, SameSite=Lax cookies with Max-Age in seconds, Secure and HttpOnly on request', () => {
    expect(serializeCookie('utm_source', 'news letter', { maxAgeMs: 1_800_000, secure: false })).toBe(
      'utm_source=news%20letter; Max-Age=1800; Path=/; SameSite=Lax',
    );
    expect(serializeCookie('client_id', 'x', { maxAgeMs: 0, secure: true, httpOnly: true })).toBe(
      'client_id=x; Max-Age=0; Path=/; SameSite=Lax; Secure; HttpOnly',
    );
  });

  it('decodes percent-encoding and refuses broken encoding', () => {
    expect(decodeCookieValue('news%20letter')).toBe('news letter');
    expect(decodeCookieValue('%E0%A4%A')).toBeUndefined();
  });
});

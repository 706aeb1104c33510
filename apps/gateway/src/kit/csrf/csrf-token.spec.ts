import {
  CSRF_COOKIE,
  CSRF_TOKEN_MAX_AGE_MS,
  csrfBindingCookie,
  csrfKey,
  ensureCsrfBinding,
  issueCsrfToken,
  readCsrfBinding,
  verifyCsrfToken,
} from './csrf-token';

const SECRET = 'a'.repeat(40);
const VISITOR = '6f1c1a52-5d0b-4c1e-9a57-2f4a3b9e8c10';
const OTHER = '0b7f0e0c-2a44-4d5e-8f11-93c2a1d4e5f6';
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('CSRF tokens', () => {
  const key = csrfKey(SECRET);
  const token = issueCsrfToken({ key, binding: VISITOR, purpose: 'application', now: NOW });

  it('accepts a token for the visitor, form and time it was issued for', () => {
    expect(
      verifyCsrfToken({ key, token, binding: VISITOR, purpose: 'application', now: NOW + 1000 }),
    ).toEqual({ ok: true });
    // Another process with the same secret (another replica) accepts it too.
    expect(
      verifyCsrfToken({ key: csrfKey(SECRET), token, binding: VISITOR, purpose: 'application', now: NOW }),
    ).toEqual({ ok: true });
  });

  it('refuses it with another cookie, another form or another key (forged)', () => {
    expect(verifyCsrfToken({ key, token, binding: OTHER, purpose: 'application', now: NOW })).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(verifyCsrfToken({ key, token, binding: VISITOR, purpose: 'contact', now: NOW })).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(
      verifyCsrfToken({
        key: csrfKey('b'.repeat(40)),
        token,
        binding: VISITOR,
        purpose: 'application',
        now: NOW,
      }),
    ).toEqual({
      ok: false,
      reason: 'forged',
    });
    // The same secret used elsewhere (an unrelated HMAC) yields no valid token: the key is derived.
    const [issued, nonce] = token.split('.');
    const tampered = `${issued}.${nonce}.${'A'.repeat(22)}`;
    expect(
      verifyCsrfToken({ key, token: tampered, binding: VISITOR, purpose: 'application', now: NOW }),
    ).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a token whose time was changed, or that is too old or from the future', () => {
    const [, nonce, mac] = token.split('.');
    const later = `${Math.floor((NOW + 3_600_000) / 1000).toString(36)}.${nonce}.${mac}`;
    expect(
      verifyCsrfToken({ key, token: later, binding: VISITOR, purpose: 'application', now: NOW + 3_600_000 }),
    ).toEqual({ ok: false, reason: 'forged' });
    expect(
      verifyCsrfToken({
        key,
        token,
        binding: VISITOR,
        purpose: 'application',
        now: NOW + CSRF_TOKEN_MAX_AGE_MS,
      }),
    ).toEqual({ ok: true });
    expect(
      verifyCsrfToken({
        key,
        token,
        binding: VISITOR,
        purpose: 'application',
        now: NOW + CSRF_TOKEN_MAX_AGE_MS + 1000,
      }),
    ).toEqual({
      ok: false,
      reason: 'expired',
    });
    const future = issueCsrfToken({ key, binding: VISITOR, purpose: 'application', now: NOW + 10 * 60_000 });
    expect(
      verifyCsrfToken({ key, token: future, binding: VISITOR, purpose: 'application', now: NOW }),
    ).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a missing or malformed token and a post without the cookie', () => {
    expect(verifyCsrfToken({ key, token: undefined, binding: VISITOR, purpose: 'application' })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyCsrfToken({ key, token: '', binding: VISITOR, purpose: 'application' })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyCsrfToken({ key, token: ['x'], binding: VISITOR, purpose: 'application' })).toEqual({
      ok: false,
      reason: 'missing',
    });
    for (const bad of [
      'a.b',
      'a.b.c.d',
      `zzzzzzzzzzz.${'a'.repeat(16)}.${'a'.repeat(22)}`,
      `${token}x`,
      token.replace('.', '..'),
    ]) {
      expect(
        verifyCsrfToken({ key, token: bad, binding: VISITOR, purpose: 'application', now: NOW }),
      ).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(verifyCsrfToken({ key, token, binding: undefined, purpose: 'application', now: NOW })).toEqual({
      ok: false,
      reason: 'no-cookie',
    });
  });

  it('draws a different token each time and refuses a purpose that is no name', () => {
    expect(issueCsrfToken({ key, binding: VISITOR, purpose: 'application', now: NOW })).not.toBe(token);
    expect(() => issueCsrfToken({ key, binding: VISITOR, purpose: 'Bad Purpose', now: NOW })).toThrow();
  });
});

describe('the form cookie', () => {
  it('is HttpOnly, SameSite=Lax, Secure behind https, and read back in canonical form', () => {
    expect(csrfBindingCookie(VISITOR, true)).toMatch(
      new RegExp(`^${CSRF_COOKIE}=${VISITOR}; Max-Age=86400; Path=/; SameSite=Lax; Secure; HttpOnly$`),
    );
    expect(csrfBindingCookie(VISITOR, false)).not.toContain('Secure');
    expect(readCsrfBinding(`x=1; ${CSRF_COOKIE}=${VISITOR.toUpperCase()}`)).toBe(VISITOR);
    expect(readCsrfBinding(`${CSRF_COOKIE}=not-a-uuid`)).toBeUndefined();
  });

  it('is issued once: kept when the request has one, set when it has none', () => {
    const set: string[] = [];
    const res = { append: (_field: 'Set-Cookie', value: string) => set.push(value) };
    expect(ensureCsrfBinding({ get: () => `${CSRF_COOKIE}=${VISITOR}` }, res, false)).toBe(VISITOR);
    expect(set).toEqual([]);
    const fresh = ensureCsrfBinding({ get: () => undefined }, res, true);
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(set).toEqual([csrfBindingCookie(fresh!, true)]);
  });
});

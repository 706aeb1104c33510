import { CLIENT_ID_MAX_AGE_MS, clientIdCookie, newClientId, readClientId } from './client-id';
import { SESSION_ID_MAX_AGE_MS, newSessionId, readSessionId, sessionIdCookie } from './session-id';
import { newUuid } from './uuid';

const V4 = '3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab';

/** An id counts only as a version-4 UUID, with or without hyphens; anything else is replaced. */
const VECTORS: [string, string | undefined][] = [
  [V4, V4],
  ['3F2B8C1E-9D4A-4E7B-A5C6-0123456789AB', V4],
  ['3f2b8c1e9d4a4e7ba5c60123456789ab', V4],
  ['3f2b8c1e-9d4a-1e7b-a5c6-0123456789ab', undefined], // version 1
  ['3f2b8c1e-9d4a-4e7b-c5c6-0123456789ab', undefined], // variant not RFC 4122
  ['3f2b8c1e-9d4a4e7b-a5c6-0123456789ab', undefined], // three hyphens
  ['3f2b8c1e-9d4a-4e7b-a5c6-0123456789a', undefined], // one digit short
  ['3f2b8c1e-9d4a-4e7b-a5c6-0123456789abc', undefined], // one digit long
  ['{3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab}', undefined],
  ['g f2b8c1e-9d4a-4e7b-a5c6-0123456789ab', undefined],
  ['', undefined],
];

describe('identity cookies', () => {
  it.each(VECTORS)('takes %p from a session id cookie as %p', (value, expected) => {
    expect(readSessionId(`lang=pl; session_id=${encodeURIComponent(value)}`)).toBe(expected);
  });

  it.each(VECTORS)('takes %p from a client id cookie as %p', (value, expected) => {
    expect(readClientId(`client_id=${encodeURIComponent(value)}`)).toBe(expected);
  });

  it('skips an invalid cookie for a later valid one of the same name', () => {
    expect(readSessionId(`session_id=1234; session_id=${V4}`)).toBe(V4);
    expect(readClientId('client_id=%E0%A4%A')).toBeUndefined();
  });

  it('keeps the session id 1/48 day and the client id 180 days, first-party, Lax, HttpOnly', () => {
    expect(SESSION_ID_MAX_AGE_MS).toBe(30 * 60_000);
    expect(CLIENT_ID_MAX_AGE_MS).toBe(180 * 86_400_000);
    expect(sessionIdCookie(V4, false)).toBe(`session_id=${V4}; Max-Age=1800; Path=/; SameSite=Lax; HttpOnly`);
    expect(clientIdCookie(V4, true)).toBe(
      `client_id=${V4}; Max-Age=15552000; Path=/; SameSite=Lax; Secure; HttpOnly`,
    );
  });

  it('draws new ids as UUID v4', () => {
    for (const id of [newSessionId(), newClientId()]) expect(readSessionId(`session_id=${id}`)).toBe(id);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it("answers '' when the random source fails, never throwing", () => {
    expect(
      newUuid(() => {
        throw new Error('no entropy');
      }),
    ).toBe('');
  });
});

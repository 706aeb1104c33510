import {
  SESSION_COOKIE,
  clearedSessionCookie,
  isTokenShaped,
  readSessionToken,
  sessionCookie,
  sessionMaxAgeSeconds,
} from './session-cookie';

const TOKEN = 'Xq3v9Jb2kR7mN4pL8sT1wY6zA0cE5gH2iK9oU3rF7dQ';
const NOW = new Date('2026-11-28T12:00:00Z');

describe('the self-service session cookie', () => {
  it('is HttpOnly, SameSite=Strict, on /moje-dane/ only, Secure behind https, until the session ends', () => {
    expect(sessionCookie(TOKEN, '2026-11-28T12:30:00Z', NOW, true)).toBe(
      `${SESSION_COOKIE}=${TOKEN}; Max-Age=1800; Path=/moje-dane/; SameSite=Strict; Secure; HttpOnly`,
    );
    expect(sessionCookie(TOKEN, '2026-11-28T12:30:00Z', NOW, false)).not.toContain('Secure');
    expect(clearedSessionCookie(false)).toBe(
      `${SESSION_COOKIE}=; Max-Age=0; Path=/moje-dane/; SameSite=Strict; HttpOnly`,
    );
  });

  it('bounds its lifetime whatever the clocks say', () => {
    expect(sessionMaxAgeSeconds('2026-11-28T12:30:00Z', NOW)).toBe(1800);
    expect(sessionMaxAgeSeconds('2026-11-28T11:00:00Z', NOW)).toBe(1);
    expect(sessionMaxAgeSeconds('2027-11-28T12:00:00Z', NOW)).toBe(86_400);
    expect(sessionMaxAgeSeconds('', NOW)).toBe(1800);
    expect(sessionMaxAgeSeconds('soon', NOW)).toBe(1800);
  });

  it('reads back only what could be a token', () => {
    expect(readSessionToken(`a=1; ${SESSION_COOKIE}=${TOKEN}`)).toBe(TOKEN);
    expect(readSessionToken(`${SESSION_COOKIE}=; ${SESSION_COOKIE}=${TOKEN}`)).toBe(TOKEN);
    expect(readSessionToken(`${SESSION_COOKIE}=short`)).toBeUndefined();
    expect(readSessionToken(`${SESSION_COOKIE}=%E0%A4%A`)).toBeUndefined();
    expect(readSessionToken(`${SESSION_COOKIE}=a%20b${'c'.repeat(20)}`)).toBeUndefined();
    expect(readSessionToken(undefined)).toBeUndefined();
    expect(isTokenShaped(TOKEN)).toBe(true);
    expect(isTokenShaped(['x'])).toBe(false);
    expect(isTokenShaped('x'.repeat(513))).toBe(false);
  });
});

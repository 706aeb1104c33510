import { MemoryRateLimiter } from '@lib/cache';
import {
  CLICK_WINDOW_MS,
  anonymousVisitor,
  clickWindowKeys,
  giveBackClickWindow,
  takeClickWindow,
} from './click-window';

const SESSION = '3f2b8c1e-9d4a-4e7b-a5c6-0123456789ab';
const DRAWN = '9c1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0';

describe('the click window', () => {
  it('lasts the session: 30 minutes', () => {
    expect(CLICK_WINDOW_MS).toBe(30 * 60_000);
  });

  it('counts a click with a session cookie under its session and offer', () => {
    expect(
      clickWindowKeys({ offerId: '101', cookieSession: SESSION, drawnSession: '', anonymous: 'h' }),
    ).toEqual([`${SESSION}:101`]);
  });

  it('counts a cookieless click under the sender first, and spends the session drawn for it too', () => {
    expect(
      clickWindowKeys({ offerId: '101', cookieSession: undefined, drawnSession: DRAWN, anonymous: 'h' }),
    ).toEqual(['h:101', `${DRAWN}:101`]);
    // No session could be drawn: the sender alone.
    expect(
      clickWindowKeys({ offerId: '101', cookieSession: undefined, drawnSession: '', anonymous: 'h' }),
    ).toEqual(['h:101']);
  });

  it('names a cookieless sender by a salted hash of address and user agent, never the address itself', () => {
    const one = anonymousVisitor('salt-a', '198.51.100.7', UA);
    expect(one).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(one).not.toContain('198.51.100.7');
    expect(anonymousVisitor('salt-a', '198.51.100.7', UA)).toBe(one);
    expect(anonymousVisitor('salt-b', '198.51.100.7', UA)).not.toBe(one);
    expect(anonymousVisitor('salt-a', '198.51.100.8', UA)).not.toBe(one);
    expect(anonymousVisitor('salt-a', '198.51.100.7', `${UA} Other`)).not.toBe(one);
  });

  it('takes the first click of a window, refuses repeats until it ends, and opens again when given back', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter({ limit: 1, windowMs: CLICK_WINDOW_MS }, () => now);
    const cookieless = clickWindowKeys({
      offerId: '101',
      cookieSession: undefined,
      drawnSession: DRAWN,
      anonymous: 'h',
    });
    expect(await takeClickWindow(limiter, cookieless)).toBe(true);
    // The same sender without a cookie, and the same visitor with the cookie drawn for it: repeats.
    expect(await takeClickWindow(limiter, ['h:101'])).toBe(false);
    expect(await takeClickWindow(limiter, [`${DRAWN}:101`])).toBe(false);
    // Another offer is another click.
    expect(await takeClickWindow(limiter, ['h:102'])).toBe(true);

    now += CLICK_WINDOW_MS;
    expect(await takeClickWindow(limiter, [`${DRAWN}:101`])).toBe(true);
    await giveBackClickWindow(limiter, [`${DRAWN}:101`]);
    expect(await takeClickWindow(limiter, [`${DRAWN}:101`])).toBe(true);
  });
});

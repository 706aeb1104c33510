import { matchOffers, normaliseFeed, parseFeed } from '@lib/offers-domain';
import { MATCH_REQUESTS, syntheticFeed } from './offer-feed.cjs';

describe('the MatchOffers benchmark feed', () => {
  it('is a valid feed of exactly the asked size, the same every time', () => {
    const body = JSON.stringify(syntheticFeed(500));
    const parsed = parseFeed(body, Buffer.byteLength(body));
    expect(parsed).toMatchObject({ ok: true, received: 500, rejected: 0 });
    expect(JSON.stringify(syntheticFeed(500))).toBe(body);
    expect(() => syntheticFeed(0)).toThrow(RangeError);
  });

  it('gives every benchmark request a real ranking to compute (many matches, sponsored apart)', () => {
    const body = JSON.stringify(syntheticFeed(500));
    const parsed = parseFeed(body, Buffer.byteLength(body));
    if (!parsed.ok) throw new Error(parsed.cause);
    const { offers } = normaliseFeed(parsed.offers, 'pl', '2026-11-24');
    for (const request of MATCH_REQUESTS) {
      const { ranked } = matchOffers(offers, { ...request, age: 30 });
      expect(ranked.length).toBeGreaterThan(50);
    }
  });
});

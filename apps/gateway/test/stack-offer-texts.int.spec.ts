import path from 'node:path';
import { type offersV1 } from '@lib/contracts';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { lenderReviewPath } from '../src/app/site-paths/lender-reviews';
import { rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';

/*
 * The sample PL feed writes badges such as '{val}% wniosków przyjętych' or 'decyzja w {time} min':
 * the offers service fills the number in (drawn, or from the list position), so it is not the
 * lender's. Every page that lists offers, on the site as it ships (the project's own content/ in
 * front of the real content, offers and rates services from their builds, PostgreSQL and Redis),
 * shows none of them, keeps the feed's own badges, and says the offers are sample data.
 */

const CONTENT_DIR = path.join(__dirname, '../../../content');
/** The badges of the sample feed whose number is filled in. */
const FILLED = /wniosków przyjętych|decyzja w|przelew w/;

/** Visible text, tags dropped, non-breaking spaces as spaces. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();

/** The offer cards of a page (offer-list.tsx), as drawn: every list, the ranking and those apart from it. */
const offerList = (html: string) => (html.match(/<ol class="offer-list">[\s\S]*?<\/ol>/g) ?? []).join('\n');

describeWithRedis('offer pages state no number the offers service filled in (real services)', () => {
  let redis: TestRedis;
  let stack: Stack;
  let marked: offersV1.Offer[];

  beforeAll(async () => {
    redis = await provideTestRedis();
    // The bundled sample feeds (the offers service's default base URL).
    stack = await startStack({ redis, contentDir: CONTENT_DIR, gatewayEnv: { PAGE_CACHE: 'false' } });
    const { offers } = await stack.offers.listOffers({ country: 'PL', limit: 100, offset: 0, pagePath: '/' });
    marked = offers.filter((offer) => offer.filledTagIndexes.length > 0);
  });

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  const get = async (address: string) => {
    const response = await rawRequest(stack.port, {
      path: address,
      headers: { 'accept-encoding': 'identity' },
    });
    expect({ address, status: response.status }).toEqual({ address, status: 200 });
    return response.body;
  };

  it('the offers service answers those badges filled in and marked, on sample offers', () => {
    expect(marked.map((offer) => offer.reviewSlug).sort()).toEqual([
      'avinto',
      'ekassa',
      'ekspres-pozyczka',
      'kuki',
      'oros',
      'smart-pozyczka',
      'tarata',
    ]);
    for (const offer of marked) {
      expect(offer.sample).toBe(true);
      for (const index of offer.filledTagIndexes) expect(offer.tags[index]).toMatch(FILLED);
    }
  });

  it('the offer lists show the offers that carry them, without them, with the sample notice', async () => {
    for (const address of [
      '/offers/?suma=1000&okres=61',
      '/offers2/?suma=1000&okres=61',
      '/offers3/?suma=1000&okres=61',
    ]) {
      const html = await get(address);
      const cards = text(offerList(html));
      for (const offer of marked) expect(cards).toContain(offer.header);
      // The feed's own badge of the same offers stays.
      expect(cards).toContain('pierwsza darmowa');
      expect(text(html)).not.toMatch(FILLED);
      expect(html).toContain('data-sample-notice="offers"');
    }
  });

  it('neither the lender pages nor the lender reviews show them on the offer’s card', async () => {
    for (const offer of marked) {
      for (const address of [`/lenders/${offer.lenderId}/`, lenderReviewPath(offer.reviewSlug)]) {
        const cards = text(offerList(await get(address)));
        expect({ address, card: cards.includes(offer.header) }).toEqual({ address, card: true });
        expect({ address, cards }).toEqual({ address, cards: expect.not.stringMatching(FILLED) as string });
      }
    }
  });
});

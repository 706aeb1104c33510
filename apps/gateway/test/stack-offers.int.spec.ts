import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describeWithRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { rawRequest } from './support/raw-http';
import { startStack, type Stack } from './support/stack';

/*
 * The offers blocks and lists on the site as it ships: the project's own content/ in front of the
 * real content, offers and rates services (processes from their builds, real PostgreSQL and Redis),
 * the offers service on the bundled sample feeds. What each page should show is worked out here
 * from the feed file and the pages' front matter, independently of the services' code.
 */

const CONTENT_DIR = path.join(__dirname, '../../../content');
const PL_FEED = path.join(__dirname, '../../offers/feeds/pl_feed.json');

interface FeedRow {
  offer_id: number;
  header: string;
  is_active?: boolean;
  lender_link?: string;
  product_type: string;
  amount_min: number;
  amount_max: number;
  period_min_days: number;
  period_max_days: number;
  first_loan_free?: boolean;
  first_loan_free_max?: number;
  sponsored?: boolean;
  review_slug: string;
}

/** Brands that lend nothing themselves (apps/offers/data/lenders.pl.json): never ranked or counted. */
const NOT_LENDERS = new Set(['avinto', 'finbo']);

/** Visible text, tags dropped, non-breaking spaces as spaces. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
/** The page from the offers block's heading on. */
const blockOf = (html: string) => html.slice(Math.max(0, html.indexOf('id="oferty_sekcja"')));
/** The offer ids of the first list in `html` (the ranking, before other periods and ads). */
const rankedIds = (html: string) => idsIn(/<ol class="offer-list">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '');
const idsIn = (html: string) => [...html.matchAll(/data-offer-id="(\d+)"/g)].map((m) => Number(m[1]));
/** One card's HTML by offer id. */
const cardOf = (html: string, id: number) =>
  new RegExp(
    `<li class="offer[^"]*" data-offer-id="${id}">[\\s\\S]*?</li>\\s*(?=<li class="offer|</ol>)`,
  ).exec(html)?.[0] ?? '';
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describeWithRedis('offers that fit the page and the request (real services, shipped content)', () => {
  let redis: TestRedis;
  let stack: Stack;
  let feed: FeedRow[];
  /** Offers able to lend `zl` for `days`: active, with a link, not a paid placement, of a lender. */
  const able = (zl: number, days: number) =>
    feed.filter(
      (o) =>
        (o.is_active ?? true) &&
        !!o.lender_link &&
        !o.sponsored &&
        !NOT_LENDERS.has(o.review_slug) &&
        zl >= o.amount_min &&
        zl <= o.amount_max &&
        days >= o.period_min_days &&
        days <= o.period_max_days,
    );

  beforeAll(async () => {
    feed = JSON.parse(await readFile(PL_FEED, 'utf8')) as FeedRow[];
    redis = await provideTestRedis();
    stack = await startStack({
      redis,
      contentDir: CONTENT_DIR,
      gatewayEnv: { PAGE_CACHE: 'false', PAGE_MEMO_MS: '0' },
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await redis?.close();
  });

  const get = async (address: string) => {
    const res = await rawRequest(stack.port, { path: address, headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('/darmowe-pozyczki/ shows only offers whose first loan is free for its 1 000 zł and 61 days, each at 0 zł for the first loan only', async () => {
    const block = blockOf(await get('/darmowe-pozyczki/'));
    const expected = able(1000, 61).filter((o) => o.first_loan_free && (o.first_loan_free_max ?? 0) >= 1000);
    expect(expected.length).toBeGreaterThan(6);
    expect(text(block)).toContain('Oferty pożyczek z darmową pierwszą pożyczką: 1 000 zł na 61 dni');
    const ranked = rankedIds(block);
    expect(ranked).toHaveLength(6);
    expect(ranked.every((id) => expected.some((o) => o.offer_id === id))).toBe(true);
    for (const id of ranked)
      expect(text(cardOf(block, id))).toContain('Koszt 0,00 zł – tylko pierwsza pożyczka');
    expect(text(block)).toContain(`Pokazujemy 6 z ${expected.length} ofert spełniających te warunki.`);
    // The offer at an RRSO near 290 % that led the block before is not a free first loan.
    expect(idsIn(block)).not.toContain(2003);
  });

  it('/ranking-kredytow-gotowkowych/ shows only offers repaid in instalments, for its 10 000 zł and 720 days', async () => {
    const block = blockOf(await get('/ranking-kredytow-gotowkowych/'));
    const instalments = new Set(feed.filter((o) => o.product_type === 'installment').map((o) => o.offer_id));
    const expected = able(10_000, 720).filter((o) => instalments.has(o.offer_id));
    expect(text(block)).toContain('Pożyczki ratalne: 10 000 zł na 720 dni (24 mies.)');
    const ranked = rankedIds(block);
    expect(ranked).toHaveLength(Math.min(6, expected.length));
    // No payday loan anywhere in the block: not ranked, not apart, not as an ad.
    expect(idsIn(block).every((id) => instalments.has(id))).toBe(true);
    expect(text(block)).toContain(`Pokazujemy 6 z ${expected.length} ofert spełniających te warunki.`);
  });

  it('/offers/?suma=1500&okres=90 counts exactly the offers able to lend 1 500 zł for 90 days; the others come apart under their period', async () => {
    const html = await get('/offers/?suma=1500&okres=90');
    const expected = able(1500, 90);
    const word =
      expected.length === 1
        ? 'ofertę'
        : expected.length % 10 >= 2 &&
            expected.length % 10 <= 4 &&
            (expected.length % 100 < 12 || expected.length % 100 > 14)
          ? 'oferty'
          : 'ofert';
    expect(html).toContain(`<h1>Znaleźliśmy ${expected.length} ${word}</h1>`);
    expect(sorted(rankedIds(html))).toEqual(sorted(expected.map((o) => o.offer_id)));
    // Able to lend 1 500 zł, not for 90 days: apart, priced at the nearest period each allows.
    const apart = feed.filter(
      (o) =>
        (o.is_active ?? true) &&
        !!o.lender_link &&
        !o.sponsored &&
        1500 >= o.amount_min &&
        1500 <= o.amount_max &&
        (90 < o.period_min_days || 90 > o.period_max_days),
    );
    const section = /<section class="offer-other-period"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(sorted(idsIn(section))).toEqual(sorted(apart.map((o) => o.offer_id)));
    const periods = new Set(apart.map((o) => Math.min(o.period_max_days, Math.max(o.period_min_days, 90))));
    for (const days of periods)
      expect(text(section)).toContain(`Oferty na inny okres – koszt podany dla ${days} dni`);
    expect(text(section)).toContain('Te oferty obejmują kwotę 1 500 zł, ale nie okres 90 dni.');
  });

  it('prices Rupi and SuperGrosz above their free limits as unknown, never at 0 zł', async () => {
    const html = await get('/offers/?suma=1500&okres=61');
    for (const header of ['Rupi', 'SuperGrosz']) {
      const id = feed.find((o) => o.header === header)!.offer_id;
      const card = text(cardOf(html, id));
      expect(card).toContain('Koszt nieznany');
      expect(card).toContain('Kosztu tej pożyczki nie znamy');
      expect(card).not.toContain('0,00 zł');
      expect(card).not.toMatch(/RRSO \d/);
      expect(card).not.toContain('Przykład reprezentatywny');
    }
    // Vivus lends its first 3 000 zł free: 1 500 zł is within it.
    const vivus = text(cardOf(html, feed.find((o) => o.header === 'Vivus')!.offer_id));
    expect(vivus).toContain('Koszt 0,00 zł – tylko pierwsza pożyczka');
    expect(vivus).toContain('Pierwsza pożyczka za 0 zł do 3 000 zł');
  });

  it('a page asking for what no feed states shows no offers, says why and links the closest page', async () => {
    const business = text(blockOf(await get('/pozyczki-dla-firm/')));
    expect(business).toContain('nie wskazują, które pożyczki są przeznaczone dla firm');
    expect(idsIn(blockOf(await get('/pozyczki-dla-firm/')))).toEqual([]);
    const bik = blockOf(await get('/pozyczki-bez-bik-baz-krd-erif-big/'));
    expect(text(bik)).toContain('nie możemy wybrać ofert udzielanych bez takiej weryfikacji');
    expect(idsIn(bik)).toEqual([]);
    expect(bik).toMatch(/<a href="\/chwilowki-online\/">[^<]+<\/a>/);
  });

  it('every SEO page shows the block its front matter declares, for its own amount and period', async () => {
    const files = (await readdir(path.join(CONTENT_DIR, 'pages'))).filter((name) => name.endsWith('.md'));
    const headings = new Set<string>();
    let declared = 0;
    for (const file of files) {
      const source = await readFile(path.join(CONTENT_DIR, 'pages', file), 'utf8');
      const front = source.split('\n---\n')[0]!;
      if (!/^type: seo$/m.test(front)) continue;
      const pagePath = /^path: (\S+)$/m.exec(front)![1]!;
      const offers = /^offers: (.+)$/m.exec(front)![1]!;
      const html = await get(pagePath);
      // `offers: false`: no block at all.
      expect(html.includes('id="oferty_sekcja"')).toBe(offers !== 'false');
      if (offers === 'false') continue;
      declared += 1;
      const amount = Number(/amount: (\d+)/.exec(offers)![1]);
      const days = Number(/periodDays: (\d+)/.exec(offers)![1]);
      const heading = text(/<h2 id="oferty_sekcja">([\s\S]*?)<\/h2>/.exec(html)?.[1] ?? '');
      expect(heading).toContain(
        `: ${amount.toLocaleString('pl-PL', { useGrouping: 'always' }).replace(/\s/g, ' ')} zł na ${days} `,
      );
      headings.add(heading);
    }
    expect(declared).toBeGreaterThan(40);
    // Pages about different things show different blocks.
    expect(headings.size).toBeGreaterThan(10);
  });
});

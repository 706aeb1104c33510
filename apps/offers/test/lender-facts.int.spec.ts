import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { type GrpcCallError } from '@lib/contracts';
import { warsawDay } from '@lib/pl-calendar';
import {
  describeWithRedis,
  provideTestRedis,
  startTestService,
  type TestRedis,
  type TestService,
} from '@lib/testing';
import { BUNDLED_FEEDS_URL } from '../src/offers.config';
import { offersService } from '../src/offers.service-definition';

const REVIEW_DIR = path.resolve(__dirname, '../../../content/lenders');
const failure = async (call: Promise<unknown>) =>
  (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as GrpcCallError;

describeWithRedis(
  'GetLenderFacts and ListLenderFacts over gRPC (real PostgreSQL and Redis, the shipped PL feed)',
  () => {
    let t: TestService<'offers'>;
    let redis: TestRedis;

    beforeAll(async () => {
      redis = await provideTestRedis();
      t = await startTestService(offersService, {
        redisUrl: redis.url,
        env: { OFFERS_FEED_BASE_URL: BUNDLED_FEEDS_URL },
      });
    });
    afterAll(async () => {
      await t?.stop();
      await redis?.close();
    });

    it('answers facts for every one of the 28 review pages, each figure with the sample file as its source and the fetch day', async () => {
      const slugs = (await readdir(REVIEW_DIR)).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
      expect(slugs).toHaveLength(28);
      const [feed] = (await t.client.getFeedIngestionStatus({ feedKeys: ['pl'] })).feeds;
      const fetchedDay = warsawDay(new Date(feed!.lastSuccessAt));
      for (const slug of slugs) {
        const facts = await t.client.getLenderFacts({ slug, country: 'PL' });
        expect(facts.slug).toBe(slug);
        expect(facts.name).not.toBe('');
        // The name travels with its Polish cases, the nominative being the name itself.
        expect(facts.nameForms).toMatchObject({ nominative: facts.name });
        for (const form of [
          facts.nameForms!.genitive,
          facts.nameForms!.instrumental,
          facts.nameForms!.locative,
        ])
          expect(form.trim()).not.toBe('');
        // Every PL review has its offer in the shipped feed, which is sample data and says so.
        expect(facts.offer).toMatchObject({
          checkedAt: fetchedDay,
          sample: true,
          source: {
            name: 'dane przykładowe z pliku pl_feed.json dołączonego do serwisu, nie od pożyczkodawcy',
            url: '',
          },
        });
        expect(facts.offer!.amountMaxGrosze).toBeGreaterThan(0);
        // A lender's example carries its RRSO; a comparison site or intermediary has none of its own.
        const ownTerms = !['porownywarka', 'posrednik'].includes(facts.kind!.value);
        expect(facts.offer!.representativeExample?.rrsoPercent ?? 'none').toMatch(
          ownTerms ? /^\d+\.\d{2}$/ : /^none$/,
        );
        // An editorial fact is either unknown (all empty) or has a source and a date.
        const unknown = { value: '', source: null, checkedAt: '' };
        const known = expect.objectContaining({
          source: expect.objectContaining({ name: expect.any(String) as string }) as object,
          checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
        }) as object;
        for (const fact of [facts.kind, facts.company, facts.register, facts.registerEntry]) {
          expect(fact).toEqual(fact!.value === '' ? unknown : known);
        }
      }
    });

    it('states only verified facts: Vivus by its company, an unverified register as unknown, Finbo as a comparison site', async () => {
      const vivus = await t.client.getLenderFacts({ slug: 'vivus', country: '' });
      expect(vivus.company).toMatchObject({
        value: '4finance sp. z o.o.',
        source: { url: 'https://www.vivus.pl/' },
      });
      expect(vivus.registerEntry?.value).toBe('');
      expect(vivus.offer).toMatchObject({
        amountMinGrosze: 10_000,
        amountMaxGrosze: 300_000,
        firstLoanFree: true,
        firstLoanFreeMaxGrosze: 300_000,
      });
      const finbo = await t.client.getLenderFacts({ slug: 'finbo', country: 'PL' });
      expect(finbo.kind?.value).toBe('porownywarka');
      expect(finbo.company?.value).toBe('');
      expect(finbo.offer?.sponsored).toBe(true);
      // A comparison site's feed terms are no loan of its own: no example, RRSO, interest or commission.
      expect(finbo.offer).toMatchObject({ representativeExample: null, interestRateBp: 0, commissionBp: 0 });
      expect(finbo.offer?.amountMaxGrosze).toBe(3_000_000);
      // Offers carry the kind, so every list can label a brand that does not lend.
      const { offers } = await t.client.listOffers({ country: 'PL', limit: 100, offset: 0, pagePath: '/' });
      expect(
        offers
          .filter((o) => o.lenderKind === 'porownywarka' || o.lenderKind === 'posrednik')
          .map((o) => o.reviewSlug)
          .sort(),
      ).toEqual(['avinto', 'finbo']);
      // The shipped feed gives no rating counts or sources: no offer has a rating to show.
      expect(offers.every((o) => o.ratingCount === 0 && o.ratingSource === '')).toBe(true);
    });

    it('lists all 28 by name with the catalogue figures over active lender offers (no paid placement, no comparison site)', async () => {
      const { lenders, figures } = await t.client.listLenderFacts({ country: 'PL' });
      expect(lenders).toHaveLength(28);
      const names = lenders.map((l) => l.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('pl', { sensitivity: 'base' }).compare));
      const { offers } = await t.client.listOffers({ country: 'PL', limit: 100, offset: 0, pagePath: '/' });
      const lending = offers.filter(
        (o) => o.isActive && !o.sponsored && o.lenderKind !== 'porownywarka' && o.lenderKind !== 'posrednik',
      );
      expect(figures).toMatchObject({
        amountMinGrosze: Math.min(...lending.map((o) => o.amountMinGrosze)),
        amountMaxGrosze: Math.max(...lending.map((o) => o.amountMaxGrosze)),
        periodMaxDays: Math.max(...lending.map((o) => o.periodMaxDays)),
        firstLoanFreeMaxGrosze: Math.max(...lending.map((o) => o.firstLoanFreeMaxGrosze)),
        lenders: lending.length,
      });
      // The shipped feed: Kasa Stefczyka lends up to 30 000 zł; Finbo's 30 000 zł (paid, a comparison site) is not counted for it.
      expect(figures!.amountMaxGrosze).toBe(3_000_000);
      expect(lending.some((o) => o.reviewSlug === 'finbo')).toBe(false);
      expect(figures!.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(figures).toMatchObject({
        sample: true,
        source: {
          name: expect.stringMatching(/^dane przykładowe z pliku pl_feed\.json dołączonego do serwisu/),
        },
      });
    });

    it('refuses a malformed slug with INVALID_ARGUMENT and answers NOT_FOUND for a slug without a review or an unknown country', async () => {
      await expect(
        failure(t.client.getLenderFacts({ slug: 'Vivus!', country: 'PL' })),
      ).resolves.toMatchObject({ code: status.INVALID_ARGUMENT });
      await expect(
        failure(t.client.getLenderFacts({ slug: 'nie-ma-takiej', country: 'PL' })),
      ).resolves.toMatchObject({ code: status.NOT_FOUND });
      await expect(failure(t.client.listLenderFacts({ country: 'XX' }))).resolves.toMatchObject({
        code: status.NOT_FOUND,
      });
    });
  },
);

import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { commonV1, type GrpcCallError, offersV1 } from '@lib/contracts';
import { warsawDay } from '@lib/pl-calendar';
import { runCli } from '@lib/service-kit';
import {
  describeWithRedis,
  provideTestRedis,
  silentLogger,
  startTestService,
  type TestRedis,
  type TestService,
  until,
} from '@lib/testing';
import { offersIngestCli } from '../src/cli/offers-ingest.cli';
import { LeadRequestRetentionJob } from '../src/jobs/lead-request-retention.job';
import { offersService } from '../src/offers.service-definition';

const BUNDLED_FEEDS = path.resolve(__dirname, '../feeds');
const REVIEW_DIR = path.resolve(__dirname, '../../../content/lenders');

const failure = async (call: Promise<unknown>) =>
  (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as GrpcCallError;
const match = (overrides: Partial<offersV1.MatchOffersRequest> = {}): offersV1.MatchOffersRequest => ({
  amountGrosze: 100_000,
  periodDays: 61,
  purpose: commonV1.LoanPurpose.CAR_REPAIR,
  applicationId: '',
  country: 'PL',
  limit: 0,
  age: 30,
  pagePath: '/',
  productTypes: [],
  firstLoanFreeOnly: false,
  ageFrom: 0,
  ageTo: 0,
  business: false,
  withoutCreditCheck: false,
  ...overrides,
});
const list = (country: string, pagePath = '/') => ({ country, limit: 100, offset: 0, pagePath });

describeWithRedis('offers service over gRPC (real PostgreSQL and Redis, feeds over HTTP)', () => {
  let t: TestService<'offers'>;
  let redis: TestRedis;
  let dir: string;
  let server: Server;
  let feedsUrl: string;
  /** Answers of the feed server that are not files: path → HTTP status. */
  const broken = new Map<string, number>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'offers-feeds-'));
    await cp(BUNDLED_FEEDS, dir, { recursive: true });
    server = createServer((req, res) => {
      const name = path.basename(req.url ?? '');
      const code = broken.get(name);
      if (code) {
        res.writeHead(code).end('upstream trouble');
        return;
      }
      readFile(path.join(dir, name)).then(
        (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    redis = await provideTestRedis();
    feedsUrl = `http://127.0.0.1:${port}/feeds/`;
    t = await startTestService(offersService, {
      redisUrl: redis.url,
      env: { OFFERS_FEED_BASE_URL: `http://127.0.0.1:${port}/feeds` },
    });
  });
  afterAll(async () => {
    await t?.stop();
    await redis?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const pl = async () => (await t.client.listOffers(list('PL'))).offers;
  const finished = async (feedKey: string) => {
    await until(
      async () =>
        (await t.client.getFeedIngestionStatus({ feedKeys: [feedKey] })).feeds[0]?.state !==
        offersV1.FeedIngestionState.RUNNING,
    );
    return (await t.client.getFeedIngestionStatus({ feedKeys: [feedKey] })).feeds[0]!;
  };

  it('ingests every feed at start: statuses with counts, PL with the 28 lenders that have review pages', async () => {
    const { feeds } = await t.client.getFeedIngestionStatus({ feedKeys: [] });
    expect(feeds.map((f) => f.feedKey)).toEqual([
      'es',
      'mx',
      'vn',
      'pl',
      'ph',
      'my',
      'za',
      'kz_ru',
      'ua_ru',
      'ua_ua',
    ]);
    expect(
      feeds.every(
        (f) =>
          f.state === offersV1.FeedIngestionState.SUCCEEDED &&
          f.lastSuccessAt !== '' &&
          f.errorMessage === '',
      ),
    ).toBe(true);
    expect(feeds.find((f) => f.feedKey === 'pl')).toMatchObject({
      country: 'PL',
      offersReceived: 28,
      offersStored: 28,
      offersDropped: 0,
      offersLeftOut: 0,
      leftOut: [],
      // Served over HTTP, yet byte for byte the bundled sample file: sample data wherever it comes from.
      sample: true,
      sourceUrl: `${feedsUrl}pl_feed.json`,
    });
    // ES: a domainactive offer and a repeated header are dropped.
    expect(feeds.find((f) => f.feedKey === 'es')).toMatchObject({
      offersReceived: 7,
      offersStored: 5,
      offersDropped: 2,
    });

    const reviews = (await readdir(REVIEW_DIR)).map((f) => f.replace(/\.md$/, '')).sort();
    const offers = await pl();
    expect(offers.map((o) => o.reviewSlug).sort()).toEqual(reviews);
    expect(offers.every((o) => o.lenderSlug === o.reviewSlug && o.lenderLink.startsWith('https://'))).toBe(
      true,
    );
    // Each reviewed brand's offer carries the brand name's Polish cases, for the sentences that name it.
    const plus = offers.find((o) => o.reviewSlug === 'pozyczka-plus');
    expect(plus?.lenderNameForms).toEqual({
      nominative: 'Pożyczka Plus',
      genitive: 'Pożyczki Plus',
      instrumental: 'Pożyczką Plus',
      locative: 'Pożyczce Plus',
    });
    expect(offers.every((o) => o.lenderNameForms?.locative)).toBe(true);
    // Each offer says it is sample data and is dated by its feed's fetch (today, in Warsaw).
    expect(new Set(offers.map((o) => `${o.sample}:${o.asOf}`))).toEqual(
      new Set([`true:${warsawDay(new Date())}`]),
    );
  });

  it('reports the age of every feed’s last good fetch on /metrics, kept when a later fetch fails', async () => {
    const scrape = async () => {
      const text = await (await fetch(`${t.opsUrl}/metrics`)).text();
      const read = (name: string) =>
        new Map(
          [
            ...text.matchAll(
              new RegExp(`^${name}\\{feed="([a-z_]+)",service="offers"\\} ([0-9.e+]+)$`, 'gm'),
            ),
          ].map((m) => [m[1]!, Number(m[2])]),
        );
      return {
        at: read('offers_feed_last_good_fetch_timestamp_seconds'),
        age: read('offers_feed_staleness_seconds'),
      };
    };
    const { feeds } = await t.client.getFeedIngestionStatus({ feedKeys: [] });
    const before = await scrape();
    expect([...before.at.keys()].sort()).toEqual(feeds.map((f) => f.feedKey).sort());
    for (const [feed, at] of before.at) {
      expect(Math.abs(Date.now() / 1000 - at)).toBeLessThan(600);
      expect(before.age.get(feed)).toBeGreaterThanOrEqual(0);
      expect(before.age.get(feed)).toBeLessThan(600);
    }

    broken.set('pl_feed.json', 503);
    try {
      await t.client.triggerFeedIngestion({ feedKeys: ['pl'] });
      expect((await finished('pl')).state).toBe(offersV1.FeedIngestionState.FAILED);
    } finally {
      broken.delete('pl_feed.json');
    }
    const after = await scrape();
    expect(after.at.get('pl')).toBe(before.at.get('pl'));
    expect(after.age.get('pl')).toBeGreaterThanOrEqual(before.age.get('pl')!);
  });

  it('lists a feed with its active offers first, by header, and the representative example of every offer', async () => {
    const { offers, total } = await t.client.listOffers(list('pl'));
    expect(total).toBe(28);
    const active = offers.filter((o) => o.isActive).map((o) => o.header);
    expect(offers.slice(0, active.length).map((o) => o.header)).toEqual(
      [...active].sort((a, b) => a.localeCompare(b, 'pl')),
    );
    expect(offers.at(-1)).toMatchObject({ header: 'Opena', isActive: false });
    expect(offers.map((o) => o.position)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    const vivus = offers.find((o) => o.lenderSlug === 'vivus')!;
    expect(vivus).toMatchObject({
      country: 'PL',
      feedKey: 'pl',
      firstLoanFree: true,
      amountMaxGrosze: 300_000,
      repayment: 'single',
    });
    expect(vivus.representativeExample).toMatchObject({
      amountGrosze: 100_000,
      periodDays: 61,
      totalCostGrosze: 0,
      rrsoPercent: '0.00',
    });
    const wonga = offers.find((o) => o.lenderSlug === 'wonga')!;
    expect(wonga.representativeExample).toMatchObject({
      amountGrosze: 500_000,
      periodDays: 360,
      payments: 12,
    });
    expect(wonga.representativeExample!.totalPayableGrosze).toBe(
      500_000 + wonga.representativeExample!.totalCostGrosze,
    );
    expect(wonga.aprBasisPoints).toBe(Math.round(Number(wonga.representativeExample!.rrsoPercent) * 100));
    // Missing stars were filled from 4.7–5.0; {time} became a number.
    expect(offers.find((o) => o.lenderSlug === 'bycard')!.stars).toMatch(/^(4\.[789]|5\.0)$/);
    const avinto = offers.find((o) => o.lenderSlug === 'avinto')!;
    expect(avinto.tags[0]).toMatch(/^decyzja w ([3-9]|10) min$/);
    // …and is marked as filled in, so no page states it as the lender's.
    expect(avinto.filledTagIndexes).toEqual([0]);
    // An intermediary: labelled, and no cost or RRSO of its own though its feed row states terms.
    expect(avinto).toMatchObject({ lenderKind: 'posrednik', aprBasisPoints: 0, representativeExample: null });
    const filled = offers.flatMap((o) => o.filledTagIndexes.map((i) => o.tags[i]!.replace(/\d+/, 'N')));
    expect(new Set(filled)).toEqual(
      new Set(['decyzja w N min', 'N% wniosków przyjętych', 'przelew w N min']),
    );
    expect(offers.every((o) => !o.field2ValueFilled && !o.field4ValueFilled)).toBe(true);

    const page = await t.client.listOffers({ country: 'PL', limit: 5, offset: 25, pagePath: '' });
    expect(page).toMatchObject({ total: 28 });
    expect(page.offers.map((o) => o.position)).toEqual([26, 27, 28]);
  });

  it('applies the rules of the other countries’ feeds and the key rules for KZ and UA', async () => {
    const es = (await t.client.listOffers(list('ES'))).offers;
    expect(es.map((o) => [o.offerId, o.header, o.isActive])).toEqual([
      [60, 'Crédito Ágil', true],
      // Switched off in the feed, yet ES keeps offer 67 in the active list.
      [67, 'Oferta Destacada', true],
      [62, 'Préstamo Norte', true],
      [61, 'Tomamos impulso', true],
      [65, 'Préstamo Sur', false],
    ]);
    expect(es.find((o) => o.offerId === 61)!.tags).toEqual(['Sin papeleo', 'Con ASNEF']);
    expect(es.find((o) => o.offerId === 62)!.asnefValue).toBe(false);
    expect(es.find((o) => o.offerId === 60)!).toMatchObject({
      field4Value: '97% de solicitudes aprobadas',
      field4ValueFilled: true,
      asnefValue: true,
    });

    expect((await t.client.listOffers(list('ua', '/ru/offers/'))).offers[0]).toMatchObject({
      feedKey: 'ua_ru',
      header: 'Деньги Онлайн',
    });
    expect((await t.client.listOffers(list('UA', '/offers/'))).offers[0]).toMatchObject({
      feedKey: 'ua_ua',
      header: 'Гроші Онлайн',
    });
    expect((await t.client.listOffers(list('kz'))).offers[0]).toMatchObject({
      feedKey: 'kz_ru',
      country: 'KZ',
    });
  });

  it('answers one offer and one lender, NOT_FOUND for unknown ones and unknown countries', async () => {
    const vivus = (await pl()).find((o) => o.lenderSlug === 'vivus')!;
    await expect(t.client.getOffer({ offerId: vivus.offerId, country: 'pl', pagePath: '' })).resolves.toEqual(
      vivus,
    );
    expect((await failure(t.client.getOffer({ offerId: 999_999, country: 'pl', pagePath: '' }))).code).toBe(
      status.NOT_FOUND,
    );
    expect(
      (await failure(t.client.getOffer({ offerId: vivus.offerId, country: 'de', pagePath: '' }))).code,
    ).toBe(status.NOT_FOUND);
    expect((await failure(t.client.listOffers(list('de')))).code).toBe(status.NOT_FOUND);

    const lender = await t.client.getLender({ lenderId: 0, slug: 'vivus' });
    expect(lender).toMatchObject({
      slug: 'vivus',
      name: 'Vivus',
      website: 'https://www.vivus.pl',
      lenderId: vivus.lenderId,
    });
    expect(lender.offers.map((o) => o.offerId)).toEqual([vivus.offerId]);
    await expect(t.client.getLender({ lenderId: vivus.lenderId, slug: '' })).resolves.toMatchObject({
      slug: 'vivus',
    });
    expect((await failure(t.client.getLender({ lenderId: 0, slug: 'nie-ma-takiego' }))).code).toBe(
      status.NOT_FOUND,
    );
    expect((await failure(t.client.getLender({ lenderId: 0, slug: '' }))).code).toBe(status.INVALID_ARGUMENT);
  });

  it('matches and ranks offers with their cost and RRSO; comparison sites and intermediaries apart', async () => {
    const answer = await t.client.matchOffers(match({ amountGrosze: 200_000, periodDays: 61 }));
    expect(answer.total).toBeGreaterThan(3);
    expect(answer.offers.every((m) => m.withinLimits && m.pricedPeriodDays === 61)).toBe(true);
    expect(answer.offers.map((m) => m.score)).toEqual(
      [...answer.offers.map((m) => m.score)].sort((a, b) => b - a),
    );
    expect(
      answer.offers.every(
        (m) =>
          !m.offer!.sponsored && m.offer!.amountMinGrosze <= 200_000 && m.offer!.amountMaxGrosze >= 200_000,
      ),
    ).toBe(true);
    const best = answer.offers[0]!;
    expect(best.cost).toMatchObject({ amountGrosze: 200_000, periodDays: 61, firstLoanFreeApplies: true });
    expect(best.cost!.rrsoPercent).toMatch(/^\d+\.\d\d$/);
    // Finbo (a comparison site, also a paid placement) and Avinto (an intermediary): apart, unpriced.
    expect(answer.sponsored).toEqual([]);
    expect(answer.intermediaries.map((m) => [m.offer!.lenderSlug, m.offer!.sponsored])).toEqual([
      ['avinto', false],
      ['finbo', true],
    ]);
    expect(answer.intermediaries.every((m) => m.cost === null && m.score === 0)).toBe(true);
    expect(answer.offers.some((m) => ['avinto', 'finbo'].includes(m.offer!.lenderSlug))).toBe(false);

    const limited = await t.client.matchOffers(match({ amountGrosze: 200_000, limit: 2 }));
    expect(limited).toMatchObject({ total: answer.total });
    expect(limited.offers).toHaveLength(2);
    // 30 000 zł only fits Finbo (a comparison site, apart) and Kasa Stefczyka.
    const large = await t.client.matchOffers(match({ amountGrosze: 3_000_000, periodDays: 720 }));
    expect(large.offers.map((m) => m.offer!.lenderSlug)).toEqual(['kasa-stefczyka']);
    // Too young for every PL lender.
    expect((await t.client.matchOffers(match({ age: 17 }))).total).toBe(0);

    const bad = await failure(
      t.client.matchOffers(match({ amountGrosze: 0, periodDays: 99_999, limit: 101 })),
    );
    expect(bad.code).toBe(status.INVALID_ARGUMENT);
    expect(bad.fieldViolations.map((v) => v.field).sort()).toEqual(['amountGrosze', 'limit', 'periodDays']);
    expect((await failure(t.client.matchOffers(match({ country: 'xx' })))).code).toBe(status.NOT_FOUND);
  });

  it('ranks and counts only the offers able to lend the amount for the period, the others apart (the sample feed)', async () => {
    type FeedRow = {
      offer_id: number;
      header: string;
      is_active?: boolean;
      lender_link?: string;
      product_type?: string;
      amount_min: number;
      amount_max: number;
      period_min_days: number;
      period_max_days: number;
      first_loan_free?: boolean;
      first_loan_free_max?: number;
      sponsored?: boolean;
      review_slug: string;
    };
    const feed = JSON.parse(await readFile(path.join(BUNDLED_FEEDS, 'pl_feed.json'), 'utf8')) as FeedRow[];
    // Avinto and Finbo do not lend (lender facts): never ranked or counted.
    const notLenders = new Set(['avinto', 'finbo']);
    const lends = (o: FeedRow, zl: number) =>
      (o.is_active ?? true) &&
      !!o.lender_link &&
      !o.sponsored &&
      !notLenders.has(o.review_slug) &&
      zl >= o.amount_min &&
      zl <= o.amount_max;
    const within = (o: FeedRow, days: number) => days >= o.period_min_days && days <= o.period_max_days;
    const ids = (rows: FeedRow[]) => rows.map((o) => o.offer_id).sort((a, b) => a - b);

    const answer = await t.client.matchOffers(match({ amountGrosze: 150_000, periodDays: 90, limit: 100 }));
    const able = feed.filter((o) => lends(o, 1500) && within(o, 90));
    const apart = feed.filter((o) => lends(o, 1500) && !within(o, 90));
    expect(answer.total).toBe(able.length);
    expect(ids(answer.offers.map((m) => ({ offer_id: m.offer!.offerId }) as FeedRow))).toEqual(ids(able));
    expect(answer.otherPeriodTotal).toBe(apart.length);
    expect(apart.length).toBeGreaterThan(0);
    for (const m of answer.otherPeriod) {
      const row = feed.find((o) => o.offer_id === m.offer!.offerId)!;
      const nearest = Math.min(row.period_max_days, Math.max(row.period_min_days, 90));
      expect(m).toMatchObject({ withinLimits: false, score: 0, pricedPeriodDays: nearest });
      expect(m.cost?.periodDays ?? nearest).toBe(nearest);
    }
    // Nearest period first: every offer apart here lends for at most 61 days or from 180 days.
    const distances = answer.otherPeriod.map((m) => Math.abs(m.pricedPeriodDays - 90));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    // 1 500 zł for 61 days: Rupi (free up to 1 000 zł) and SuperGrosz (up to 800 zł) state no other terms.
    const above = await t.client.matchOffers(match({ amountGrosze: 150_000, periodDays: 61, limit: 100 }));
    for (const slug of ['rupi', 'super-grosz']) {
      const m = above.offers.find((o) => o.offer!.lenderSlug === slug)!;
      expect(m).toMatchObject({ costUnknown: true, cost: null, score: 0 });
    }
    for (const m of above.offers.filter((o) => o.cost?.firstLoanFreeApplies)) {
      const row = feed.find((o) => o.offer_id === m.offer!.offerId)!;
      expect(row.first_loan_free_max).toBeGreaterThanOrEqual(1500);
      expect(m.cost).toMatchObject({ totalCostGrosze: 0, totalPayableGrosze: 150_000, rrsoPercent: '0.00' });
    }
  });

  it('narrows to a page’s filters: product types, free first loans, ages; nothing for what no feed states', async () => {
    const feed = JSON.parse(await readFile(path.join(BUNDLED_FEEDS, 'pl_feed.json'), 'utf8')) as {
      offer_id: number;
      product_type: string;
      first_loan_free?: boolean;
      first_loan_free_max?: number;
      age_min?: number;
      age_max?: number;
    }[];
    const row = (m: offersV1.MatchedOffer) => feed.find((o) => o.offer_id === m.offer!.offerId)!;

    const instalments = await t.client.matchOffers(
      match({ amountGrosze: 1_000_000, periodDays: 720, productTypes: ['installment'], limit: 100 }),
    );
    expect(instalments.total).toBeGreaterThan(0);
    expect(
      [...instalments.offers, ...instalments.otherPeriod].every((m) => row(m).product_type === 'installment'),
    ).toBe(true);

    const free = await t.client.matchOffers(
      match({ amountGrosze: 100_000, periodDays: 61, firstLoanFreeOnly: true, limit: 100 }),
    );
    expect(free.total).toBe(
      feed.filter((o) => o.first_loan_free && (o.first_loan_free_max ?? 0) >= 1000).length,
    );
    expect(free.offers.every((m) => m.cost?.totalCostGrosze === 0 && m.cost.firstLoanFreeApplies)).toBe(true);

    const seniors = await t.client.matchOffers(
      match({ amountGrosze: 200_000, periodDays: 61, ageFrom: 60, ageTo: 75, age: 0, limit: 100 }),
    );
    expect(seniors.total).toBeGreaterThan(0);
    expect(seniors.offers.every((m) => row(m).age_min! <= 60 && row(m).age_max! >= 75)).toBe(true);

    const business = await t.client.matchOffers(match({ business: true, withoutCreditCheck: true }));
    expect(business).toMatchObject({
      offers: [],
      total: 0,
      otherPeriod: [],
      sponsored: [],
      intermediaries: [],
      unsupportedFilters: ['business', 'without_credit_check'],
    });

    const bad = await failure(
      t.client.matchOffers(match({ productTypes: ['mortgage'], ageFrom: 60, ageTo: 30 })),
    );
    expect(bad.code).toBe(status.INVALID_ARGUMENT);
    expect(bad.fieldViolations.map((v) => v.field)).toEqual(['productTypes.0']);
    const ages = await failure(t.client.matchOffers(match({ ageFrom: 60, ageTo: 30 })));
    expect(ages.fieldViolations.map((v) => v.field)).toEqual(['ageTo']);
  });

  it('stores the request of an application and answers its lead feed by matching it again', async () => {
    const applicationId = randomUUID();
    const matched = await t.client.matchOffers(
      match({ amountGrosze: 300_000, periodDays: 90, applicationId, limit: 100 }),
    );
    // A second call for the same application changes nothing: the first request is the lead's.
    await t.client.matchOffers(match({ amountGrosze: 1_500_000, periodDays: 720, applicationId }));
    const feed = await t.client.getLeadFeed({
      leadId: applicationId.toUpperCase(),
      page: 'all',
      direction: 'swap',
      pf: 1,
      country: '',
    });
    expect(feed.offerIds).toEqual(matched.offers.map((m) => m.offer!.offerId));
    expect(feed.offerIds.length).toBeGreaterThan(0);

    expect(
      (
        await failure(
          t.client.getLeadFeed({ leadId: randomUUID(), page: 'all', direction: 'swap', pf: 1, country: '' }),
        )
      ).code,
    ).toBe(status.NOT_FOUND);
    const notUuid = await failure(
      t.client.getLeadFeed({ leadId: 'abc', page: 'all', direction: 'swap', pf: 1, country: '' }),
    );
    expect(notUuid.code).toBe(status.INVALID_ARGUMENT);
    expect(notUuid.fieldViolations.map((v) => v.field)).toEqual(['leadId']);
    expect(
      (
        await failure(
          t.client.getLeadFeed({ leadId: '', page: 'all', direction: 'swap', pf: 1, country: '' }),
        )
      ).code,
    ).toBe(status.INVALID_ARGUMENT);
  });

  it('forgets the stored requests of erased applications: their lead feed is NOT_FOUND, a repeat forgets nothing', async () => {
    const [erased, other, kept] = [randomUUID(), randomUUID(), randomUUID()];
    for (const applicationId of [erased, other, kept])
      await t.client.matchOffers(match({ amountGrosze: 300_000, periodDays: 90, applicationId }));
    const feedOf = (leadId: string) =>
      t.client.getLeadFeed({ leadId, page: 'all', direction: 'swap', pf: 1, country: '' });
    const keptFeed = await feedOf(kept);

    // Upper case and a never-matched id are fine: ids are compared as UUIDs, unknown ones are no error.
    expect(
      await t.client.forgetLeadRequests({ applicationIds: [erased.toUpperCase(), other, randomUUID()] }),
    ).toEqual({ forgotten: 2 });
    for (const leadId of [erased, other]) expect((await failure(feedOf(leadId))).code).toBe(status.NOT_FOUND);
    const rows = await t.service.dataSource.query<{ application_id: string }[]>(
      'SELECT application_id FROM offers.lead_requests WHERE application_id = ANY($1::uuid[])',
      [[erased, other, kept]],
    );
    expect(rows).toEqual([{ application_id: kept }]);
    expect(await feedOf(kept)).toEqual(keptFeed);

    // The leads erasure job may call again after a lost answer: nothing is left to forget.
    expect(await t.client.forgetLeadRequests({ applicationIds: [erased] })).toEqual({ forgotten: 0 });

    const none = await failure(t.client.forgetLeadRequests({ applicationIds: [] }));
    expect(none.code).toBe(status.INVALID_ARGUMENT);
    expect(none.fieldViolations).toEqual([
      { field: 'applicationIds', description: 'must name at least one application' },
    ]);
    const bad = await failure(t.client.forgetLeadRequests({ applicationIds: [kept, 'abc'] }));
    expect(bad.code).toBe(status.INVALID_ARGUMENT);
    expect(bad.fieldViolations).toEqual([{ field: 'applicationIds.1', description: 'must be a UUID' }]);
    const tooMany = await failure(
      t.client.forgetLeadRequests({ applicationIds: Array.from({ length: 1_001 }, () => randomUUID()) }),
    );
    expect(tooMany.fieldViolations).toEqual([
      { field: 'applicationIds', description: 'must name at most 1000 applications' },
    ]);
    // A refused request forgot nothing.
    expect((await feedOf(kept)).offerIds).toEqual(keptFeed.offerIds);
  });

  it('deletes stored requests older than OFFERS_LEAD_REQUEST_RETENTION_DAYS: their lead feed is NOT_FOUND, newer ones stay', async () => {
    const [expired, lastDay, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    for (const applicationId of [expired, lastDay, fresh])
      await t.client.matchOffers(match({ amountGrosze: 300_000, periodDays: 90, applicationId }));
    const now = new Date();
    const daysBefore = (days: number, plusMs = 0) => new Date(now.getTime() - days * 86_400_000 + plusMs);
    const storedAt = async (applicationId: string, at: Date): Promise<void> =>
      void (await t.service.dataSource.query(
        'UPDATE offers.lead_requests SET created_at = $2 WHERE application_id = $1',
        [applicationId, at],
      ));
    // The default retention is 365 days: a request stored just before the cut-off goes, one just after stays.
    await storedAt(expired, daysBefore(365, -1_000));
    await storedAt(lastDay, daysBefore(365, 1_000));
    await storedAt(fresh, daysBefore(10));
    const feedOf = (leadId: string) =>
      t.client.getLeadFeed({ leadId, page: 'all', direction: 'swap', pf: 1, country: '' });

    const job = t.service.app.get(LeadRequestRetentionJob);
    expect(await job.runOnce(now)).toBe(1);
    expect((await failure(feedOf(expired))).code).toBe(status.NOT_FOUND);
    const left = await t.service.dataSource.query<{ application_id: string }[]>(
      'SELECT application_id FROM offers.lead_requests WHERE application_id = ANY($1::uuid[]) ORDER BY created_at',
      [[expired, lastDay, fresh]],
    );
    expect(left).toEqual([{ application_id: lastDay }, { application_id: fresh }]);
    expect((await feedOf(fresh)).offerIds.length).toBeGreaterThan(0);
    // A second run finds nothing more to delete.
    expect(await job.runOnce(now)).toBe(0);
  });

  it('assigns experiment variants deterministically, keeps allowed stored values and takes overrides', async () => {
    const { experiments } = await t.client.listExperiments({ country: 'pl' });
    expect(experiments.map((e) => [e.experimentId, e.name, e.path])).toEqual([
      ['0300.1', 'Redirect_to_cshspc_feed', '/'],
    ]);
    expect((await t.client.listExperiments({ country: '' })).experiments.map((e) => e.experimentId)).toEqual([
      '0256.1',
      '0298.1',
      '0300.1',
    ]);
    const clientId = randomUUID();
    const ask = (extra: Partial<offersV1.AssignExperimentVariantRequest> = {}) =>
      t.client.assignExperimentVariant({
        experimentId: '0300.1',
        country: 'PL',
        clientId,
        overrideVariant: '',
        storedVariant: '',
        ...extra,
      });
    const drawn = await ask();
    expect(drawn.source).toBe(offersV1.VariantSource.DRAWN);
    await expect(ask()).resolves.toEqual(drawn);
    const other = drawn.variant === 'A' ? 'B' : 'A';
    await expect(ask({ storedVariant: other })).resolves.toMatchObject({
      variant: other,
      flow: `0300.1-${other}`,
      source: offersV1.VariantSource.STORED,
    });
    await expect(ask({ storedVariant: 'Z' })).resolves.toEqual(drawn);
    await expect(
      ask({ overrideVariant: `0300.1-${other}`, storedVariant: drawn.variant }),
    ).resolves.toMatchObject({
      variant: other,
      source: offersV1.VariantSource.OVERRIDE,
    });
    expect((await failure(ask({ country: 'ZA' }))).code).toBe(status.NOT_FOUND);
    expect((await failure(ask({ experimentId: '9999.9' }))).code).toBe(status.NOT_FOUND);
    expect((await failure(ask({ clientId: 'not-a-uuid' }))).fieldViolations.map((v) => v.field)).toEqual([
      'clientId',
    ]);
  });

  it('keeps the last good feed when a fetch fails, records the cause, and takes a good feed again', async () => {
    const before = await pl();
    const plFile = path.join(dir, 'pl_feed.json');
    const good = await readFile(plFile, 'utf8');
    const attempt = async (cause: RegExp) => {
      const triggered = await t.client.triggerFeedIngestion({ feedKeys: ['PL'] });
      expect(triggered.feeds.map((f) => f.feedKey)).toEqual(['pl']);
      const outcome = await finished('pl');
      expect(outcome.state).toBe(offersV1.FeedIngestionState.FAILED);
      expect(outcome.errorMessage).toMatch(cause);
      expect(outcome.lastSuccessAt).not.toBe('');
      await expect(pl()).resolves.toEqual(before);
    };

    await writeFile(plFile, '[{"offer_id": 1, "header": "Urwany');
    await attempt(/not JSON/);
    await writeFile(plFile, JSON.stringify([{ offer_id: 1, header: 'Zły typ', amount_max: 'dużo' }]));
    await attempt(/none of the 1 offers is valid; the first: offer 0, amount_max/);
    await writeFile(plFile, JSON.stringify({ offers: JSON.parse(good) as unknown }));
    await attempt(/not a JSON array/);
    await writeFile(plFile, `[${' '.repeat(5 * 1024 * 1024)}]`);
    await attempt(/more than the 5242880 allowed/);
    broken.set('pl_feed.json', 503);
    await attempt(/HTTP 503/);
    broken.delete('pl_feed.json');

    const offers = JSON.parse(good) as { header: string; offer_id?: number }[];
    await writeFile(
      plFile,
      JSON.stringify([...offers.filter((o) => o.header !== 'Zefin'), { header: 'Bez numeru' }]),
    );
    await t.client.triggerFeedIngestion({ feedKeys: ['pl'] });
    expect(await finished('pl')).toMatchObject({
      state: offersV1.FeedIngestionState.SUCCEEDED,
      offersReceived: 28,
      offersStored: 27,
      offersLeftOut: 1,
      leftOut: [{ index: 27, offerId: 0, reason: 'offer_id: is required' }],
      errorMessage: '',
      // No longer the bundled file byte for byte: taken as a partner's feed.
      sample: false,
    });
    const after = await pl();
    expect(after.map((o) => o.header)).toEqual(before.map((o) => o.header).filter((h) => h !== 'Zefin'));
    await writeFile(plFile, good);

    expect((await failure(t.client.triggerFeedIngestion({ feedKeys: ['de'] }))).code).toBe(status.NOT_FOUND);
  });

  it('stores the rest of a feed with an invalid offer and names the one left out (status, CLI)', async () => {
    const plFile = path.join(dir, 'pl_feed.json');
    const good = await readFile(plFile, 'utf8');
    const offers = JSON.parse(good) as Record<string, unknown>[];
    const vivusAt = offers.findIndex((o) => o['lender_slug'] === 'vivus');
    const wongaAt = offers.findIndex((o) => o['lender_slug'] === 'wonga');
    const vivusId = offers[vivusAt]!['offer_id'] as number;
    // One partner's typo (an amount as words) and another's empty link (an empty value, not a wrong one).
    offers[vivusAt] = { ...offers[vivusAt], amount_max: 'trzy tysiące' };
    offers[wongaAt] = { ...offers[wongaAt], lender_link: '', is_active: true };
    await writeFile(plFile, JSON.stringify(offers));
    try {
      await t.client.triggerFeedIngestion({ feedKeys: ['pl'] });
      expect(await finished('pl')).toMatchObject({
        state: offersV1.FeedIngestionState.SUCCEEDED,
        offersReceived: 28,
        // Vivus left out; Wonga kept but, without a link, never listed (an inactive offer is listed only with a link).
        offersStored: 26,
        offersDropped: 1,
        offersLeftOut: 1,
        leftOut: [
          {
            index: vivusAt,
            offerId: vivusId,
            reason: 'amount_max: Invalid input: expected number, received string',
          },
        ],
        errorMessage: '',
      });
      const listed = (await pl()).map((o) => o.lenderSlug);
      expect(listed).toHaveLength(26);
      expect(listed).not.toContain('vivus');
      expect(listed).not.toContain('wonga');
      expect(listed).toContain('kasa-stefczyka');

      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: () => undefined };
      await expect(
        runCli(
          offersIngestCli(() => new Promise<void>((resolve) => setImmediate(resolve))),
          {
            argv: ['pl'],
            env: { OFFERS_SERVICE_ADDR: t.grpcTarget },
            io,
            logger: silentLogger(),
          },
        ),
      ).resolves.toBe(0);
      expect(out).toEqual([
        expect.stringMatching(/^pl +stored +28 received, 26 listed, 1 dropped, 1 left out as invalid$/),
        `        left out: offer ${vivusId} (item ${vivusAt} of the feed): amount_max: Invalid input: expected number, received string`,
      ]);
    } finally {
      await writeFile(plFile, good);
      await t.client.triggerFeedIngestion({ feedKeys: ['pl'] });
      await finished('pl');
    }
  });

  it('npm run offers:ingest fetches the named feeds, waits for them and prints each outcome', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    const ingest = (...feedKeys: string[]) =>
      runCli(offersIngestCli(nextTurn), {
        argv: feedKeys,
        env: { OFFERS_SERVICE_ADDR: t.grpcTarget },
        io,
        logger: silentLogger(),
      });

    await expect(ingest('PL', 'kz')).resolves.toBe(0);
    expect(out).toEqual([
      // The served files are the bundled ones byte for byte: the CLI says it is sample data, and whence.
      expect.stringMatching(
        /^pl +stored +28 received, 28 listed, 0 dropped; SAMPLE DATA from http:\/\/127\.0\.0\.1:\d+\/feeds\/pl_feed\.json$/,
      ),
      expect.stringMatching(/^kz_ru +stored +2 received/),
    ]);

    broken.set('mx_feed.json', 500);
    await expect(ingest('mx')).resolves.toBe(1);
    broken.delete('mx_feed.json');
    expect(out.at(-1)).toMatch(/^mx +FAILED +fetch of .* answered HTTP 500$/);
    await expect(ingest('de')).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/^ingestion failed: /);
  });

  it('keeps entities and migrations in agreement', async () => {
    await expect(t.pendingSchemaChanges()).resolves.toEqual([]);
  });
});

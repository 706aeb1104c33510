import { status as GrpcStatus } from '@grpc/grpc-js';
import { type contentV1, eventsV1, type offersV1 } from '@lib/contracts';
import { EVENT } from '@lib/tracking';
import { OFFER_BLOCK_LIMIT } from '../src/app/loaders/offer-block.loader';
import { APPLICATION_LINK } from '../src/app/layouts/navigation-links';
import { MAIN_BUTTON_TEXT_B } from '../src/features/home/home-experiment';
import { LEAD_FEED_MESSAGES } from '../src/features/offers/lead-feed';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import {
  ARTICLES,
  OFFERS_HANDLERS,
  SEO_PAGE,
  createFakeContent,
  fittingCost,
} from './support/content-fixtures';
import { OFFERS, RATE_TABLE } from './support/fixtures';
import { expectNoInjectedScript, expectNoStack, rawRequest, setCookies } from './support/raw-http';
import { acceptedBatch } from './support/site-services';
import { type TestGateway, deadTarget, startTestGateway } from './support/test-gateway';

const NOT_FOUND_TEXT = 'Nie mogliśmy znaleźć żądanej strony';
const LEAD_ID = '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f';
const UNKNOWN_LEAD = '00000000-0000-4000-8000-000000000000';
/** An offer the feed has but that is switched off: no redirect to it. */
const INACTIVE = { ...OFFERS[1]!, offerId: 103, header: 'Wyłączona', isActive: false };
/** A paid placement: labelled, shown apart from the ranking. */
const SPONSORED = { ...OFFERS[0]!, offerId: 104, header: 'Płatna Pożyczka', sponsored: true };

/** The recorded SEO page, answered at an address whose front matter narrows its block. */
const FILTER_PAGE: contentV1.Page = {
  ...SEO_PAGE,
  path: '/darmowe-pozyczki/',
  link: '/darmowe-pozyczki/',
  offerBlock: {
    amountGrosze: 100_000,
    periodDays: 61,
    productTypes: ['payday'],
    firstLoanFreeOnly: true,
    ageFrom: 18,
    ageTo: 0,
    business: false,
    withoutCreditCheck: false,
    fallbackPath: '/mala-pozyczka/',
    fallbackTitle: 'Mała pożyczka online',
    applicantAgeFrom: 0,
    applicantAgeTo: 0,
    applicantDocuments: [],
  },
};
/** A page asking for loans for businesses, which no feed marks. */
const BUSINESS_PAGE: contentV1.Page = {
  ...SEO_PAGE,
  path: '/pozyczki-dla-firm/',
  link: '/pozyczki-dla-firm/',
  offerBlock: {
    ...FILTER_PAGE.offerBlock!,
    productTypes: [],
    firstLoanFreeOnly: false,
    ageFrom: 0,
    business: true,
    fallbackPath: '',
    fallbackTitle: '',
    applicantAgeFrom: 0,
    applicantAgeTo: 0,
    applicantDocuments: [],
  },
};
/** The fake's answer for 1 500 zł over 61 days: a free first loan, and an offer whose cost is unknown. */
const PRICED_AMOUNT = 150_000;

const nearest = (offer: Partial<offersV1.Offer>, days: number) =>
  Math.min(offer.periodMaxDays!, Math.max(offer.periodMinDays!, days));

/** An article about debt: what the refusal landings list (the content's tag 'zadluzenie'). */
const DEBT_ARTICLE: contentV1.ArticleSummary = {
  ...ARTICLES[0]!,
  slug: 'spirala-zadluzenia',
  path: '/spirala-zadluzenia/',
  title: 'Spirala zadłużenia – jak ją rozpoznać i zatrzymać',
  excerpt: 'Jak rozpoznać, że długi zaczynają się nakręcać.',
  tagSlugs: ['zadluzenie'],
};

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

interface Ingested {
  eventId: number;
  sub4: string;
  sub5: string;
  sub6: string;
  sub7: string;
  sessionId: string;
  /** The origin the call said its events came from. */
  origin: number | undefined;
}

describe('gateway offer pages, the offer redirect and the lead feed', () => {
  let content: FakeGrpcServer;
  let offers: FakeGrpcServer;
  let events: FakeGrpcServer;
  let rates: FakeGrpcServer;
  let gateway: TestGateway;
  const ingested: Ingested[] = [];
  const matchRequests: offersV1.MatchOffersRequest[] = [];

  beforeAll(async () => {
    const fake = createFakeContent({ pages: [FILTER_PAGE, BUSINESS_PAGE] });
    [content, offers, events, rates] = await Promise.all([
      startFakeService('content', {
        ...fake.handlers,
        // The sample site has no article about debt: the tag's list is the test's own.
        ListArticles: (request) =>
          (request as contentV1.ListArticlesRequest).tagSlug === 'zadluzenie'
            ? {
                articles: [DEBT_ARTICLE],
                pageInfo: { page: 1, pageSize: 4, totalItems: 1, totalPages: 1 },
              }
            : fake.handlers['ListArticles']!(request),
      }),
      startFakeService('offers', {
        ...OFFERS_HANDLERS,
        // As the offers service answers: offers able to lend for the period ranked and counted, the
        // others apart at the nearest period they allow; nothing for a filter no feed states.
        MatchOffers: (request) => {
          const asked = request as offersV1.MatchOffersRequest;
          matchRequests.push(asked);
          if (asked.business)
            return { offers: [], total: 0, sponsored: [], otherPeriod: [], unsupportedFilters: ['business'] };
          const answer = OFFERS_HANDLERS['MatchOffers']!({ ...asked, limit: 100 }) as {
            offers: offersV1.MatchedOffer[];
          };
          const within = answer.offers.filter((m) => m.withinLimits);
          const apart = answer.offers
            .filter((m) => !m.withinLimits)
            .map((m) => {
              const days = nearest(m.offer!, asked.periodDays);
              return { ...m, score: 0, pricedPeriodDays: days, cost: fittingCost(asked.amountGrosze, days) };
            });
          const ranked =
            asked.amountGrosze === PRICED_AMOUNT
              ? within.map((m, index) =>
                  index === 0
                    ? {
                        ...m,
                        cost: {
                          ...m.cost!,
                          interestRateBp: 0,
                          interestGrosze: 0,
                          totalCostGrosze: 0,
                          totalPayableGrosze: PRICED_AMOUNT,
                          rrsoPercent: '0.00',
                          firstLoanFreeApplies: true,
                        },
                      }
                    : m,
                )
              : within;
          if (asked.amountGrosze === PRICED_AMOUNT)
            ranked.push({
              ...apart[0]!,
              score: 0,
              withinLimits: true,
              cost: null,
              costUnknown: true,
              pricedPeriodDays: asked.periodDays,
            });
          return {
            offers: ranked
              .slice(0, asked.limit || 20)
              .map((m) => ({ ...m, pricedPeriodDays: asked.periodDays })),
            total: ranked.length,
            sponsored: [
              { offer: SPONSORED, score: 0, withinLimits: true, pricedPeriodDays: asked.periodDays },
            ],
            otherPeriod: asked.amountGrosze === PRICED_AMOUNT ? [] : apart,
            otherPeriodTotal: asked.amountGrosze === PRICED_AMOUNT ? 0 : apart.length,
            unsupportedFilters: [],
            intermediaries: [],
          };
        },
        GetOffer: (request) => {
          const { offerId } = request as { offerId: number };
          if (offerId === INACTIVE.offerId) return INACTIVE;
          return OFFERS_HANDLERS['GetOffer']!(request);
        },
        GetLender: (request) => {
          const { lenderId } = request as { lenderId: number };
          if (lenderId === 7)
            return {
              lenderId: 7,
              slug: 'szybka',
              name: 'Szybka Gotówka',
              offers: [{ ...OFFERS[0]!, country: 'PL', reviewSlug: 'vivus' }],
            };
          if (lenderId === 8)
            return {
              lenderId: 8,
              slug: 'pauza',
              name: 'Pauza Finanse',
              offers: [{ ...INACTIVE, country: 'PL' }],
            };
          throw new FakeGrpcError(GrpcStatus.NOT_FOUND, `lender ${lenderId}`);
        },
        GetLeadFeed: (request) => {
          const { leadId } = request as { leadId: string };
          if (leadId === LEAD_ID) return { offerIds: [102, 101] };
          throw new FakeGrpcError(GrpcStatus.NOT_FOUND, `lead ${leadId}`);
        },
      }),
      startFakeService('events', {
        IngestEvents: (request) => {
          const { events: batch, origin } = request as { events: Ingested[]; origin?: number };
          ingested.push(...batch.map((event) => ({ ...event, origin })));
          return acceptedBatch(batch);
        },
      }),
      startFakeService('rates', { GetLatestTable: () => RATE_TABLE }),
    ]);
    gateway = await startTestGateway({
      targets: { content: content.target, offers: offers.target, events: events.target, rates: rates.target },
      env: { PAGE_CACHE: 'true' },
    });
  });

  afterAll(async () => {
    await gateway.stop();
    await Promise.all([content.stop(), offers.stop(), events.stop(), rates.stop()]);
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(gateway.port, { path, headers });

  describe('offer lists', () => {
    it('/offers/ counts the offers able to lend for the period, shows the filter with the defaults, cards with the example, other periods apart, the method link and labelled ads', async () => {
      const res = await get('/offers/');
      expect(res.status).toBe(200);
      // 2 000 zł for 61 days: Szybka Gotówka lends for 61–90 days; Kredyt Plus only from 90 days.
      expect(res.body).toContain('<h1>Znaleźliśmy 1 ofertę</h1>');
      expect(res.body).toContain('<title>Znaleźliśmy 1 ofertę – porównanie pożyczek online</title>');
      expect(res.body).toMatch(
        /<form class="offer-filters" aria-label="Filtr ofert" action="\/offers\/" method="get">/,
      );
      expect(res.body).toMatch(/name="suma"[^>]*value="2000"/);
      expect(res.body).toMatch(/name="okres"[^>]*value="61"/);
      const other = /<section class="offer-other-period"[\s\S]*?<\/section>/.exec(res.body)?.[0] ?? '';
      expect(text(other)).toContain('Oferty na inny okres – koszt podany dla 90 dni');
      expect(text(other)).toMatch(/Te oferty obejmują kwotę 2\s000\szł, ale nie okres 61 dni\./);
      expect(other).toContain('data-offer-id="102"');
      // numbered after the ranking for the click record
      expect(other).toContain('href="/przejdz/102/?z=offers&amp;p=2"');
      expect(res.body.indexOf('data-offer-id="102"')).toBeGreaterThan(
        res.body.indexOf('data-offer-id="101"'),
      );
      // cards: lender, ranges, first-loan-free badge, the representative example, the redirect
      const page = text(res.body);
      expect(page).toContain('Szybka Gotówka');
      // The fixture's stars come without a count or source: never shown as a rating.
      expect(page).not.toContain('★');
      expect(page).toContain('Pierwsza pożyczka za 0 zł');
      expect(page).toMatch(
        /Przykład reprezentatywny: kwota pożyczki 2\s000,00\szł, okres 61 dni, spłata jednorazowa, oprocentowanie nominalne 10\s% w skali roku, całkowity koszt 200,00\szł, całkowita kwota do zapłaty 2\s200,00\szł, RRSO 12,34\s%\./,
      );
      expect(res.body).toContain('href="/przejdz/101/?z=offers&amp;p=1"');
      expect(res.body).toContain('href="/jak-tworzymy-ranking/"');
      // the paid placement: apart from the ranking, labelled
      expect(page).toContain('Reklama – oferty sponsorowane');
      expect(res.body.indexOf('Płatna Pożyczka')).toBeGreaterThan(
        res.body.indexOf('Reklama – oferty sponsorowane'),
      );
      expect(matchRequests.at(-1)).toMatchObject({
        amountGrosze: 200_000,
        periodDays: 61,
        pagePath: '/offers/',
        productTypes: [],
        firstLoanFreeOnly: false,
        business: false,
      });
      // the same for everyone: shareable by a CDN
      expect(res.headers['cache-control']).toMatch(/^public/);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('filters by amount and period without JavaScript, and clamps values out of range showing it', async () => {
      const filtered = await get('/offers/?suma=3000&okres=60');
      expect(filtered.status).toBe(200);
      expect(matchRequests.at(-1)).toMatchObject({ amountGrosze: 300_000, periodDays: 60 });
      expect(filtered.body).toMatch(/name="suma"[^>]*value="3000"/);

      const clamped = await get('/offers2/?suma=999999999&okres=-4');
      expect(clamped.status).toBe(200);
      expect(matchRequests.at(-1)).toMatchObject({ amountGrosze: 5_000_000, periodDays: 1 });
      expect(clamped.body).toMatch(/name="suma"[^>]*value="50000"/);
      expect(clamped.body).toMatch(/name="okres"[^>]*value="1"/);
      expect(text(clamped.body)).toContain('Największa kwota w porównaniu to 50');
      expect(text(clamped.body)).toContain('Najkrótszy okres w porównaniu to 1 dzień');

      const nonsense = await get('/offers3/?suma=%3Cscript%3E&okres=du%C5%BCo');
      expect(nonsense.status).toBe(200);
      expectNoInjectedScript(nonsense.body);
      expect(text(nonsense.body)).toContain('Kwota musi być liczbą');
    });

    it('has three layouts, the second and third not indexed', async () => {
      const [one, two, three] = await Promise.all([get('/offers/'), get('/offers2/'), get('/offers3/')]);
      expect(one.body).toContain('offers-page--cards');
      expect(one.body).not.toContain('noindex');
      expect(two.body).toContain('offers-page--compact');
      expect(two.body).toContain('<meta name="robots" content="noindex, follow">');
      expect(three.body).toContain('offers-page--tiles');
    });

    it('says so when nothing fits, and when only other periods do', async () => {
      const res = await get('/offers/?suma=40000');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<h1>Znaleźliśmy 0 ofert</h1>');
      expect(text(res.body)).toContain('Żadna oferta nie pasuje');

      const shortTerm = await get('/offers/?suma=2000&okres=30');
      expect(shortTerm.body).toContain('<h1>Znaleźliśmy 0 ofert</h1>');
      expect(text(shortTerm.body)).toContain(
        'Żadna oferta nie udziela pożyczki na tę kwotę na ten okres – poniżej oferty na inny okres.',
      );
      expect(text(shortTerm.body)).toContain('Oferty na inny okres – koszt podany dla 61 dni');
      expect(text(shortTerm.body)).toContain('Oferty na inny okres – koszt podany dla 90 dni');
    });

    it('shows 0 zł only as the first loan’s cost, and says so where the cost is unknown', async () => {
      const res = await get('/offers/?suma=1500&okres=61');
      const cards = text(res.body);
      expect(cards).toContain('Koszt 0,00 zł – tylko pierwsza pożyczka');
      expect(cards).toContain(
        'Koszt 0 zł dotyczy tylko pierwszej pożyczki nowego klienta spłaconej w terminie',
      );
      const unknown =
        /<li class="offer" data-offer-id="102">[\s\S]*?<\/li>\s*<\/ol>/.exec(res.body)?.[0] ?? '';
      expect(text(unknown)).toContain('Koszt nieznany');
      expect(text(unknown)).toContain('Kosztu tej pożyczki nie znamy');
      expect(unknown).not.toContain('Przykład reprezentatywny');
    });
  });

  describe('landings and lenders', () => {
    it('redirector shows the check, then a button to all offers', async () => {
      const res = await get('/landing/redirector/');
      expect(res.status).toBe(200);
      expect(text(res.body)).toContain('Sprawdzamy wszystkie dostępne oferty');
      expect(res.body).toMatch(
        /<a class="button button--large redirector__button" href="\/offers\/">Zobacz wszystkie oferty<\/a>/,
      );
    });

    it.each(['/landing/rejected/', '/landing/rejected2/'])(
      '%s suggests waiting and links the articles about debt, not a new application',
      async (path) => {
        const res = await get(path);
        expect(res.status).toBe(200);
        const shown = text(res.body);
        expect(shown).toContain('Daj sobie czas.');
        expect(shown).toContain('odczekaj kilka tygodni');
        expect(res.body).toContain(`<a href="${DEBT_ARTICLE.path}">${DEBT_ARTICLE.title}</a>`);
        expect(res.body).toContain('<a href="/blog/zadluzenie/">Wszystkie poradniki o zadłużeniu</a>');
        // Nothing that leads straight to another application: no form, no offers, and not even the
        // header's APPLICATION_LINK.text button.
        expect(res.body).not.toContain('href="/application/"');
        expect(res.body).not.toContain('class="offer-filters"');
        expect(res.body).not.toContain('/przejdz/');
        expect(res.body).not.toContain('site-header__cta');
      },
    );

    it('keeps the refusal landing readable without the content service: the link to the articles about debt stays', async () => {
      const down = await startTestGateway({
        targets: { content: await deadTarget(), offers: offers.target },
        env: { PAGE_CACHE: 'false' },
      });
      try {
        const res = await rawRequest(down.port, { path: '/landing/rejected/' });
        expect(res.status).toBe(200);
        expect(text(res.body)).toContain('Nie udało się teraz wczytać poradników.');
        expect(res.body).toContain('<a href="/blog/zadluzenie/">Wszystkie poradniki o zadłużeniu</a>');
        expect(res.body).not.toContain('href="/application/"');
      } finally {
        await down.stop();
      }
    });

    it('still offers the application in the header of other pages', async () => {
      expect((await get('/landing/offers/')).body).toContain('site-header__cta');
    });

    it.each(['/landing/offers/', '/landing/trafficback/'])('%s lists the ranking', async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.body).toContain('href="/przejdz/101/?z=landing&amp;p=1"');
      expect(res.body).toContain('<meta name="robots" content="noindex, follow">');
    });

    it('/lenders/{id}/ shows the current offer with its review link, the invitation when none, 404 for unknown ids', async () => {
      const lender = await get('/lenders/7/');
      expect(lender.status).toBe(200);
      expect(lender.body).toContain('<h1>Szybka Gotówka</h1>');
      expect(lender.body).toContain('href="/opinie-o-pozyczkach/vivus/"');
      expect(lender.body).toContain('href="/przejdz/101/?z=lender&amp;p=1"');

      const paused = await get('/lenders/8/');
      expect(paused.status).toBe(200);
      expect(text(paused.body)).toContain('Znajdź pożyczkę w około 5 minut');

      for (const path of ['/lenders/9/', '/lenders/abc/', '/lenders/0/']) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(res.body).toContain(NOT_FOUND_TEXT);
      }
    });
  });

  describe('Przejdź do oferty', () => {
    it('records the click as the server, with the session it sets, and redirects to the lender link of the stored feed', async () => {
      const before = ingested.length;
      const res = await get('/przejdz/101/?z=offers&p=2', { referer: 'http://localhost:3000/offers/' });
      expect(res.status).toBe(302);
      expect(res.headers['location']).toBe(OFFERS[0]!.lenderLink);
      expect(res.headers['cache-control']).toBe('no-store');
      // Stored before the answer: no wait needed.
      expect(ingested.length).toBe(before + 1);
      const session = /session_id=([0-9a-f-]{36});/.exec(String(res.headers['set-cookie']))?.[1];
      expect(ingested.at(-1)).toMatchObject({
        eventId: EVENT.offerClick,
        sub4: '101',
        sub6: '2',
        sub7: 'offers',
        sessionId: session,
        origin: eventsV1.EventOrigin.SERVER,
      });
    });

    it('answers the 404 page for an unknown, inactive or malformed offer, and never redirects elsewhere', async () => {
      for (const path of ['/przejdz/999/', `/przejdz/${INACTIVE.offerId}/`, '/przejdz/abc/']) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(res.body).toContain(NOT_FOUND_TEXT);
        expect(res.headers['location']).toBeUndefined();
      }
      // A known offer ignores a url parameter: it redirects to the lender's own link only.
      expect((await get('/przejdz/101/?url=https://evil.example/')).headers['location']).toBe(
        OFFERS[0]!.lenderLink,
      );
    });
  });

  describe('lead feed', () => {
    it('answers the offer ids of a lead', async () => {
      const res = await get(`/api/lead-feed?lead_id=${LEAD_ID}&page=all&direction=swap&pf=1`);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual([102, 101]);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers null and logs without a lead id or without the feed parameters', async () => {
      const missingLead = await get('/api/lead-feed?page=all&direction=swap&pf=1');
      expect(missingLead.status).toBe(200);
      expect(JSON.parse(missingLead.body)).toBeNull();
      expect(gateway.logs.map((line) => line.msg)).toContain('you should pass slParams.lead_id');

      const missingConfig = await get(`/api/lead-feed?lead_id=${LEAD_ID}`);
      expect(missingConfig.status).toBe(200);
      expect(JSON.parse(missingConfig.body)).toBeNull();
      expect(gateway.logs.map((line) => line.msg)).toContain('you should pass feedParams.configURL');
    });

    it('answers 400 with a JSON error for a lead id that is not a UUID', async () => {
      const bad = await get('/api/lead-feed?lead_id=1%27%20OR%201=1&page=all&direction=swap&pf=1');
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body)).toEqual({ error: { status: 400, message: 'lead_id must be a UUID' } });
      expectNoStack(bad.body);
    });

    it('answers null for a lead the offers service does not know (erased or never matched), logging the spec’s line without the id', async () => {
      const logged = gateway.logs.length;
      const unknown = await get(`/api/lead-feed?lead_id=${UNKNOWN_LEAD}&page=all&direction=swap&pf=1`);
      expect(unknown.status).toBe(200);
      expect(JSON.parse(unknown.body)).toBeNull();
      expect(unknown.headers['cache-control']).toBe('no-store');
      const lines = gateway.logs.slice(logged);
      expect(lines.map((line) => line.msg)).toContain(LEAD_FEED_MESSAGES.unknownLeadId);
      expect(LEAD_FEED_MESSAGES.unknownLeadId).toContain(LEAD_FEED_MESSAGES.missingLeadId);
      expect(JSON.stringify(lines)).not.toContain(UNKNOWN_LEAD);
    });
  });

  describe('A/B experiments on the home page', () => {
    const flowOf = (html: string) => /"testFlow":"([^"]+)"/.exec(html)?.[1];
    const experimentCookie = (res: { headers: Record<string, string | string[] | undefined> }) =>
      setCookies(res).find((c) => c.startsWith('exp_0300.1='));

    /** The words on the calculator's main button (the experiment's one difference). */
    const mainButton = (html: string) =>
      /<a class="button button--large calculator__cta"[^>]*>([^<]*)<\/a>/.exec(html)?.[1];
    const CONSENT = 'cookie_consent=granted';

    it('without consent: no cookie, no draw, the control page shared by all; exp_flow shows a variant without a cookie', async () => {
      for (const cookie of [undefined, 'cookie_consent=denied']) {
        const res = await get('/', cookie ? { cookie } : {});
        expect(res.status).toBe(200);
        expect(setCookies(res)).toEqual([]);
        expect(res.headers['cache-control']).toMatch(/^public/);
        expect(flowOf(res.body)).toBeUndefined();
        expect(mainButton(res.body)).toBe(APPLICATION_LINK.text);
      }
      // A variant cookie left from an earlier consent: not read, deleted, and that answer kept private
      // (a cache keyed on the cookie must not file the control page under it).
      const left = await get('/', { cookie: 'cookie_consent=denied; exp_0300.1=B' });
      expect(setCookies(left)).toEqual(['exp_0300.1=; Max-Age=0; Path=/; SameSite=Lax']);
      expect(left.headers['cache-control']).toBe('private, no-cache');
      expect(flowOf(left.body)).toBeUndefined();
      expect(mainButton(left.body)).toBe(APPLICATION_LINK.text);
      const forced = await get('/?exp_flow=B');
      expect(setCookies(forced)).toEqual([]);
      expect(flowOf(forced.body)).toBe('0300.1-B');
      expect(mainButton(forced.body)).toBe(MAIN_BUTTON_TEXT_B);
    });

    it('with consent: the draw goes in a cookie (that answer private); the stored variant is kept, shared by variant, and B differs in its main button only', async () => {
      const first = await get('/', { cookie: CONSENT });
      expect(first.status).toBe(200);
      const cookie = experimentCookie(first);
      expect(cookie).toMatch(/^exp_0300\.1=[AB]; Max-Age=15552000; Path=\/; SameSite=Lax$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const variant = cookie!.slice('exp_0300.1='.length, 'exp_0300.1='.length + 1);
      expect(flowOf(first.body)).toBe(`0300.1-${variant}`);
      expect(first.body).toContain('data-experiments="0300.1"');

      // returning visitors of each variant: no cookie set, a shareable page carrying their own flow
      const pages: Record<string, string> = {};
      for (const kept of ['A', 'B']) {
        for (let round = 0; round < 2; round += 1) {
          const res = await get('/', { cookie: `session_id=whatever; ${CONSENT}; exp_0300.1=${kept}` });
          expect(res.status).toBe(200);
          expect(setCookies(res)).toEqual([]);
          expect(res.headers['cache-control']).toMatch(/^public/);
          expect(flowOf(res.body)).toBe(`0300.1-${kept}`);
          pages[kept] = res.body;
        }
      }
      expect(mainButton(pages['A']!)).toBe(APPLICATION_LINK.text);
      expect(mainButton(pages['B']!)).toBe(MAIN_BUTTON_TEXT_B);
      // Apart from the button's words and the flow, the two pages are the same.
      const normalise = (html: string) =>
        html.replaceAll(MAIN_BUTTON_TEXT_B, APPLICATION_LINK.text).replaceAll('0300.1-B', '0300.1-A');
      expect(normalise(pages['B']!)).toBe(pages['A']);
    });

    it('with consent: re-draws a stored value that is not allowed, and lets exp_flow override', async () => {
      const invalid = await get('/', { cookie: `${CONSENT}; exp_0300.1=Z` });
      expect(experimentCookie(invalid)).toMatch(/^exp_0300\.1=[AB];/);

      const forced = await get('/?exp_flow=B', { cookie: `${CONSENT}; exp_0300.1=A` });
      expect(experimentCookie(forced)).toMatch(/^exp_0300\.1=B;/);
      expect(flowOf(forced.body)).toBe('0300.1-B');
    });

    it('leaves pages without experiments alone', async () => {
      const res = await get('/offers/');
      expect(setCookies(res)).toEqual([]);
      expect(flowOf(res.body)).toBeUndefined();
    });
  });

  it('an SEO page asks MatchOffers for what its front matter declares and its heading says it', async () => {
    matchRequests.length = 0;
    const res = await get(FILTER_PAGE.path);
    expect(res.status).toBe(200);
    expect(matchRequests).toEqual([
      expect.objectContaining({
        amountGrosze: 100_000,
        periodDays: 61,
        age: 0,
        country: 'PL',
        limit: OFFER_BLOCK_LIMIT,
        pagePath: FILTER_PAGE.path,
        productTypes: ['payday'],
        firstLoanFreeOnly: true,
        ageFrom: 18,
        ageTo: 0,
        business: false,
        withoutCreditCheck: false,
      }),
    ]);
    expect(text(res.body)).toMatch(
      /Chwilówki \(spłata jednorazowa\) z darmową pierwszą pożyczką dla osób od 18 lat: 1\s000\szł na 61 dni/,
    );
  });

  it('an SEO page asking for what no feed states shows no offers, says why and links the closest page', async () => {
    const res = await get(BUSINESS_PAGE.path);
    expect(res.status).toBe(200);
    const block = res.body.slice(
      res.body.indexOf('id="oferty_sekcja"'),
      res.body.indexOf('class="article__body"'),
    );
    expect(text(block)).toMatch(/Pożyczki dla firm: 1\s000\szł na 61 dni/);
    expect(text(block)).toContain('nie wskazują, które pożyczki są przeznaczone dla firm');
    expect(block).not.toContain('data-offer-id');
    // No fallback declared: the offers list for the same amount and period.
    expect(block).toContain('href="/offers/?suma=1000&amp;okres=61"');
  });
});

import { hasTestRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { APPLICATION_LINK } from '../src/app/layouts/navigation-links';
import { MAIN_BUTTON_TEXT_B } from '../src/features/home/home-experiment';
import { CHROMIUM_PATH, launchChromium } from './support/browser';
import { startStack, type Stack } from './support/stack';

/*
 * The offer journey in Debian's Chromium through the built gateway, in front of the real offers
 * service (its sample PL feed), content and rates, PostgreSQL and Redis: /offers/, the amount and
 * period filter, 'Przejdź do oferty' through the click-recording redirect to the lender's address
 * from the feed (checked on the gateway's answer; the lender's site itself is never loaded).
 */
const describeWithStack = existsSync(CHROMIUM_PATH) && hasTestRedis() ? describe : describe.skip;

interface FeedOffer {
  offer_id: number;
  lender_link: string;
  lender_id: number;
  lender_slug: string;
  review_slug: string;
  header: string;
  is_active: boolean;
  amount_min: number;
  amount_max: number;
  period_min_days: number;
  period_max_days: number;
  sponsored?: boolean;
}
/** The sample PL feed the offers service serves. */
const FEED = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', 'offers', 'feeds', 'pl_feed.json'), 'utf8'),
) as FeedOffer[];
/** Its lender links by offer id. */
const FEED_LINKS = new Map(FEED.map((offer) => [String(offer.offer_id), offer.lender_link]));

describeWithStack('offer journey in Chromium on the real services', () => {
  let redis: TestRedis;
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    redis = await provideTestRedis();
    [stack, browser] = await Promise.all([startStack({ redis }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await redis?.close();
  });

  /** Headless Chromium names itself 'HeadlessChrome', which isbot counts as a crawler (never in an experiment). */
  const VISITOR_AGENT =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  async function openContext(javaScriptEnabled: boolean, userAgent?: string) {
    const context = await browser.newContext({
      locale: 'pl-PL',
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
      ...(userAgent ? { userAgent } : {}),
    });
    const errors: string[] = [];
    // 'Przejdź do oferty' is fetched from the gateway by the test (without following the redirect)
    // and the browser is shown a stand-in for the lender's site: the lenders are not ours to load,
    // and Chromium follows a redirect past the test's routes.
    const redirects: { status: number; location: string; cacheControl: string }[] = [];
    await context.route(
      (url) => url.href.startsWith(`${stack.url}/przejdz/`),
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        const headers = response.headers();
        redirects.push({
          status: response.status(),
          location: headers['location'] ?? '',
          cacheControl: headers['cache-control'] ?? '',
        });
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Pożyczkodawca</title><p>Strona pożyczkodawcy</p>',
        });
      },
    );
    context.on('page', (page) => {
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (response) => {
        if (response.url().startsWith(stack.url) && response.status() >= 400)
          errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
    });
    return { context, errors, redirects };
  }

  it.each([true, false])(
    'from /offers/ through the filter to the lender (JavaScript %s)',
    async (javaScriptEnabled) => {
      const { context, errors, redirects } = await openContext(javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(`${stack.url}/offers/`);
      await expect(page.locator('h1').textContent()).resolves.toMatch(/^Znaleźliśmy \d+ ofert/);
      await expect(page.locator('a[href="/jak-tworzymy-ranking/"]').first().isVisible()).resolves.toBe(true);

      // the filter: a plain GET form
      await page.fill('input[name="suma"]', '5000');
      await page.fill('input[name="okres"]', '90');
      await Promise.all([
        page.waitForURL(/\/offers\/\?suma=5000&okres=90$/),
        page.click('form.offer-filters button[type="submit"]'),
      ]);
      await expect(page.inputValue('input[name="suma"]')).resolves.toBe('5000');
      await expect(page.inputValue('input[name="okres"]')).resolves.toBe('90');
      const heading = (await page.locator('h1').textContent()) ?? '';
      const count = Number(/Znaleźliśmy (\d+)/.exec(heading)?.[1]);
      expect(count).toBeGreaterThan(0);
      // every ranked card shows the representative example for 5 000 zł
      const first = page.locator('ol.offer-list > li.offer').first();
      await expect(first.locator('.offer__example').textContent()).resolves.toMatch(
        /Przykład reprezentatywny: kwota pożyczki 5\s000,00/,
      );

      // 'Przejdź do oferty': the gateway's redirect, then the lender link of the stored feed
      const offerId = (await first.getAttribute('data-offer-id')) ?? '';
      const expected = FEED_LINKS.get(offerId);
      expect(expected).toBeDefined();
      const [lenderPage] = await Promise.all([
        context.waitForEvent('page'),
        first.locator('a.offer__cta').click(),
      ]);
      await lenderPage.waitForLoadState();
      expect(lenderPage.url()).toBe(`${stack.url}/przejdz/${offerId}/?z=offers&p=1`);
      expect(redirects).toEqual([{ status: 302, location: expected, cacheControl: 'no-store' }]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('counts only the offers able to lend 1 500 zł for 90 days; those of other periods stand apart under theirs', async () => {
    // Avinto and Finbo lend nothing themselves (the lender facts data): never ranked, counted or apart by period.
    const lends = (o: FeedOffer) =>
      o.is_active &&
      !!o.lender_link &&
      !o.sponsored &&
      !['avinto', 'finbo'].includes(o.review_slug) &&
      o.amount_min <= 1500 &&
      o.amount_max >= 1500;
    const within = (o: FeedOffer) => o.period_min_days <= 90 && o.period_max_days >= 90;
    const able = FEED.filter((o) => lends(o) && within(o));
    const apart = FEED.filter((o) => lends(o) && !within(o));
    const { context, errors } = await openContext(false);
    const page = await context.newPage();
    await page.goto(`${stack.url}/offers/?suma=1500&okres=90`);
    const heading = (await page.locator('h1').textContent()) ?? '';
    expect(Number(/^Znaleźliśmy (\d+) ofert/.exec(heading)?.[1])).toBe(able.length);
    const ranked = page.locator('div.offers-page > ol.offer-list > li.offer');
    await expect(ranked.count()).resolves.toBe(able.length);
    const ids = await ranked.evaluateAll((items) =>
      items.map((item) => Number(item.getAttribute('data-offer-id'))),
    );
    expect(ids.sort((a, b) => a - b)).toEqual(able.map((o) => o.offer_id).sort((a, b) => a - b));
    await expect(page.locator('.offer-other-period li.offer').count()).resolves.toBe(apart.length);
    const titles = await page.locator('.offer-other-period__title').allTextContents();
    expect(titles).toEqual([
      'Oferty na inny okres – koszt podany dla 61 dni',
      'Oferty na inny okres – koszt podany dla 180 dni',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clamps a filter out of range and shows it in the form', async () => {
    const { context, errors } = await openContext(true);
    const page = await context.newPage();
    await page.goto(`${stack.url}/offers/?suma=999999&okres=0`);
    await expect(page.inputValue('input[name="suma"]')).resolves.toBe('50000');
    await expect(page.inputValue('input[name="okres"]')).resolves.toBe('1');
    await expect(page.locator('.offer-filters__notice').textContent()).resolves.toContain(
      'Największa kwota w porównaniu to 50',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home: no A/B variant without consent; with it the gateway draws one into a cookie, and variant B shows its own button', async () => {
    const { context, errors } = await openContext(true, VISITOR_AGENT);
    const page = await context.newPage();
    const first = await page.goto(`${stack.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    // Before a choice: the control page, no cookie of the experiment, no flow.
    expect(await first?.headerValue('set-cookie')).toBeNull();
    expect((await context.cookies()).some((cookie) => cookie.name === 'exp_0300.1')).toBe(false);
    await expect(page.locator('.calculator__cta').textContent()).resolves.toBe(APPLICATION_LINK.text);
    await expect(page.locator('#__STATE__').textContent()).resolves.not.toContain('testFlow');

    await page
      .getByRole('region', { name: 'Zgoda na pliki cookie' })
      .getByRole('button', { name: 'Akceptuję' })
      .click();
    await page.waitForFunction(() => document.cookie.includes('cookie_consent=granted'));
    await page.goto(`${stack.url}/`);
    const variant = (await context.cookies()).find((cookie) => cookie.name === 'exp_0300.1');
    expect(variant?.value).toMatch(/^[AB]$/);
    expect(variant).toMatchObject({ path: '/', httpOnly: false, sameSite: 'Lax' });
    const buttonOf = (value: string) => (value === 'B' ? MAIN_BUTTON_TEXT_B : APPLICATION_LINK.text);
    await expect(page.locator('.calculator__cta').textContent()).resolves.toBe(buttonOf(variant!.value));

    // the next page keeps the variant: no new cookie, the same flow in the page's state
    const again = await page.goto(`${stack.url}/`);
    expect(await again?.headerValue('set-cookie')).toBeNull();
    await expect(page.locator('#__STATE__').textContent()).resolves.toContain(
      `"testFlow":"0300.1-${variant!.value}"`,
    );

    // exp_flow overrides it, and the override is kept
    const other = variant!.value === 'A' ? 'B' : 'A';
    await page.goto(`${stack.url}/?exp_flow=${other}`);
    expect((await context.cookies()).find((cookie) => cookie.name === 'exp_0300.1')?.value).toBe(other);
    await expect(page.locator('.calculator__cta').textContent()).resolves.toBe(buttonOf(other));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a lender review shows the lender’s current offer, and /lenders/{id}/ links back to the review', async () => {
    // vivus: a lender the stack's sample site has a review of
    const lender = FEED.find((offer) => offer.is_active && offer.review_slug === 'vivus')!;
    const { context, errors } = await openContext(false);
    const page = await context.newPage();
    await page.goto(`${stack.url}/opinie-o-pozyczkach/${lender.review_slug}/`);
    await expect(page.locator('#oferta_sekcja').textContent()).resolves.toBe('Aktualna oferta');
    await expect(page.locator('li.offer .offer__name').first().textContent()).resolves.toBe(lender.header);
    await expect(page.locator('li.offer a.offer__cta').first().getAttribute('href')).resolves.toBe(
      `/przejdz/${lender.offer_id}/?z=lender&p=1`,
    );

    await page.goto(`${stack.url}/lenders/${lender.lender_id}/`);
    await expect(page.locator('h1').textContent()).resolves.toBeTruthy();
    await expect(
      page.locator(`main a[href="/opinie-o-pozyczkach/${lender.review_slug}/"]`).first().isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator('.offer__example').first().textContent()).resolves.toContain(
      'Przykład reprezentatywny',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lead feed: the offer ids of a lead the offers service matched, null without a lead id, 400 for a bad one', async () => {
    const leadId = randomUUID();
    const matched = await stack.offers.matchOffers({
      amountGrosze: 300_000,
      periodDays: 60,
      purpose: 0,
      applicationId: leadId,
      country: 'PL',
      // every ranked offer (the lead feed answers them all, the default limit is 20)
      limit: 100,
      age: 30,
      pagePath: '/',
      productTypes: [],
      firstLoanFreeOnly: false,
      ageFrom: 0,
      ageTo: 0,
      business: false,
      withoutCreditCheck: false,
    });
    expect(matched.offers.length).toBe(matched.total);
    expect(matched.total).toBeGreaterThan(0);
    const feed = await fetch(`${stack.url}/api/lead-feed?lead_id=${leadId}&page=all&direction=swap&pf=1`);
    expect(feed.status).toBe(200);
    await expect(feed.json()).resolves.toEqual(matched.offers.map((item) => item.offer!.offerId));

    const missing = await fetch(`${stack.url}/api/lead-feed?page=all&direction=swap&pf=1`);
    await expect(missing.json()).resolves.toBeNull();
    const bad = await fetch(`${stack.url}/api/lead-feed?lead_id=nope&page=all&direction=swap&pf=1`);
    expect(bad.status).toBe(400);
    // A lead the offers service does not know (erased, or never matched) is answered like a missing one.
    const unknown = await fetch(
      `${stack.url}/api/lead-feed?lead_id=${randomUUID()}&page=all&direction=swap&pf=1`,
    );
    expect(unknown.status).toBe(200);
    await expect(unknown.json()).resolves.toBeNull();
  });
});

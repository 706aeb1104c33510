import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { APPLICATION_LINK } from '../src/app/layouts/navigation-links';
import { MAIN_BUTTON_TEXT_B } from '../src/features/home/home-experiment';
import { entryOf } from '../src/shared/cookie-catalogue';
import { type SiteServices, startSiteServices } from './support/site-services';
import { describeWithChromium, launchChromium } from './support/browser';
import { until } from './support/clock';
import { type TestGateway, startTestGateway } from './support/test-gateway';
import { buildTestClient, type TestClient } from './support/test-client';

/*
 * The cookie choice in Chromium, through the real POST /api/event and POST /ustawienia-cookies/:
 * nothing but strictly necessary cookies before a choice, 'Akceptuję' allows the rest (and the A/B
 * experiment, whose variant B shows its own button), the footer's "Ustawienia cookies" opens the
 * choice again, 'Tylko niezbędne' deletes what consent allowed (HttpOnly cookies included), and the
 * events sent after it carry no traffic source. Without JavaScript the same link leads to the
 * settings page, whose form does the same.
 */

/** An event as the events service receives it from the gateway (IngestEvents, camelCase fields). */
interface Ingested {
  eventId: number;
  sub3: string;
  sub4: string;
  sub5: string;
  sessionId: string;
  clientId: string;
  consent: string;
  pagePath: string;
  referer: string;
  utmSource: string;
  utmCampaign: string;
}

/** An event as the tracker posts it. */
type Posted = Record<string, string | number>;

/** Headless Chromium names itself 'HeadlessChrome', which counts as a crawler (never in an experiment). */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SEARCH_ENGINE = 'https://www.google.com/';
const SOURCE_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'referer'];

describeWithChromium('the cookie choice in a real browser', () => {
  let site: SiteServices;
  let gateway: TestGateway;
  let browser: Browser;
  let client: TestClient;
  const ingested: Ingested[] = [];

  beforeAll(async () => {
    client = buildTestClient();
    site = await startSiteServices<Ingested>((batch) => ingested.push(...batch));
    gateway = await startTestGateway({
      targets: site.targets,
      client,
      ownOrigin: true,
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await site?.stop();
    client?.remove();
  });

  async function visitor(javaScriptEnabled = true) {
    const context = await browser.newContext({
      userAgent: VISITOR_AGENT,
      locale: 'pl-PL',
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const posted: Posted[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/event')
        posted.push(...(JSON.parse(request.postData() ?? '[]') as Posted[]));
    });
    return { context, page, errors, posted };
  }

  const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();
  const cookie = async (context: BrowserContext, name: string) =>
    (await context.cookies()).find((c) => c.name === name);
  const waitForCookies = async (context: BrowserContext, holds: (names: string[]) => boolean) => {
    // Judged on a list read after the call only: an empty list before the first read would pass a
    // "no longer holds X" condition at once.
    let names: string[] | undefined;
    await until(() => {
      void cookieNames(context).then((found) => (names = found));
      return names !== undefined && holds(names);
    });
    return names!;
  };
  const sessionOf = async (context: BrowserContext) => {
    await waitForCookies(context, (names) => names.includes('session_id'));
    return (await cookie(context, 'session_id'))!.value;
  };
  const received = async (sessionId: string, match: (event: Ingested) => boolean) => {
    await until(() => ingested.some((event) => event.sessionId === sessionId && match(event)));
    return ingested.find((event) => event.sessionId === sessionId && match(event))!;
  };
  const mainButton = (page: Page) => page.locator('.calculator__cta').textContent();

  it('sets only strictly necessary cookies before a choice; "Akceptuję" allows the rest and the experiment, whose button click carries the variant', async () => {
    const { context, page, errors, posted } = await visitor();
    await page.goto(`${gateway.url}/?utm_source=newsletter&utm_campaign=jesien`, { referer: SEARCH_ENGINE });
    await page.waitForSelector('html[data-client="ready"]');
    const sessionId = await sessionOf(context);
    await received(sessionId, (e) => e.eventId === 5);
    // Before a choice: the necessary cookies of the catalogue only, no variant, the control's button.
    expect((await context.cookies()).filter((c) => entryOf(c.name)?.basis !== 'necessary')).toEqual([]);
    await expect(mainButton(page)).resolves.toBe(APPLICATION_LINK.text);
    expect(posted.some((e) => e['event_id'] === 60)).toBe(false);

    const notice = page.getByRole('region', { name: 'Zgoda na pliki cookie' });
    await notice.getByRole('button', { name: 'Akceptuję' }).click();
    const names = await waitForCookies(context, (found) => found.includes('client_id'));
    expect(names).toEqual(
      expect.arrayContaining(['cookie_consent', 'client_id', 'utm_source', 'utm_source_session']),
    );
    expect(await cookie(context, 'cookie_consent')).toMatchObject({ value: 'granted', httpOnly: false });
    expect(await cookie(context, 'utm_source')).toMatchObject({ value: 'newsletter', httpOnly: true });
    const accepted = await received(sessionId, (e) => e.eventId === 80);
    expect(accepted).toMatchObject({ sub5: 'accepted', consent: 'granted', utmSource: 'newsletter' });

    // The next view of the home page puts the visitor in the experiment and keeps the variant.
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    const variant = (await cookie(context, 'exp_0300.1'))!.value;
    expect(variant).toMatch(/^[AB]$/);
    await expect(mainButton(page)).resolves.toBe(
      variant === 'B' ? MAIN_BUTTON_TEXT_B : APPLICATION_LINK.text,
    );
    expect(await received(sessionId, (e) => e.eventId === 60)).toMatchObject({
      sub3: `0300.1-${variant}`,
      sub4: '0300.1',
      sub5: variant,
    });
    // The button's click is the calculator's submission, carrying the flow (kept on this page for the check).
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), true));
    await page.locator('.calculator__cta').click();
    expect(await received(sessionId, (e) => e.eventId === 70)).toMatchObject({
      sub3: `0300.1-${variant}`,
      sub4: 'calculator',
      sub5: 'sent',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Ustawienia cookies" opens the choice again; "Tylko niezbędne" deletes what consent allowed, and later events carry no source', async () => {
    const { context, page, errors, posted } = await visitor();
    await page.goto(`${gateway.url}/?utm_source=newsletter`, { referer: SEARCH_ENGINE });
    await page.waitForSelector('html[data-client="ready"]');
    const sessionId = await sessionOf(context);
    await page
      .getByRole('region', { name: 'Zgoda na pliki cookie' })
      .getByRole('button', { name: 'Akceptuję' })
      .click();
    await waitForCookies(context, (names) => names.includes('client_id'));
    await page.reload();
    await page.waitForSelector('html[data-client="ready"]');
    await waitForCookies(context, (names) => names.includes('exp_0300.1'));

    // The footer's link opens the notice in place (no navigation), saying what was chosen.
    const address = page.url();
    await page.locator('footer a[data-cookie-settings]').click();
    const notice = page.getByRole('region', { name: 'Zgoda na pliki cookie' });
    await notice.waitFor();
    expect(page.url()).toBe(address);
    await expect(notice.locator('[data-consent-current]').textContent()).resolves.toContain('wszystkie');
    await notice.getByRole('button', { name: 'Tylko niezbędne' }).click();
    const left = await waitForCookies(context, (names) => !names.includes('client_id'));
    expect(left.filter((name) => entryOf(name)?.basis !== 'necessary')).toEqual([]);
    expect(await cookie(context, 'cookie_consent')).toMatchObject({ value: 'denied' });
    expect(await received(sessionId, (e) => e.eventId === 80 && e.sub5 === 'declined')).toMatchObject({
      consent: 'denied',
      clientId: '',
      utmSource: '',
      referer: '',
    });

    // A new landing from a campaign: its events carry no utm_* and no referer, sent or stored.
    await page.goto(`${gateway.url}/o-nas/?utm_source=facebook&utm_campaign=zima`, {
      referer: SEARCH_ENGINE,
    });
    await page.waitForSelector('html[data-client="ready"]');
    const view = await received(sessionId, (e) => e.eventId === 5 && e.pagePath === '/o-nas/');
    expect(view).toMatchObject({
      consent: 'denied',
      clientId: '',
      utmSource: '',
      utmCampaign: '',
      referer: '',
    });
    const sent = posted.filter((event) => event['page_path'] === '/o-nas/');
    expect(sent).toEqual([expect.objectContaining({ event_id: 5 })]);
    expect(sent.flatMap((event) => SOURCE_FIELDS.filter((field) => field in event))).toEqual([]);
    // Nothing that waits for consent came back, and the home page is the control again, outside the experiment.
    const homeViews = () => posted.filter((event) => event['event_id'] === 5 && event['page_path'] === '/');
    const seen = homeViews().length;
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await expect(mainButton(page)).resolves.toBe(APPLICATION_LINK.text);
    await until(() => homeViews().length > seen);
    expect(homeViews().at(-1)).not.toHaveProperty('sub3');
    expect((await context.cookies()).filter((c) => entryOf(c.name)?.basis !== 'necessary')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the notice with the page's first paint, before any script of the page has loaded, and takes a choice made then", async () => {
    const { context, page, errors } = await visitor();
    // The bundle never arrives: what shows is the HTML, the stylesheet and the inline probe alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${gateway.url}/o-nas/`);
    const notice = page.getByRole('region', { name: 'Zgoda na pliki cookie' });
    expect(await notice.isVisible()).toBe(true);
    await expect(page.locator('html').getAttribute('data-client')).resolves.toBeNull();
    // The notice's form posts the choice itself, like the settings page's form.
    await Promise.all([
      page.waitForURL(`${gateway.url}/ustawienia-cookies/?zapisano=tak`),
      notice.getByRole('button', { name: 'Akceptuję' }).click(),
    ]);
    expect(await cookie(context, 'cookie_consent')).toMatchObject({ value: 'granted' });
    await page.goto(`${gateway.url}/o-nas/`);
    expect(await page.locator('.consent-notice').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the footer link leads to the settings page, whose form withdraws consent and deletes its cookies', async () => {
    const { context, page } = await visitor(false);
    await context.addCookies(
      [
        { name: 'cookie_consent', value: 'granted', httpOnly: false },
        { name: 'client_id', value: '7d1e2f30-4a5b-4c6d-8e9f-a0b1c2d3e4f5', httpOnly: true },
        { name: 'utm_source', value: 'newsletter', httpOnly: true },
        { name: 'referer_session', value: 'https%3A%2F%2Fwww.google.com%2F', httpOnly: true },
        { name: 'exp_0300.1', value: 'B', httpOnly: false },
      ].map((added) => ({ ...added, url: gateway.url })),
    );
    await page.goto(`${gateway.url}/`);
    await Promise.all([
      page.waitForURL(`${gateway.url}/ustawienia-cookies/`),
      page.locator('footer a[data-cookie-settings]').click(),
    ]);
    await Promise.all([
      page.waitForURL(`${gateway.url}/ustawienia-cookies/?zapisano=nie`),
      page.getByRole('button', { name: 'Tylko niezbędne' }).click(),
    ]);
    await expect(page.locator('[data-consent-saved]').textContent()).resolves.toContain('usunęliśmy');
    expect(await cookieNames(context)).toEqual(['cookie_consent']);
    expect(await cookie(context, 'cookie_consent')).toMatchObject({ value: 'denied' });

    await Promise.all([
      page.waitForURL(`${gateway.url}/ustawienia-cookies/?zapisano=tak`),
      page.getByRole('button', { name: 'Akceptuję' }).click(),
    ]);
    expect(await cookie(context, 'cookie_consent')).toMatchObject({ value: 'granted' });
    await context.close();
  });
});

import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext } from 'playwright-core';
import { COMMENT_FORM_ANCHOR } from '../src/features/comments/comment-texts';
import { ARTICLE_SLUG, HOME_PAGE } from './support/content-fixtures';
import { type SiteServices, startSiteServices } from './support/site-services';
import { CHROMIUM_PATH, launchChromium, openRecordingPage } from './support/browser';
import { until } from './support/clock';
import { type TestGateway, startTestGateway } from './support/test-gateway';
import { buildTestClient, type TestClient } from './support/test-client';

const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DAY_S = 86_400;

/** An event as the events service receives it from the gateway (IngestEvents, camelCase fields). */
interface Ingested {
  eventId: number;
  sub1: string;
  sub3: string;
  sub4: string;
  sub5: string;
  sub6: string;
  sub8: string;
  sessionId: string;
  clientId: string;
  consent: string;
  pagePath: string;
  referer: string;
  utmSource: string;
}

describeWithChromium('tracking in a real browser, through the real POST /api/event', () => {
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
    // With the back/forward cache on (Playwright turns it off by default): restoring from it is what one test checks.
    browser = await launchChromium({ ignoreDefaultArgs: ['--disable-back-forward-cache'] });
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await site?.stop();
    client?.remove();
  });

  /** A recording page (openRecordingPage) that also keeps the body of every POST /api/event. */
  async function openPage() {
    const recording = await openRecordingPage(browser);
    const posts: string[] = [];
    recording.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/event')
        posts.push(request.postData() ?? '');
    });
    return { ...recording, posts };
  }

  /** The context's session id: the HttpOnly cookie the first answer of POST /api/event set. */
  async function sessionOf(context: BrowserContext): Promise<string> {
    let cookie: string | undefined;
    await until(() => {
      void context
        .cookies()
        .then((cookies) => (cookie = cookies.find((c) => c.name === 'session_id')?.value));
      return cookie !== undefined;
    });
    return cookie!;
  }

  /** Waits until the events service holds an event of this session matching `match`, and returns it. */
  async function received(sessionId: string, match: (event: Ingested) => boolean): Promise<Ingested> {
    await until(() => ingested.some((event) => event.sessionId === sessionId && match(event)));
    return ingested.find((event) => event.sessionId === sessionId && match(event))!;
  }

  it('sends a page view on load and on client-side navigation, sets the identity cookies, and asks for consent', async () => {
    const { page, context, errors, posts } = await openPage();
    await page.goto(`${gateway.url}/?utm_source=newsletter&utm_medium=email`);
    await page.waitForSelector('html[data-client="ready"]');
    const sessionId = await sessionOf(context);
    expect(sessionId).toMatch(UUID_V4);
    const landing = await received(sessionId, (e) => e.eventId === 5 && e.pagePath === '/');
    // No answer to the cookie notice yet: no client id and no traffic source.
    expect(landing).toMatchObject({
      sub4: 'pageView',
      utmSource: '',
      referer: '',
      clientId: '',
      consent: '',
    });
    // Sent with fetch as JSON, one batch per request; without consent the tracker sends no utm_*.
    expect(JSON.parse(posts[0]!)).toEqual([
      expect.objectContaining({ event_id: 5, sub4: 'pageView', page_path: '/' }),
    ]);
    expect(JSON.parse(posts[0]!)[0]).not.toHaveProperty('utm_medium');

    let cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'session_id')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.expires - Date.now() / 1000).toBeGreaterThan(29 * 60);
    expect(session.expires - Date.now() / 1000).toBeLessThanOrEqual(30 * 60);
    // Nothing that waits for consent before the visitor answers the notice.
    expect(cookies.map((c) => c.name)).not.toContain('client_id');
    expect(cookies.map((c) => c.name)).not.toContain('utm_source');

    const notice = page.getByRole('region', { name: 'Zgoda na pliki cookie' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Akceptuję' }).click();
    await expect(notice.count()).resolves.toBe(0);
    const consent = await received(sessionId, (e) => e.eventId === 80);
    // The landing's source goes with the choice, so a visit that consents keeps it.
    expect(consent).toMatchObject({
      sub4: 'cookies',
      sub5: 'accepted',
      consent: 'granted',
      utmSource: 'newsletter',
    });
    expect(consent.clientId).toMatch(UUID_V4);
    await until(() => {
      void context.cookies().then((all) => (cookies = all));
      return cookies.some((c) => c.name === 'client_id');
    });
    const client = cookies.find((c) => c.name === 'client_id')!;
    expect(client).toMatchObject({ value: consent.clientId, httpOnly: true, sameSite: 'Lax' });
    expect(client.expires - Date.now() / 1000).toBeGreaterThan(179 * DAY_S);
    expect(client.expires - Date.now() / 1000).toBeLessThanOrEqual(180 * DAY_S);
    expect(cookies.find((c) => c.name === 'cookie_consent')).toMatchObject({
      value: 'granted',
      httpOnly: false,
    });

    // Client-side navigation: one more page view, with the page before as its referer.
    await page.locator('footer a[href="/o-nas/"]').click();
    await page.waitForSelector('h1:text-is("O nas")');
    const about = await received(sessionId, (e) => e.eventId === 5 && e.pagePath === '/o-nas/');
    expect(about).toMatchObject({ sub4: 'pageView', consent: 'granted', clientId: consent.clientId });
    // The page before, without its query: a link's token (status, self-service) never becomes a referer.
    expect(about.referer).toBe(`${gateway.url}/`);
    // The visit's source carries over to its later events.
    expect(about.utmSource).toBe('newsletter');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends event 27 with sub1 pageLoadFromCache when a page comes back from the back/forward cache', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${gateway.url}/o-nas/`);
    await page.waitForSelector('html[data-client="ready"]');
    const sessionId = await sessionOf(context);
    await received(sessionId, (e) => e.eventId === 5 && e.pagePath === '/o-nas/');
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    // A full load of another page (not client-side navigation), then back.
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    // A page restored from the cache fires no load event: wait for the navigation to commit only.
    await page.goBack({ waitUntil: 'commit' });
    // The same document came back (its script state kept): the back/forward cache restored it.
    await expect(page.evaluate(() => (window as unknown as { kept?: boolean }).kept ?? false)).resolves.toBe(
      true,
    );
    const restored = await received(sessionId, (e) => e.eventId === 27);
    expect(restored).toMatchObject({ sub1: 'pageLoadFromCache', pagePath: '/o-nas/' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the cookie notice on a page restored from the back/forward cache when the answer was given since', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${gateway.url}/o-nas/`);
    await page.waitForSelector('html[data-client="ready"]');
    const notice = page.getByRole('region', { name: 'Zgoda na pliki cookie' });
    expect(await notice.isVisible()).toBe(true);
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await notice.getByRole('button', { name: 'Akceptuję' }).click();
    let answered = false;
    await until(() => {
      void context
        .cookies()
        .then((cookies) => (answered = cookies.some((cookie) => cookie.name === 'cookie_consent')));
      return answered;
    });
    await page.goBack({ waitUntil: 'commit' });
    await expect(page.evaluate(() => (window as unknown as { kept?: boolean }).kept ?? false)).resolves.toBe(
      true,
    );
    await page.locator('.consent-notice').waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends field focus, filled and invalid events with sub8 the field index, and the form submission', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${gateway.url}/${ARTICLE_SLUG}/`);
    await page.waitForSelector('html[data-client="ready"]');
    const sessionId = await sessionOf(context);
    await page
      .getByRole('region', { name: 'Zgoda na pliki cookie' })
      .getByRole('button', { name: 'Tylko niezbędne' })
      .click();
    const form = page.locator(`#${COMMENT_FORM_ANCHOR}`);
    // Fields in form order, hidden inputs not counted: name 0, e-mail 1.
    await form.getByLabel('Imię lub pseudonim').click();
    await page.keyboard.type('Ania');
    await page.keyboard.press('Tab'); // leaves the name filled and focuses the e-mail field
    await form.locator('button[type="submit"]').click(); // e-mail, rating and text are empty: the browser refuses

    const focus = await received(sessionId, (e) => e.eventId === 40 && e.sub8 === '0');
    expect(focus).toMatchObject({ sub4: COMMENT_FORM_ANCHOR, sub5: 'name', pagePath: `/${ARTICLE_SLUG}/` });
    expect(await received(sessionId, (e) => e.eventId === 41)).toMatchObject({ sub8: '0', sub5: 'name' });
    expect(await received(sessionId, (e) => e.eventId === 40 && e.sub8 === '1')).toMatchObject({
      sub5: 'email',
    });
    const invalid = await received(sessionId, (e) => e.eventId === 42 && e.sub8 === '1');
    expect(invalid).toMatchObject({ sub5: 'email', sub6: 'valueMissing' });
    expect(ingested.some((e) => e.sessionId === sessionId && e.eventId === 42 && e.sub8 === '0')).toBe(false);
    // Now complete: the form is submitted (the comment island posts it without a reload).
    await form.locator('input[name="email"]').fill('ania@example.pl');
    await form.locator('input[name="rating"][value="5"]').check();
    await form
      .locator('textarea[name="text"]')
      .fill('Bardzo przydatny artykuł, dziękuję za konkretne przykłady.');
    await form.locator('button[type="submit"]').click();
    expect(await received(sessionId, (e) => e.eventId === 70)).toMatchObject({
      sub4: COMMENT_FORM_ANCHOR,
      sub5: 'sent',
    });

    const declined = await received(sessionId, (e) => e.eventId === 80);
    expect(declined).toMatchObject({ sub5: 'declined', consent: 'denied', clientId: '' });
    expect((await context.cookies()).map((c) => c.name)).not.toContain('client_id');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends what is waiting with sendBeacon when the page is hidden, and never breaks the page when sending fails', async () => {
    const { page, context, errors } = await openPage();
    await page.route('**/api/event', (route) => route.abort('connectionreset'));
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await expect(page.locator('h1').textContent()).resolves.toBe(HOME_PAGE.h1);
    await page.getByLabel(/Ile potrzebujesz/).fill('1000');
    await expect(page.getByLabel(/Ile potrzebujesz/).getAttribute('aria-valuetext')).resolves.toBe(
      '1\u00a0000\u00a0zł',
    );
    await page.unroute('**/api/event');
    const beacon = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/event');
    // The tab is hidden: the queue goes out at once, as a beacon (text/plain), the failed batch with it.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const sent = await beacon;
    expect(sent.headers()['content-type']).toContain('text/plain');
    const events = JSON.parse(sent.postData() ?? '[]') as { event_id: number }[];
    expect(events.map((e) => e.event_id)).toContain(5);
    expect(errors).toEqual([]);
    await context.close();
  });
});

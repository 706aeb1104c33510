import { status } from '@grpc/grpc-js';
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { entryOf } from '../src/shared/cookie-catalogue';
import { COMMENT_TEXTS } from '../src/features/comments/comment-texts';
import {
  ABOUT_PAGE,
  ARTICLE,
  ARTICLE_SLUG,
  FAKE_VIOLATIONS,
  type FakeContent,
  HOME_PAGE,
  OFFERS_HANDLERS,
  createFakeContent,
} from './support/content-fixtures';
import { FakeGrpcError, type FakeGrpcServer, startFakeService } from './support/fake-grpc';
import { RATE_TABLE } from './support/fixtures';
import { CHROMIUM_PATH, PHONE_VIEWPORT, launchChromium, openRecordingPage } from './support/browser';
import { until } from './support/clock';
import { type TestGateway, startTestGateway } from './support/test-gateway';
import { buildTestClient, type TestClient } from './support/test-client';

const SCREENSHOT = '/tmp/gateway-home.png';

const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;

describeWithChromium('gateway in a real browser', () => {
  let services: FakeGrpcServer[];
  let gateway: TestGateway;
  let browser: Browser;
  let buildId: string;
  let client: TestClient;
  let fakeContent: FakeContent;

  beforeAll(async () => {
    client = buildTestClient();
    buildId = client.manifest.buildId;
    fakeContent = createFakeContent();
    services = await Promise.all([
      startFakeService('content', fakeContent.handlers),
      startFakeService('offers', OFFERS_HANDLERS),
      startFakeService('rates', { GetLatestTable: () => RATE_TABLE }),
    ]);
    const [content, offers, rates] = services;
    gateway = await startTestGateway({
      targets: { content: content!.target, offers: offers!.target, rates: rates!.target },
      client,
      ownOrigin: true,
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    await Promise.all((services ?? []).map((s) => s.stop()));
    client?.remove();
  });

  const openPage = (viewport = PHONE_VIEWPORT) => openRecordingPage(browser, { viewport });

  const markWindow = (page: Page) =>
    page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const readMark = (page: Page) =>
    page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null);

  it('home page: the sliders island asks for the example of the top-ranked offer as they move, without React', async () => {
    const { page, context, errors, requests } = await openPage();
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    // no page hydrates: the calculator is an island, its own chunk; React loads only for navigation
    expect(requests.some((r) => /\/assets\/chunks\/loan-sliders\.island-/.test(r))).toBe(true);
    expect(requests.some((r) => /\/assets\/chunks\/(renderer|home-page)-/.test(r))).toBe(false);
    // The fake ranking prices every offer at 10 % of the amount.
    const total = page.locator('[data-example-row="total"]');
    await expect(total.textContent()).resolves.toBe('2\u00a0200,00\u00a0zł');
    await expect(page.locator('[data-example="lender"]').textContent()).resolves.toBe('Szybka Gotówka');

    await page.getByLabel(/Ile potrzebujesz/).fill('5000');
    await page.waitForFunction(
      () => document.querySelector('[data-example-row="total"]')?.textContent === '5\u00a0500,00\u00a0zł',
    );
    expect(requests).toContain('/api/loan-example?amount=5000&period=90');

    const period = page.getByLabel(/Na jak długo/);
    await period.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => document.querySelector('[data-example-row="period"]')?.textContent === '120 dni',
    );
    await expect(page.locator('.calculator__cta').getAttribute('href')).resolves.toBe(
      '/application/?amount=5000&period=120',
    );
    await expect(period.getAttribute('aria-valuetext')).resolves.toBe('4 miesiące');

    // No answer to the cookie notice yet: the browser holds strictly necessary cookies only.
    const cookies = await context.cookies();
    expect(cookies.filter((c) => entryOf(c.name)?.basis !== 'necessary').map((c) => c.name)).toEqual([]);

    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('navigates between pages with _payload.json and no reload, and back again', async () => {
    const { page, context, errors, requests } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await page.screenshot({ path: SCREENSHOT.replace('.png', '-desktop.png'), fullPage: true });
    await markWindow(page);

    const payload = page.waitForResponse((r) => r.url().endsWith(`/o-nas/_payload.json?v=${buildId}`));
    await page.locator('footer a[href="/o-nas/"]').click();
    expect((await payload).status()).toBe(200);
    await page.waitForSelector('h1:text-is("O nas")');
    expect(new URL(page.url()).pathname).toBe('/o-nas/');
    await expect(page.title()).resolves.toBe(ABOUT_PAGE.title);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${gateway.url}/o-nas/`,
    );
    await expect(page.locator('#tresc-strony').textContent()).resolves.toContain(
      'Jesteśmy serwisem porównawczym',
    );
    expect(await readMark(page)).toBe(42); // same document: no reload

    await page.goBack();
    await page.waitForSelector(`h1:text-is("${HOME_PAGE.h1}")`);
    expect(await readMark(page)).toBe(42);
    await page.getByLabel(/Ile potrzebujesz/).fill('1000');
    await page.waitForFunction(
      () => document.querySelector('[data-example-row="total"]')?.textContent === '1\u00a0100,00\u00a0zł',
    );

    expect(requests.filter((r) => r.startsWith('/o-nas/') && !r.includes('_payload'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps React off a static page until the visitor navigates, then loads it on demand', async () => {
    const { page, context, requests } = await openPage();
    await page.goto(`${gateway.url}/o-nas/`);
    await page.waitForSelector('html[data-client="ready"]');
    const rendererChunk = (r: string) => /\/assets\/chunks\/renderer-/.test(r);
    expect(requests.some(rendererChunk)).toBe(false);
    await expect(page.locator('#tresc-strony').textContent()).resolves.toContain(
      'Jesteśmy serwisem porównawczym',
    );

    await markWindow(page);
    await page.locator('.breadcrumbs a[href="/"]').click();
    await page.waitForSelector(`h1:text-is("${HOME_PAGE.h1}")`);
    expect(requests.some(rendererChunk)).toBe(true);
    expect(requests).toContain(`/_payload.json?v=${buildId}`);
    expect(await readMark(page)).toBe(42);
    await page.getByLabel(/Ile potrzebujesz/).fill('3000');
    await page.waitForFunction(
      () => document.querySelector('[data-example-row="total"]')?.textContent === '3\u00a0300,00\u00a0zł',
    );
    await context.close();
  });

  it('falls back to a full page load with a warning when the payload fails', async () => {
    const { page, context, messages } = await openPage();
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await markWindow(page);
    await page.locator('footer a[href="/darmowe-pozyczki/"]').click();
    await page.waitForSelector('h1:text-is("Nie mogliśmy znaleźć żądanej strony")');
    expect(new URL(page.url()).pathname).toBe('/darmowe-pozyczki/');
    expect(await readMark(page)).toBeNull(); // a real page load happened
    expect(messages.some((m) => m.type === 'warning' && m.text.includes('/darmowe-pozyczki/'))).toBe(true);
    await page.screenshot({ path: '/tmp/gateway-404.png', fullPage: true });
    await context.close();
  });

  it('does a full load on the next navigation once a newer build is announced', async () => {
    const { page, context, requests } = await openPage();
    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({ json: { buildId: 'newer-build', time: new Date().toISOString() } }),
    );
    await page.route('**/builds/meta/newer-build.json', (route) =>
      route.fulfill({ json: { buildId: 'newer-build' } }),
    );
    const polled = page.waitForRequest((r) => r.url().includes('/builds/meta/newer-build.json'));
    await page.goto(`${gateway.url}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await polled;
    await markWindow(page);
    await page.locator('footer a[href="/o-nas/"]').click();
    await page.waitForSelector('h1:text-is("O nas")');
    expect(await readMark(page)).toBeNull();
    expect(requests.some((r) => r.includes('/o-nas/_payload.json'))).toBe(false);
    expect(requests.filter((r) => r.startsWith('/builds/latest.json?t='))).not.toHaveLength(0);
    await context.close();
  });

  const isViewBeacon = (request: { url(): string; method(): string }) =>
    request.method() === 'POST' && new URL(request.url()).pathname === '/api/views';

  it('article page: counts the view from the browser once per page view, share buttons work, no React', async () => {
    const { page, context, errors, requests } = await openPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.url });
    // Before a cookie choice: one report, counted on its own, and no visit cookie.
    const firstBefore = fakeContent.views.length;
    const firstBeacon = page.waitForRequest(isViewBeacon);
    await page.goto(`${gateway.url}/${ARTICLE_SLUG}/`);
    await page.waitForSelector('html[data-client="ready"]');
    expect(JSON.parse((await firstBeacon).postData() ?? '{}')).toEqual({ path: `/${ARTICLE_SLUG}/` });
    await until(() => fakeContent.views.length === firstBefore + 1);
    expect(fakeContent.views.at(-1)).toEqual({ slug: ARTICLE_SLUG, sessionId: '' });
    expect(requests.filter((r) => r === '/api/views')).toHaveLength(1);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('pp_visit');

    // With 'Akceptuję' the visit's first report is answered with the visit cookie and sent again with it: one view.
    await context.addCookies([{ name: 'cookie_consent', value: 'granted', url: gateway.url }]);
    const viewsBefore = fakeContent.views.length;
    await page.reload();
    await page.waitForSelector('html[data-client="ready"]');
    await until(() => fakeContent.views.length === viewsBefore + 1);
    const counted = fakeContent.views.at(-1)!;
    expect(counted.slug).toBe(ARTICLE_SLUG);
    expect(counted.sessionId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await until(() => requests.filter((r) => r === '/api/views').length === 3);
    const visitCookie = (await context.cookies(`${gateway.url}/api/views`)).find(
      (cookie) => cookie.name === 'pp_visit',
    );
    expect(visitCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/views', secure: false });
    // HttpOnly, and scoped to the endpoint: the page's script and the page requests never see it.
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain('pp_visit');
    expect(requests.some((r) => /\/assets\/chunks\/renderer-/.test(r))).toBe(false);

    await expect(page.locator('h1').textContent()).resolves.toBe(ARTICLE.h1);
    await expect(page.locator(`.toc a[href="#${ARTICLE.toc[0]!.anchor}"]`).isVisible()).resolves.toBe(true);
    const copy = page.getByRole('button', { name: 'Kopiuj link' });
    await copy.click();
    // The clipboard answers asynchronously: wait for the status to be written, then read it.
    await page.waitForFunction(() => document.querySelector('[data-share-status]')?.textContent !== '');
    await expect(page.locator('[data-share-status]').textContent()).resolves.toBe(
      'Link skopiowany do schowka.',
    );
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      `${gateway.url}/${ARTICLE_SLUG}/`,
    );
    await page.screenshot({ path: '/tmp/gateway-article.png', fullPage: true });

    // A reload is a new page view of the same visit: one report, with the same visit id (the service counts it once).
    const beforeReload = fakeContent.views.length;
    await page.reload();
    await page.waitForSelector('html[data-client="ready"]');
    await until(() => fakeContent.views.length === beforeReload + 1);
    expect(fakeContent.views.at(-1)).toEqual(counted);
    expect(requests.filter((r) => r === '/api/views')).toHaveLength(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('counts the view of an article reached by client-side navigation, and follows alias addresses', async () => {
    const { page, context, errors } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${gateway.url}/blog/`);
    await page.waitForSelector('html[data-client="ready"]');
    await expect(page.locator('.pager__text').textContent()).resolves.toBe('strona 1 z 3');
    await markWindow(page);

    const beacon = page.waitForRequest(isViewBeacon);
    await page.locator(`.article-list a[href="/${ARTICLE_SLUG}/"]`).first().click();
    await page.waitForSelector(`h1:text-is("${ARTICLE.h1}")`);
    expect(JSON.parse((await beacon).postData() ?? '{}').path).toBe(`/${ARTICLE_SLUG}/`);
    expect(await readMark(page)).toBe(42);
    await expect(page.title()).resolves.toBe(ARTICLE.summary!.title);
    await expect(page.locator('meta[property="og:type"]').getAttribute('content')).resolves.toBe('article');
    const ldTypes = await page.$$eval('script[type="application/ld+json"]', (nodes) =>
      nodes.map((node) => (JSON.parse(node.textContent ?? '{}') as { '@type': string })['@type']),
    );
    expect(ldTypes).toEqual(['Organization', 'BreadcrumbList', 'Article']);

    // '/blog/page-1/' is an alias of '/blog/': the payload redirects and the address bar follows.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/blog/page-1/';
      link.id = 'alias-link';
      link.textContent = 'Pierwsza strona bloga';
      document.querySelector('main')?.append(link);
    });
    await page.locator('#alias-link').click();
    await page.waitForSelector('h1:text-is("Blog")');
    expect(new URL(page.url()).pathname).toBe('/blog/');
    expect(await readMark(page)).toBe(42);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('article comments: the form posts without a reload and shows the moderation message, field errors in place', async () => {
    const { page, context, errors, requests } = await openPage({ width: 1280, height: 900 });
    await page.goto(`${gateway.url}/${ARTICLE_SLUG}/`);
    await page.waitForSelector('html[data-client="ready"]');
    await expect(page.locator('#komentarze .comments__summary').textContent()).resolves.toContain(
      '14 komentarzy',
    );
    await expect(page.locator('#komentarz-200 .comment__label').textContent()).resolves.toBe(
      'Odpowiedź firmy',
    );
    await markWindow(page);
    const form = page.locator('form[data-comment-form]');
    // the honeypot is out of sight and out of the tab order
    await expect(page.locator('input[name="website"]').isVisible()).resolves.toBe(true);
    const trapBox = await page.locator('input[name="website"]').boundingBox();
    expect(trapBox!.x + trapBox!.width).toBeLessThan(0);

    // An e-mail the service refuses: its Polish message appears next to the field, the text stays.
    await form.getByLabel('Imię lub pseudonim').fill('Ewa Testowa');
    await form.getByLabel('E-mail').fill('ewa@localhost');
    await form.getByRole('radio', { name: '4 z 5' }).check();
    await form.getByLabel('Treść komentarza').fill('Przydatne wyliczenia, dziękuję za artykuł.');
    await form.getByRole('button', { name: 'Dodaj komentarz' }).click();
    // The slot is on the page (empty) from the start: wait for the message to arrive, then read it.
    await page.waitForFunction(() => document.querySelector('[data-error-for="email"]')?.textContent !== '');
    await expect(page.locator('[data-error-for="email"]').textContent()).resolves.toBe(FAKE_VIOLATIONS.email);
    await expect(form.getByLabel('E-mail').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(form.getByLabel('Treść komentarza').inputValue()).resolves.toBe(
      'Przydatne wyliczenia, dziękuję za artykuł.',
    );

    await form.getByLabel('E-mail').fill('ewa@example.pl');
    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/comments') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Dodaj komentarz' }).click();
    expect((await posted).status()).toBe(202);
    await page.waitForSelector('[data-comment-status]:has-text("Dziękujemy!")');
    await expect(page.locator('[data-comment-status]').textContent()).resolves.toBe(COMMENT_TEXTS.pending);
    await expect(page.locator('[data-error-for="email"]').textContent()).resolves.toBe('');
    await expect(form.getByLabel('Treść komentarza').inputValue()).resolves.toBe('');
    expect(await readMark(page)).toBe(42); // no reload
    const stored = fakeContent.submissions.at(-1)!;
    expect(stored).toMatchObject({
      pagePath: `/${ARTICLE_SLUG}/`,
      name: 'Ewa Testowa',
      email: 'ewa@example.pl',
      rating: 4,
      replyTo: 0,
    });
    expect(stored.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // the enhancement is its own small chunk, React stays away
    expect(requests.some((r) => /\/assets\/chunks\/comment-form\.island-/.test(r))).toBe(true);
    expect(requests.some((r) => /\/assets\/chunks\/renderer-/.test(r))).toBe(false);

    // "Odpowiedz" turns the form into a reply: no rating, the target named.
    await page.locator('#komentarz-112 a[data-reply-to]').click();
    await expect(page.locator('[data-reply-notice]').textContent()).resolves.toContain(
      'Odpowiadasz na komentarz: Marta z Gdańska.',
    );
    await expect(page.locator('[data-rating-field]').isHidden()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/gateway-comments.png', fullPage: true });
    // The refused post (400) is the one expected failure; anything else would be a fault.
    expect(errors.filter((error) => error !== '400 /api/comments')).toEqual([]);
    await context.close();
  });

  it('article comments without JavaScript: a plain form POST lands back on the page with the moderation message', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${gateway.url}/${ARTICLE_SLUG}/`);
    const form = page.locator('form[data-comment-form]');
    await form.getByLabel('Imię lub pseudonim').fill('Piotr bez skryptów');
    await form.getByLabel('E-mail').fill('piotr@example.pl');
    await form.getByRole('radio', { name: '5 z 5' }).check();
    await form.getByLabel('Treść komentarza').fill('Działa także bez JavaScriptu.');
    await Promise.all([
      page.waitForURL(/komentarz=oczekuje/),
      form.getByRole('button', { name: 'Dodaj komentarz' }).click(),
    ]);
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}${url.hash}`).toBe(`/${ARTICLE_SLUG}/?komentarz=oczekuje#komentarze`);
    await expect(page.locator('[data-comment-status]').textContent()).resolves.toBe(COMMENT_TEXTS.pending);
    expect(fakeContent.submissions.at(-1)).toMatchObject({
      name: 'Piotr bez skryptów',
      rating: 5,
      sessionId: '',
    });
    await context.close();
  });

  it('article comments without JavaScript: a long comment survives a stalled service and is sent again with the same key', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pl-PL' });
    const page = await context.newPage();
    const original = fakeContent.handlers['SubmitComment']!;
    const releases: (() => void)[] = [];
    // The content service takes the comment but answers only after the gateway's deadline.
    fakeContent.handlers['SubmitComment'] = (request) => {
      fakeContent.submissions.push(request as (typeof fakeContent.submissions)[number]);
      return new Promise((resolve) =>
        releases.push(() => resolve({ commentId: 900, state: 1, createdAt: '2026-10-05T10:00:00Z' })),
      );
    };
    const text = 'Zażółć gęślą jaźń, łódź płynie. '.repeat(160).slice(0, 5000);
    try {
      await page.goto(`${gateway.url}/${ARTICLE_SLUG}/`);
      const form = page.locator('form[data-comment-form]');
      // The shared page carries no key; the gateway derives one from the post and draws it into the answer.
      await expect(form.locator('input[name="idempotency_key"]').inputValue()).resolves.toBe('');
      await form.getByLabel('Imię lub pseudonim').fill('Łucja bez skryptów');
      await form.getByLabel('E-mail').fill('lucja@example.pl');
      await form.getByRole('radio', { name: '4 z 5' }).check();
      await form.getByLabel('Treść komentarza').fill(text);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/comments'));
      await form.getByRole('button', { name: 'Dodaj komentarz' }).click();
      expect((await answered).status()).toBe(503);
      await page.waitForLoadState();
      // The answer is the article again: the truth in Polish, everything typed still in the form.
      await expect(page.locator('[data-comment-message]').textContent()).resolves.toBe(
        COMMENT_TEXTS.uncertain,
      );
      await expect(form.getByLabel('Treść komentarza').inputValue()).resolves.toBe(text);
      await expect(form.getByLabel('E-mail').inputValue()).resolves.toBe('lucja@example.pl');
      const key = await form.locator('input[name="idempotency_key"]').inputValue();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(fakeContent.submissions.at(-1)?.idempotencyKey).toBe(key);
      releases.forEach((release) => release());

      fakeContent.handlers['SubmitComment'] = original;
      await form.getByRole('radio', { name: '4 z 5' }).check();
      await Promise.all([
        page.waitForURL(/komentarz=oczekuje/),
        form.getByRole('button', { name: 'Dodaj komentarz' }).click(),
      ]);
      await expect(page.locator('[data-comment-status]').textContent()).resolves.toBe(COMMENT_TEXTS.pending);
      // Both posts were one submission: the content service dedupes them by this key.
      expect(fakeContent.submissions.slice(-2).map((s) => [s.idempotencyKey, s.text])).toEqual([
        [key, text],
        [key, text],
      ]);
    } finally {
      fakeContent.handlers['SubmitComment'] = original;
      releases.forEach((release) => release());
      await context.close();
    }
  });

  it('article comments with JavaScript: an outage keeps the text and the key; a success makes a new key', async () => {
    const { page, context } = await openPage({ width: 1280, height: 900 });
    const original = fakeContent.handlers['SubmitComment']!;
    try {
      await page.goto(`${gateway.url}/${ARTICLE_SLUG}/`);
      await page.waitForSelector('html[data-client="ready"]');
      const form = page.locator('form[data-comment-form]');
      const keyInput = form.locator('input[name="idempotency_key"]');
      const key = await keyInput.inputValue();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const before = fakeContent.submissions.length;
      fakeContent.handlers['SubmitComment'] = (request) => {
        fakeContent.submissions.push(request as (typeof fakeContent.submissions)[number]);
        throw new FakeGrpcError(status.UNAVAILABLE, 'database down');
      };
      await form.getByLabel('Imię lub pseudonim').fill('Ewa ze skryptem');
      await form.getByLabel('E-mail').fill('ewa@example.pl');
      await form.getByRole('radio', { name: '3 z 5' }).check();
      await form.getByLabel('Treść komentarza').fill('Komentarz w czasie awarii.');
      const failed = page.waitForResponse((r) => r.url().endsWith('/api/comments'));
      await form.getByRole('button', { name: 'Dodaj komentarz' }).click();
      expect((await failed).status()).toBe(503);
      await page.waitForFunction(() => document.querySelector('[data-comment-message]')?.textContent !== '');
      await expect(page.locator('[data-comment-message]').textContent()).resolves.toBe(
        COMMENT_TEXTS.uncertain,
      );
      await expect(form.getByLabel('Treść komentarza').inputValue()).resolves.toBe(
        'Komentarz w czasie awarii.',
      );

      fakeContent.handlers['SubmitComment'] = original;
      const stored = page.waitForResponse((r) => r.url().endsWith('/api/comments'));
      await form.getByRole('button', { name: 'Dodaj komentarz' }).click();
      expect((await stored).status()).toBe(202);
      await page.waitForSelector('[data-comment-status]:has-text("Dziękujemy!")');
      // Every post of the submission (the gateway client's own retry after UNAVAILABLE included) had its key.
      const keys = fakeContent.submissions.slice(before).map((s) => s.idempotencyKey);
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(keys)).toEqual(new Set([key]));
      // The next comment is a new submission.
      const next = await keyInput.inputValue();
      expect(next).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(next).not.toBe(key);
    } finally {
      fakeContent.handlers['SubmitComment'] = original;
      await context.close();
    }
  });

  it('calendar page: twelve months Monday first, holidays marked, neighbouring years by client-side navigation', async () => {
    const { page, context, errors, requests } = await openPage();
    await page.goto(`${gateway.url}/kalendarz-2026/`);
    await page.waitForSelector('html[data-client="ready"]');
    await expect(page.locator('section.cal-month').count()).resolves.toBe(12);
    await expect(
      page.locator('section.cal-month').first().locator('thead th').allTextContents(),
    ).resolves.toEqual(['Pn', 'Wt', 'Śr', 'Cz', 'Pt', 'So', 'Nd']);
    await expect(page.locator('.cal-year [data-total="norm"]').textContent()).resolves.toBe(
      '251 dni, 2008 godzin',
    );
    await expect(
      page.locator('section.cal-month').first().locator('td.cal-day--holiday').count(),
    ).resolves.toBe(2);
    expect(requests.some((r) => /\/assets\/chunks\/renderer-/.test(r))).toBe(false);
    await page.screenshot({ path: '/tmp/gateway-calendar.png', fullPage: true });

    await markWindow(page);
    await page.locator('a[href="/kalendarz-2027/"]').click();
    await page.waitForSelector('h1:has-text("2027")');
    expect(await readMark(page)).toBe(42);
    await expect(page.locator('section.cal-month').count()).resolves.toBe(12);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the country error view after a fatal render error: MX loader then its view, others generic', async () => {
    const bundle = await build({
      entryPoints: [path.join(__dirname, 'fixtures/error-view-harness.tsx')],
      bundle: true,
      write: false,
      format: 'iife',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0]!.text;

    for (const [country, expected] of [
      ['MX', '[data-error-view="mx"]'],
      ['PL', 'h1:text-is("Coś poszło nie tak")'],
      ['ES', 'h1:text-is("Coś poszło nie tak")'],
    ] as const) {
      // about:blank: no CSP of ours, so the harness can be injected inline.
      const { page, context } = await openPage();
      await page.setContent('<div id="root"></div>');
      await page.evaluate((code) => {
        const w = window as unknown as { harnessCountry: string; seenLoader: boolean };
        w.harnessCountry = code;
        w.seenLoader = false;
        new MutationObserver(() => {
          if (document.querySelector('[role="progressbar"]')) w.seenLoader = true;
        }).observe(document.body, { childList: true, subtree: true });
      }, country);
      await page.addScriptTag({ content: script });
      await page.waitForSelector(expected);
      const sawLoader = await page.evaluate(() => (window as unknown as { seenLoader: boolean }).seenLoader);
      expect({ country, sawLoader }).toEqual({ country, sawLoader: country === 'MX' });
      await context.close();
    }
  });
});

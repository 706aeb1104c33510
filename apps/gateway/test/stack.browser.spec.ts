import { contentV1 } from '@lib/contracts';
import { hasTestRedis, provideTestRedis, type TestRedis, until } from '@lib/testing';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { type Browser, type Page } from 'playwright-core';
import { COMMENT_TEXTS } from '../src/features/comments/comment-texts';
import {
  CHROMIUM_PATH,
  launchChromium,
  openRecordingPage,
  type RecordingPageOptions,
} from './support/browser';
import { startStack, type Stack } from './support/stack';

/*
 * Journeys in Debian's Chromium through the gateway and its built browser bundle, in front of the
 * real content, offers and rates services, PostgreSQL and Redis (one stack for the file). Skipped
 * when there is no Chromium or no Redis.
 */
const describeWithStack = existsSync(CHROMIUM_PATH) && hasTestRedis() ? describe : describe.skip;

describeWithStack('journeys in Chromium on the real services', () => {
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

  /** A fresh page that records script errors and failed requests (answers of 400 and above). */
  async function openPage(options: RecordingPageOptions = {}) {
    const recording = await openRecordingPage(browser, options);
    seen.set(recording.page, recording.errors);
    return recording;
  }
  /** What each page recorded, so a page whose client never starts says why (a rare CI failure, not reproduced yet). */
  const seen = new WeakMap<Page, string[]>();
  const ready = async (page: Page) => {
    try {
      await page.waitForSelector('html[data-client="ready"]');
    } catch (error) {
      const client = await page
        .evaluate(() => document.documentElement.dataset['client'] ?? '(not set)')
        .catch(() => '(page gone)');
      throw new Error(
        `the client did not report ready at ${page.url()} (data-client ${client}); recorded: ${JSON.stringify(seen.get(page) ?? [])}`,
        { cause: error },
      );
    }
  };
  const markWindow = (page: Page) =>
    page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const readMark = (page: Page) =>
    page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null);
  const pendingFor = async (pagePath: string) =>
    (
      await stack.content.listCommentsForModeration({
        state: contentV1.CommentState.PENDING,
        page: { page: 1, pageSize: 50 },
      })
    ).comments.filter((comment) => comment.pagePath === pagePath);

  it('home: the sliders ask for the top-ranked offer’s example at their values', async () => {
    const { page, context, errors } = await openPage({ viewport: { width: 412, height: 915 } });
    await page.goto(`${stack.url}/`);
    await ready(page);
    await expect(page.locator('h1').textContent()).resolves.toBe(
      'Pożyczka online do 15\u00a0000\u00a0zł – porównaj oferty w kilka minut',
    );
    // the offers block comes from the offers service (its MatchOffers ranking for the sliders' start)
    await expect(page.locator('.offer__name').first().textContent()).resolves.toMatch(/\S/);
    await expect(page.locator('.offer a.offer__cta').first().getAttribute('href')).resolves.toMatch(
      /^\/przejdz\/\d+\/\?z=home&p=1$/,
    );
    const amount = page.locator('[data-example-row="amount"]');
    await expect(amount.textContent()).resolves.toBe('2\u00a0000,00\u00a0zł');
    await expect(page.locator('[data-example="lender"]').textContent()).resolves.toMatch(/\S/);

    await page.getByLabel(/Ile potrzebujesz/).fill('5000');
    await page.waitForFunction(
      () => document.querySelector('[data-example-row="amount"]')?.textContent === '5\u00a0000,00\u00a0zł',
    );
    const period = page.getByLabel(/Na jak długo/);
    await period.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => document.querySelector('[data-example-row="period"]')?.textContent === '120 dni',
    );
    // The application page exists, so the action leads to it with the chosen amount and period.
    await expect(page.locator('.calculator__cta').getAttribute('href')).resolves.toBe(
      '/application/?amount=5000&period=120',
    );
    await expect(page.locator('input[type="hidden"][name="period"]').inputValue()).resolves.toBe('120');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blog: from the list to an article by client-side navigation and back again', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${stack.url}/blog/`);
    await ready(page);
    await expect(page.locator('.pager__text').textContent()).resolves.toBe('strona 1 z 3');
    await markWindow(page);

    const payload = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/placa-minimalna/_payload.json',
    );
    await page.locator('.article-list a[href="/placa-minimalna/"]').first().click();
    expect((await payload).status()).toBe(200);
    await page.waitForSelector('h1:text-is("Płaca minimalna w latach 2024–2026")');
    expect(new URL(page.url()).pathname).toBe('/placa-minimalna/');
    await expect(page.title()).resolves.toBe('Płaca minimalna 2024–2026 – kwoty i zasady');
    await expect(page.locator('.toc a[href="#kogo-dotyczy-placa-minimalna"]').isVisible()).resolves.toBe(
      true,
    );
    expect(await readMark(page)).toBe(42); // the same document: no reload

    await page.goBack();
    await page.waitForSelector('h1:text-is("Blog")');
    expect(new URL(page.url()).pathname).toBe('/blog/');
    await expect(page.locator('.pager__text').textContent()).resolves.toBe('strona 1 z 3');
    expect(await readMark(page)).toBe(42);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('article: the view beacon is counted by the content service', async () => {
    const slug = 'jak-sprawdzic-bik-za-darmo';
    // One view before the visit (another visitor), through the service itself.
    await expect(stack.content.recordArticleView({ slug, sessionId: randomUUID() })).resolves.toMatchObject({
      counted: true,
    });

    const { page, context, errors } = await openPage();
    // A reader who accepted cookies: the visit's first report sets the visit cookie (200); the
    // beacon sends it again with it (204).
    await context.addCookies([{ name: 'cookie_consent', value: 'granted', url: stack.url }]);
    const counted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/views' && response.status() === 204,
    );
    await page.goto(`${stack.url}/${slug}/`);
    await ready(page);
    const response = await counted;
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ path: `/${slug}/` });
    const cookie = (await context.cookies(`${stack.url}/api/views`)).find(
      (candidate) => candidate.name === 'pp_visit',
    );
    // The signed token starts with the visit id the content service counts by.
    const visitId = cookie?.value.split('.')[0] ?? '';
    // The same visit asked again is not counted again; the total now holds the browser's view. The
    // total is PostgreSQL plus what Redis holds, read one after the other: while a flush (every 200 ms
    // here) moves counts across it may read one short for that moment, so ask until it settles.
    const answers: { views: number; counted: boolean }[] = [];
    await until(async () => {
      answers.push(await stack.content.recordArticleView({ slug, sessionId: visitId }));
      return answers.at(-1)!.views === 2 || answers.length === 50;
    });
    expect(answers.at(-1)).toEqual({ views: 2, counted: false });
    expect(answers.every((answer) => !answer.counted && answer.views <= 2)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lender review: facts and comments; a comment sent with JavaScript shows the moderation message without a reload', async () => {
    const pagePath = '/opinie-o-pozyczkach/kuki/';
    const { page, context, errors } = await openPage();
    await page.goto(`${stack.url}${pagePath}`);
    await ready(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('Kuki – opinie i warunki pożyczki');
    const facts = page.locator('dl dt');
    await expect(facts.allTextContents()).resolves.toEqual(
      expect.arrayContaining([
        'Firma (strona umowy)',
        'Kwota',
        'Okres',
        'Pierwsza pożyczka za 0\u00a0zł',
        'RRSO przykładu reprezentatywnego',
      ]),
    );
    await expect(
      page.locator('[data-lender-facts="kuki"]').getByText('w trakcie weryfikacji').first().isVisible(),
    ).resolves.toBe(true);
    // Each figure of the feed carries its source; the feed's stars have no count or source, so none are drawn.
    const amountRow = page.locator('[data-lender-facts="kuki"] .facts__row', {
      has: page.locator('dt', { hasText: /^Kwota$/ }),
    });
    await expect(amountRow.locator('.facts__source').textContent()).resolves.toMatch(
      /^Źródło: dane przykładowe z pliku pl_feed\.json dołączonego do serwisu, nie od pożyczkodawcy, stan na \d{2}\.\d{2}\.\d{4}$/,
    );
    const offerAndFacts = `${await page.locator('section[aria-labelledby="oferta_sekcja"]').textContent()} ${await page.locator('[data-lender-facts="kuki"]').textContent()}`;
    expect(offerAndFacts).toContain('Kuki');
    expect(offerAndFacts).not.toContain('★');
    await expect(page.locator('#komentarze .comments__summary').textContent()).resolves.toContain(
      '0 komentarzy',
    );
    await markWindow(page);

    const form = page.locator('form[data-comment-form]');
    await form.getByLabel('Imię lub pseudonim').fill('Ewa z przeglądarki');
    await form.getByLabel('E-mail').fill('ewa@example.pl');
    await form.getByRole('radio', { name: '4 z 5' }).check();
    await form.getByLabel('Treść komentarza').fill('Szybka decyzja, jasne warunki spłaty.');
    const posted = page.waitForResponse(
      (response) => response.url().endsWith('/api/comments') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Dodaj komentarz' }).click();
    expect((await posted).status()).toBe(202);
    await page.waitForSelector('[data-comment-status]:has-text("Dziękujemy!")');
    await expect(page.locator('[data-comment-status]').textContent()).resolves.toBe(COMMENT_TEXTS.pending);
    expect(await readMark(page)).toBe(42); // no reload
    // it reached the real service, where it waits for moderation
    await expect(pendingFor(pagePath)).resolves.toEqual([
      expect.objectContaining({
        name: 'Ewa z przeglądarki',
        rating: 4,
        text: 'Szybka decyzja, jasne warunki spłaty.',
      }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('article: a comment sent without JavaScript posts the form, lands back on the page and shows the notice', async () => {
    const pagePath = '/waloryzacja-emerytur/';
    const { page, context } = await openPage({ javaScriptEnabled: false });
    await page.goto(`${stack.url}${pagePath}`);
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
    expect(`${url.pathname}${url.search}${url.hash}`).toBe(`${pagePath}?komentarz=oczekuje#komentarze`);
    await expect(page.locator('[data-comment-status]').textContent()).resolves.toBe(COMMENT_TEXTS.pending);
    await expect(pendingFor(pagePath)).resolves.toEqual([
      expect.objectContaining({
        name: 'Piotr bez skryptów',
        rating: 5,
        text: 'Działa także bez JavaScriptu.',
      }),
    ]);
    await context.close();
  });

  it('calendar: from 2026 to 2027 by client-side navigation', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${stack.url}/kalendarz-2026/`);
    await ready(page);
    await expect(page.locator('h1').textContent()).resolves.toContain('2026');
    await expect(page.locator('section.cal-month').count()).resolves.toBe(12);
    await expect(page.locator('.cal-year [data-total="norm"]').textContent()).resolves.toBe(
      '251 dni, 2008 godzin',
    );
    await markWindow(page);

    await page.locator('a[href="/kalendarz-2027/"]').first().click();
    await page.waitForSelector('h1:has-text("2027")');
    expect(new URL(page.url()).pathname).toBe('/kalendarz-2027/');
    expect(await readMark(page)).toBe(42);
    await expect(page.locator('section.cal-month').count()).resolves.toBe(12);
    await expect(page.getByText('Ferie zimowe 18–31 stycznia').first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

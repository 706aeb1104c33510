import { APPLICATION_MESSAGES, peselCheckDigit } from '@lib/pl-validation';
import {
  type PartnerSandbox,
  SANDBOX_LENDER_FILE,
  freePort,
  hasTestRedis,
  provideTestRedis,
  startPartnerSandbox,
  type TestRedis,
} from '@lib/testing';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH, PHONE_VIEWPORT, launchChromium, openRecordingPage } from './support/browser';
import { startStack, type Stack } from './support/stack';

/*
 * The whole loan journey in Debian's Chromium, as a visitor makes it: the home sliders and the
 * purpose, the three steps of the application (live checks with the server's rules, the
 * registration form version from `ver`, step 3 asking what the lenders it would go to need), and
 * the status page with each lender's answer and the offers matched to the request, through the
 * gateway's built bundle in front of the real content, offers, rates and leads services, leads
 * delivering to the partner sandbox (the sandbox lender file), whose lenders that decide later
 * answer through the gateway's callback. Once with JavaScript, once without.
 */
const SANDBOX_SCRIPT = path.resolve(__dirname, '../../../dist/apps/partner-sandbox/src/main.js');
const describeWithStack =
  existsSync(CHROMIUM_PATH) && existsSync(SANDBOX_SCRIPT) && hasTestRedis() ? describe : describe.skip;
/*
 * The sandbox lender file's lenders (deploy/lenders/lender-delivery.sandbox.json), as step 3 and
 * the status page name them. An application goes only to lenders whose offer in the shipped feed
 * (apps/offers/feeds/pl_feed.json) lends its amount for its period, and no period suits all six:
 * Vivus (100–3 000 zł) and Kuki (100–5 000 zł) lend for 61 days only, Wandoo (100–5 000 zł) for
 * 61–90 days, NetCredit (500–10 000 zł) for 30–730 days, Smartney (1 000–25 000 zł) and Provident
 * (500–20 000 zł) for 180–1 460 days. Each journey therefore asks for a period that reaches the
 * lenders it is about, and the two together reach all six.
 */
/** 3 000 zł for 61 days: Vivus (it needs the PESEL, ID card and account), Kuki, Wandoo, NetCredit. */
const LENDERS_FOR_61_DAYS = ['Kuki', 'NetCredit', 'Vivus', 'Wandoo'];
/**
 * 2 000 zł for 180 days: Smartney (it decides at once and needs the PESEL, ID card and account),
 * NetCredit (it decides later, by callback), Provident (it holds every request until it times out).
 */
const LENDERS_FOR_180_DAYS = ['NetCredit', 'Provident', 'Smartney'];

const PESEL = (() => {
  const first = '8807221234';
  return `${first}${peselCheckDigit(first)}`;
})();

describeWithStack('the loan journey in Chromium on the real services', () => {
  let redis: TestRedis;
  let stack: Stack;
  let browser: Browser;
  let sandbox: PartnerSandbox;

  beforeAll(async () => {
    redis = await provideTestRedis();
    // The sandbox's lenders that decide later post their decision to the gateway's callback.
    const gatewayPort = await freePort();
    sandbox = await startPartnerSandbox({
      callbackUrl: `http://127.0.0.1:${gatewayPort}/api/partner/lead-status`,
      laterMs: 1_000,
      timeoutHoldMs: 1_000,
    });
    [stack, browser] = await Promise.all([
      startStack({
        redis,
        leads: true,
        gatewayPort,
        leadsEnv: {
          // A sandbox lender file is refused in production.
          NODE_ENV: 'test',
          LENDER_DELIVERY_FILE: SANDBOX_LENDER_FILE,
          ...sandbox.env,
          LEADS_PEER_DEADLINE_MS: '3000',
          LEADS_DISPATCH_INTERVAL_MS: '200',
        },
      }),
      launchChromium(),
    ]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await sandbox?.stop();
    await redis?.close();
  });

  const openPage = () => openRecordingPage(browser, { viewport: PHONE_VIEWPORT });
  const ready = (page: Page) => page.waitForSelector('html[data-client="ready"]');

  it('from the home sliders through every step to the status page and the offers matched to the request', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${stack.url}/?ver=2`);
    await ready(page);
    await expect(page.locator('.fraud-warning').textContent()).resolves.toContain(
      'Nigdy nie prosimy o hasła',
    );
    await page.getByLabel(/Ile potrzebujesz/).fill('3000');
    await page.getByLabel('Na co?').selectOption('home_repair');
    const cta = page.locator('.calculator__cta');
    await page.waitForFunction(() =>
      document.querySelector('.calculator__cta')?.getAttribute('href')?.includes('purpose=home_repair'),
    );
    const href = new URL((await cta.getAttribute('href'))!, stack.url);
    expect(href.pathname).toBe('/application/');
    expect(href.searchParams.get('amount')).toBe('3000');
    expect(href.searchParams.get('ver')).toBe('2');
    // The sliders' default period: 3 months of 30 days.
    expect(href.searchParams.get('period')).toBe('90');
    // Moved to 61 days, the one period Vivus and Kuki lend for (see LENDERS_FOR_61_DAYS).
    const stops = (await page.locator('[data-slider="period"]').getAttribute('data-stops'))!.split(',');
    expect(stops).toContain('61');
    await page.getByLabel(/Na jak długo/).fill(String(stops.indexOf('61')));
    await page.waitForFunction(() =>
      document.querySelector('.calculator__cta')?.getAttribute('href')?.includes('period=61'),
    );
    const periodDays = new URL((await cta.getAttribute('href'))!, stack.url).searchParams.get('period')!;
    expect(periodDays).toBe('61');

    // Step 1: the loan request, filled in from the sliders.
    await cta.click();
    await page.waitForURL((url) => url.pathname === '/application/');
    await ready(page);
    await expect(page.locator('input[name="amount"]').inputValue()).resolves.toBe('3000');
    await expect(page.locator('input[name="period"]').inputValue()).resolves.toBe(periodDays);
    await expect(page.locator('select[name="purpose"]').inputValue()).resolves.toBe('home_repair');
    await expect(page.evaluate(() => sessionStorage.getItem('reg_version'))).resolves.toBe('2');
    await page.getByRole('button', { name: 'Dalej' }).click();

    // Step 2: registration form version 2; the e-mail checked as it is left, with the server's message.
    await page.waitForURL((url) => url.pathname === '/reg2/');
    await ready(page);
    await expect(page.locator('[data-summary]').textContent()).resolves.toContain(`na ${periodDays} dni`);
    // The draft's resume link, opened on a second device (another browser context, no cookies), continues there.
    const resumeLink = await page.locator('[data-resume-url]').inputValue();
    expect(new URL(resumeLink).pathname).toMatch(
      /^\/application\/wznow\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}\/$/,
    );
    const other = await openPage();
    await other.page.goto(resumeLink);
    await other.page.waitForURL((url) => url.pathname === '/reg2/');
    await ready(other.page);
    await expect(other.page.locator('[data-summary]').textContent()).resolves.toContain(
      `na ${periodDays} dni`,
    );
    expect(other.errors).toEqual([]);
    await other.context.close();
    await page.getByLabel('Imię').fill('Tomasz');
    await page.getByLabel('Nazwisko').fill('Lewandowski');
    await page.getByLabel('Adres e-mail').fill('tomasz@@example');
    await page.getByLabel('Numer telefonu komórkowego').focus();
    await expect(page.locator('[data-error-for="email"]').textContent()).resolves.toBe(
      APPLICATION_MESSAGES.email,
    );
    await page.getByLabel('Adres e-mail').fill('tomasz.lewandowski@example.pl');
    await expect(page.locator('[data-error-for="email"]').textContent()).resolves.toBe('');
    await page.getByLabel('Numer telefonu komórkowego').fill('+48600700800');
    await page.getByLabel('Imię').focus();
    // The mask only formats.
    await expect(page.getByLabel('Numer telefonu komórkowego').inputValue()).resolves.toBe('+48 600 700 800');
    await page.getByRole('button', { name: 'Dalej' }).click();

    // Step 3: personal details and consents; a required consent left unticked stops the form in the browser.
    await page.waitForURL((url) => url.pathname === '/main/');
    await ready(page);
    // 3 000 zł for 61 days reaches Vivus, Kuki, Wandoo and NetCredit; Vivus needs the PESEL, ID card and account.
    const named = await page.locator('[data-delivery-lenders] li').allTextContents();
    expect([...named].sort()).toEqual(LENDERS_FOR_61_DAYS);
    await expect(page.locator('[data-why="pesel"]').textContent()).resolves.toContain('PESEL');
    await page.getByLabel('PESEL').fill(PESEL);
    await page.getByLabel('Seria i numer dowodu osobistego').fill('aba300000');
    await page.getByLabel('Numer konta bankowego').fill('61109010140000071219812874');
    await page.getByLabel('Główne źródło dochodu').selectOption('employment');
    await page.getByLabel(/Akceptuję regulamin/).check();
    await page.getByRole('button', { name: 'Wyślij wniosek i pokaż oferty' }).click();
    await expect(page.locator('[data-error-for="consent_matching"]').textContent()).resolves.toBe(
      APPLICATION_MESSAGES.consentRequired,
    );
    expect(new URL(page.url()).pathname).toBe('/main/');
    await expect(page.getByLabel('Seria i numer dowodu osobistego').inputValue()).resolves.toBe('ABA 300000');
    await page.getByLabel(/Zgadzam się na przetwarzanie/).check();
    await page.getByLabel(/Zgadzam się na przekazanie mojego wniosku/).check();
    await page.getByRole('button', { name: 'Wyślij wniosek i pokaż oferty' }).click();

    // The status page: every lender it went to, and the offers matched to the request.
    await page.waitForURL((url) => url.pathname === '/moj-wniosek/');
    expect(new URL(page.url()).searchParams.get('t')).toBeTruthy();
    await expect(page.locator('h1').textContent()).resolves.toBe(
      'Twój wniosek przekazaliśmy do 4 pożyczkodawców',
    );
    await expect(page.locator('[data-summary]').textContent()).resolves.toContain(`na ${periodDays} dni`);
    const delivered = await page.locator('[data-deliveries] .delivery-status__lender').allTextContents();
    expect([...delivered].sort()).toEqual(LENDERS_FOR_61_DAYS);
    // The shipped feed (apps/offers/feeds/pl_feed.json) has 19 active offers that lend 3000 zł for
    // 61 days to a person of this PESEL's age: Finbo (a comparison site and a paid placement) and
    // Avinto (an intermediary) stand apart, unranked; the other 17 are the ranking.
    await expect(page.locator('ol.offer-list').first().locator('.offer__name').count()).resolves.toBe(17);
    await expect(page.locator('.offer-intermediaries .offer__name').allTextContents()).resolves.toEqual([
      'Avinto',
      'Finbo',
    ]);

    // One lead, submitted, with the registration form version 2.
    const db = new Client({ connectionString: stack.databaseUrls.leads });
    await db.connect();
    try {
      const rows = await db.query<{
        status: string;
        form_version: number;
        amount_grosze: number;
        period_days: number;
      }>('SELECT status, form_version, amount_grosze, period_days FROM leads.applications');
      // MatchOffers found offers for the lead (the same 17), so it is matched.
      expect(rows.rows).toEqual([
        { status: 'matched', form_version: 2, amount_grosze: 300_000, period_days: 61 },
      ]);
    } finally {
      await db.end();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
  it('without JavaScript: from the home sliders to the status page, the lenders named on step 3 and listed with their answers', async () => {
    const { page, context, errors } = await openRecordingPage(browser, {
      viewport: PHONE_VIEWPORT,
      javaScriptEnabled: false,
    });
    await page.goto(`${stack.url}/`);
    // The sliders' action as drawn: the default amount and period.
    await page.locator('.calculator__cta').click();
    await page.waitForURL((url) => url.pathname === '/application/');
    await expect(page.locator('input[name="amount"]').inputValue()).resolves.toBe('2000');
    await expect(page.locator('input[name="period"]').inputValue()).resolves.toBe('90');
    // The period changed on step 1 to 180 days, one Smartney and Provident lend for (see LENDERS_FOR_180_DAYS).
    await page.locator('input[name="period"]').fill('180');
    await page.locator('select[name="purpose"]').selectOption('car_repair');
    await page.getByRole('button', { name: 'Dalej' }).click();

    await page.waitForURL((url) => url.pathname === '/reg/');
    await page.getByLabel('Imię').fill('Joanna');
    await page.getByLabel('Nazwisko').fill('Kamińska');
    await page.getByLabel('Adres e-mail').fill('joanna.kaminska@example.pl');
    await page.getByLabel('Numer telefonu komórkowego').fill('600 200 300');
    await page.getByRole('button', { name: 'Dalej' }).click();

    // Step 3 names the lenders the application can go to, right above the delivery consent.
    await page.waitForURL((url) => url.pathname === '/main/');
    const named = await page.locator('[data-delivery-lenders] li').allTextContents();
    expect([...named].sort()).toEqual(LENDERS_FOR_180_DAYS);
    // The privacy policy is linked as information, not a checkbox.
    await expect(
      page.locator('[data-privacy-information] a[href="/polityka-prywatnosci/"]').count(),
    ).resolves.toBe(1);
    await page.getByLabel('PESEL').fill(PESEL);
    await page.getByLabel('Seria i numer dowodu osobistego').fill('ABA 300000');
    await page.getByLabel('Numer konta bankowego').fill('61 1090 1014 0000 0712 1981 2874');
    await page.getByLabel('Główne źródło dochodu').selectOption('employment');
    await page.getByLabel(/Akceptuję regulamin/).check();
    await page.getByLabel(/Zgadzam się na przetwarzanie/).check();
    await page.getByLabel(/Zgadzam się na przekazanie mojego wniosku/).check();
    await page.getByRole('button', { name: 'Wyślij wniosek i pokaż oferty' }).click();

    // The status page: the lenders with their state; no automatic refresh, a plain link does it.
    await page.waitForURL((url) => url.pathname === '/moj-wniosek/');
    await expect(page.locator('h1').textContent()).resolves.toBe(
      'Twój wniosek przekazaliśmy do 3 pożyczkodawców',
    );
    await expect(page.locator('meta[http-equiv="refresh"]').count()).resolves.toBe(0);
    const listed = await page.locator('[data-deliveries] .delivery-status__lender').allTextContents();
    expect([...listed].sort()).toEqual(LENDERS_FOR_180_DAYS);
    const stateOf = (lender: string) =>
      page
        .locator('[data-deliveries] li', { hasText: lender })
        .locator('.delivery-status__state')
        .textContent();
    // NetCredit decides later and posts its decision to the gateway's callback; the page shows it
    // once reloaded with 'Odśwież status'.
    for (let round = 0; round < 60; round += 1) {
      if ((await stateOf('NetCredit')) === 'przyjęty do rozpatrzenia') break;
      await page.waitForTimeout(250);
      await page.getByRole('link', { name: 'Odśwież status' }).click();
      await page.waitForURL((url) => url.pathname === '/moj-wniosek/');
    }
    await expect(stateOf('NetCredit')).resolves.toBe('przyjęty do rozpatrzenia');
    // Smartney decides at once: its answer is there with its time, no refresh needed.
    await expect(stateOf('Smartney')).resolves.toBe('przyjęty do rozpatrzenia');
    await expect(
      page.locator('[data-deliveries] li', { hasText: 'Smartney' }).locator('time').getAttribute('datetime'),
    ).resolves.toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Provident holds every request open until it times out: retried, or given up.
    await expect(stateOf('Provident')).resolves.toMatch(
      /^(w kolejce do wysłania|błąd – ponawiamy|nie udało się przekazać)$/,
    );
    await expect(page.locator('.offer .offer__name').count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

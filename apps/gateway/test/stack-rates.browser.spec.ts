import { ratesV1 } from '@lib/contracts';
import { AMOUNT_MESSAGES } from '@lib/currencies';
import { hasTestRedis, provideTestRedis, type TestRedis } from '@lib/testing';
import { existsSync } from 'node:fs';
import { type Browser } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium, openRecordingPage } from './support/browser';
import { formatAmountText } from '../src/shared/rates-format';
import { startStack, type Stack } from './support/stack';

/*
 * The rates pages in Debian's Chromium, on the real content, offers and rates services: the
 * converter with and without JavaScript, and a bank page whose chart follows the pointer. Skipped
 * when there is no Chromium or no Redis.
 */
const describeWithStack = existsSync(CHROMIUM_PATH) && hasTestRedis() ? describe : describe.skip;

/** A decimal string as the page writes amounts: '429.3' → '429,30'. */
const polishAmount = formatAmountText;

describeWithStack('the rates pages in Chromium on the real services', () => {
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

  const openPage = (javaScriptEnabled = true) => openRecordingPage(browser, { javaScriptEnabled });

  const convert = (amount: string, from: string, to: string) =>
    stack.rates.convert({ amount, from, to, source: ratesV1.RateSource.NBP_A, bankSlug: '', date: '' });

  it('converts 100 EUR to PLN as the visitor types, to the rates service own result', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${stack.url}/kalkulator-walutowy/`);
    await page.waitForSelector('form.converter[data-live="true"]');
    const headline = page.locator('[data-headline]');

    await page.getByLabel('Kwota').fill('250');
    await page.getByLabel('Z waluty').selectOption('USD');
    await page.getByLabel('Na walutę').selectOption('PLN');
    const usd = await convert('250', 'USD', 'PLN');
    await expect(headline.textContent()).resolves.toBe(`250\u00a0USD = ${polishAmount(usd.result)}\u00a0PLN`);

    await page.getByLabel('Z waluty').selectOption('EUR');
    await page.getByLabel('Kwota').fill('100');
    const eur = await convert('100', 'EUR', 'PLN');
    await expect(headline.textContent()).resolves.toBe(`100\u00a0EUR = ${polishAmount(eur.result)}\u00a0PLN`);
    await expect(page.locator('[data-source]').textContent()).resolves.toContain(`tabela nr ${eur.tableNo}`);

    // a wrong amount says so at once, in Polish, and shows no result
    await page.getByLabel('Kwota').fill('-100');
    await expect(page.locator('[data-error-for="kwota"]').textContent()).resolves.toBe(
      AMOUNT_MESSAGES.negative,
    );
    await expect(headline.textContent()).resolves.toBe('');

    // submitting keeps the page and puts the conversion into the address
    await page.getByLabel('Kwota').fill('100');
    await page.getByRole('button', { name: 'Przelicz' }).click();
    await page.waitForURL(/\?kwota=100&z=EUR&na=PLN/);
    await expect(headline.textContent()).resolves.toBe(`100\u00a0EUR = ${polishAmount(eur.result)}\u00a0PLN`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('converts without JavaScript: the GET form answers with the result drawn by the server', async () => {
    const { page, context, errors } = await openPage(false);
    await page.goto(`${stack.url}/kalkulator-walutowy/`);
    await page.getByLabel('Kwota').fill('100');
    await page.getByLabel('Z waluty').selectOption('EUR');
    await page.getByLabel('Na walutę').selectOption('PLN');
    await Promise.all([
      page.waitForURL(/\/kalkulator-walutowy\/\?kwota=100&z=EUR&na=PLN#przelicznik$/),
      page.getByRole('button', { name: 'Przelicz' }).click(),
    ]);
    const eur = await convert('100', 'EUR', 'PLN');
    await expect(page.locator('[data-headline]').textContent()).resolves.toBe(
      `100\u00a0EUR = ${polishAmount(eur.result)}\u00a0PLN`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a bank page from the bank list with a chart per currency, its sample table said to be sample', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${stack.url}/kursy-walut-w-bankach/`);
    const { banks } = await stack.rates.listBanks({});
    const bank = banks.find((candidate) => candidate.latestTableDate !== '')!;
    const table = await stack.rates.getBankTable({ bankSlug: bank.slug, date: '' });
    await page.locator(`.bank-list a[href="/kursy-walut-w-bankach/${bank.slug}/"]`).click();
    await page.waitForSelector(`h1:text-is("Kursy walut ${bank.name}")`);
    // the bundled sample tables: computed from NBP, dated, never given a bank table number
    expect(table.embedded).toBe(true);
    await expect(page.locator('[data-bank-table] tfoot').textContent()).resolves.toMatch(
      /^kurs z dnia \d{2}\.\d{2}\.\d{4} – dane przykładowe wyliczone z tabeli A NBP/,
    );
    await expect(page.locator('[data-bank-table] tfoot').textContent()).resolves.not.toContain(table.tableNo);
    await expect(page.locator('[data-sample-notice="bankRates"]').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('figure.rate-chart svg').count()).resolves.toBe(table.rates.length);
    await page.waitForSelector('figure.rate-chart[data-interactive="true"]');
    await expect(page.locator('figure.rate-chart [data-readout]').first().textContent()).resolves.toMatch(
      /^\d{2}\.\d{2}\.\d{4} – Kupno: \d+,\d{4}\u00a0zł, Sprzedaż: \d+,\d{4}\u00a0zł$/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a currency pair chart follows the pointer and the arrow keys', async () => {
    const { page, context, errors } = await openPage();
    await page.goto(`${stack.url}/kalkulator-walutowy/eur-pln/`);
    await page.waitForSelector('figure.rate-chart[data-interactive="true"]');
    const chart = page.locator('figure.rate-chart');
    const readout = chart.locator('[data-readout]');
    const latest = await readout.textContent();
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.locator('svg').boundingBox())!;
    // the left end of the plot: the oldest date of the range
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await page.waitForFunction(
      (before) => document.querySelector('figure.rate-chart [data-readout]')?.textContent !== before,
      latest,
    );
    await expect(chart.locator('[data-cursor]').getAttribute('visibility')).resolves.toBe('visible');
    await expect(readout.textContent()).resolves.toMatch(
      /^\d{2}\.\d{2}\.\d{4} – Kurs średni NBP: \d+,\d{4,6}\u00a0PLN$/,
    );
    // the keyboard moves it back to the newest date
    await chart.focus();
    await page.keyboard.press('End');
    await expect(readout.textContent()).resolves.toBe(latest);
    expect(errors).toEqual([]);
    await context.close();
  });
});
